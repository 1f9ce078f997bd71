// The simulator engine's public surface (pure: runs in the browser, the CLI and unit tests).
// Tool code runs in QuickJS: sandboxToolRunner and sandboxEvaluate wrap ./sandbox for the engines.
export * from './types';
export { newSession, displayValue, displayArguments, sameValue, MASK } from './session';
export { mockToolRunner } from './mock-runner';
export { fillTemplate, fillConfirm } from './template';
export { pinecallStep } from './pinecall/step';
export { checkArguments, parseArguments } from './pinecall/check-args';
export { systemPrompt, visibleTools, historyMessages, toolSpec } from './pinecall/prompt';
export { sandboxToolRunner } from './sandbox-runner';
export { sandboxEvaluate, prepareSandboxEvaluate } from './sandbox-evaluate';
export { blockAgentStep, type BlockAgentInput } from './block-agent/step';
