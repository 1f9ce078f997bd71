// Pipecat Flows' step engine: the front door. Nothing outside this folder but tests and test
// support imports the files inside it (dependency-cruiser, `a-runtime-part-has-one-front-door`).
// All is re-exported statically: what imports this door is the engine, loaded on demand as a whole
// (see ../../pinecall/engine/index.ts).
export { pipecatEngine } from './engine';
export { pipecatStep, pipecatRetry } from './step';

// What the engine's floor reads of every runtime (simulator/runtime-homes.ts): this one's step engine.
export { pipecatEngine as engine } from './engine';
