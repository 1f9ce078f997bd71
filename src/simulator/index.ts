// The simulator engine's public surface (pure: runs in the browser, the CLI and unit tests).
// The QuickJS tool runner lives in ./sandbox and is exported from there.
export * from './types';
export { newSession, displayValue, displayArguments, sameValue, MASK } from './session';
export { mockToolRunner } from './mock-runner';
export { fillTemplate, fillConfirm } from './template';
export { pinecallStep } from './pinecall/step';
export { checkArguments, parseArguments } from './pinecall/check-args';
export { systemPrompt, visibleTools, historyMessages, toolSpec } from './pinecall/prompt';
