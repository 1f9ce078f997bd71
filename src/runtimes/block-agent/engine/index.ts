// Block Agent's step engine: the front door. Nothing outside this folder but tests and test support
// imports the files inside it (dependency-cruiser, `a-runtime-part-has-one-front-door`). All is
// re-exported statically: what imports this door is the engine, loaded on demand as a whole (see
// ../../pinecall/engine/index.ts); a part some caller loads on demand apart from it would come as
// a `load…()` function that import()s it (README, "Architecture").
export { blockAgentEngine } from './engine';
export { blockAgentStep, blockAgentRetry, type BlockAgentInput } from './step';
export { blockAgentSystemPrompt } from './prompt';
export { offeredTools, mcpMockKey, mcpStubDescription } from './offered';
export { VIA_LOOP, VIA_LOOPING } from './conditions';

// What the engine's floor reads of every runtime (simulator/runtime-homes.ts): this one's step engine.
export { blockAgentEngine as engine } from './engine';
