// Written by `npm run gen:types` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// every runtime's traits (model/runtime-traits.ts),
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).
import type { RuntimeTraits } from './runtime-traits';
import type { Target } from './types';
import { traits as pinecall } from '../runtimes/pinecall/traits';
import { traits as blockAgent } from '../runtimes/block-agent/traits';
import { traits as pipecat } from '../runtimes/pipecat/traits';

/** Every runtime's traits, in the schema's order: the order the app lists them (TARGETS, model/loss.ts). */
export const RUNTIME_TRAITS: Record<Target, RuntimeTraits> = {
  pinecall,
  'block-agent': blockAgent,
  pipecat,
};
