// Written by `npm run gen:types` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// every runtime's step engine (simulator/engine.ts),
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).
import type { Target } from '../model';
import type { Engine } from './engine';
import { engine as pinecall } from '../runtimes/pinecall/engine';
import { engine as blockAgent } from '../runtimes/block-agent/engine';
import { engine as pipecat } from '../runtimes/pipecat/engine';

/** Every runtime's step engine. */
export const ENGINES: Record<Target, Engine> = {
  pinecall,
  'block-agent': blockAgent,
  pipecat,
};
