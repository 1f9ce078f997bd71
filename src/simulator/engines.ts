// The step engine of each runtime. A Record over Target, so a new runtime in the schema does not
// compile until it has an engine here (README, "Architecture": adding a runtime).
import type { Target } from '../model';
import { blockAgentEngine } from '../runtimes/block-agent/engine';
import type { Engine } from './engine';
import { pinecallEngine } from '../runtimes/pinecall/engine';
import { pipecatEngine } from '../runtimes/pipecat/engine';

export const ENGINES: Record<Target, Engine> = {
  pinecall: pinecallEngine,
  'block-agent': blockAgentEngine,
  pipecat: pipecatEngine,
};
