// The simulator engine's public surface (pure: runs in the browser, the CLI and unit tests).
// Tool code runs in QuickJS: sandboxToolRunner and sandboxEvaluate wrap ./sandbox for the engines.
export * from './types';
export type { TestRunResult } from './conversation-tests/types';
export { newSession, openSession, startedAtMessage, displayValue, displayArguments, sameValue, MASK, type OpenOptions } from './session';
export { mockToolRunner } from './mock-runner';
export { fillTemplate, fillConfirm } from './template';
export { prepareTemplateSandbox, type JinjaResult, type RenderTemplate } from './template-jinja';
export { pinecallStep, pinecallRetry, checkArguments } from '../runtimes/pinecall/engine';
export { parseArguments } from './tool-arguments';
export { promptBlocks, visibleTools } from '../runtimes/pinecall/engine';
export { historyMessages, toolSpec } from './messages';
export { sandboxToolRunner } from './sandbox-runner';
// Issue 12: getters (derived state), and what a tool needs that cannot run here (mock answers).
export { derivedState, prepareDerive, sandboxDerive, derivedNames, getterNames, scopeWith, stateWithStage } from './derived';
export { helperNeeds, getterNeeds, viewNeeds, stubbedNames, type HelperNeed, type ToolNeeds } from './class-code/needs';
// A render() or @render(Component) kept as code is run for the prompt; onCall runs when the call opens.
export { renderedView, prepareRenderView, sandboxRenderView, keptViewOf, viewFromCode, type KeptView } from './view';
export { hasOnCall, ON_CALL_AUTHOR } from '../runtimes/pinecall/engine';
export { helperMocksOf } from './class-code/mocks';
export { sandboxEvaluate, prepareSandboxEvaluate } from './sandbox-evaluate';
export { preparePatternSandbox } from './sandbox/patterns';
export { blockAgentStep, blockAgentRetry, blockAgentSystemPrompt, offeredTools, mcpMockKey, mcpStubDescription, type BlockAgentInput } from '../runtimes/block-agent/engine';
export { callModel, STOPPED_MESSAGE } from './model-call';
export { runStep, retryStep, startSession, runScript, sessionEvents, type Script, type SimEvent, type StartOptions } from './simulation';
