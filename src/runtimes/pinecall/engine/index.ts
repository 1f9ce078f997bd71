// Pinecall's step engine: the front door. Nothing outside this folder but tests and test support
// imports the files inside it (dependency-cruiser, `a-runtime-part-has-one-front-door`).
// Everything is re-exported statically, the step too, though it reads a class's code with
// TypeScript's compiler (simulator/class-code): what imports this door is the engine
// (simulator/index.ts, simulator/engines.ts), which the page loads on demand as a whole (the
// engine worker, `import('../simulator')`). A part that a caller loads on demand apart from the
// engine would come as a `load…()` function that import()s it, never as a static re-export, which
// would load it with the door (README, "Architecture").
export { pinecallEngine } from './engine';
export { pinecallStep, pinecallRetry } from './step';
export { checkArguments } from './check-args';
export { checkPythonArguments, type PythonChecked } from './check-args-python';
export { checkRubyArguments } from './check-args-ruby';
export { promptBlocks, visibleTools, declaredTools, identityOf, knowledgeText, type PromptBlocks } from './prompt';
export { classWords, toolsBlock, isFrameworkBlock } from './prompt-blocks';
export { hasOnCall, ON_CALL_AUTHOR } from './hooks';

// What the engine's floor reads of every runtime (simulator/runtime-homes.ts): this one's step engine.
export { pinecallEngine as engine } from './engine';
