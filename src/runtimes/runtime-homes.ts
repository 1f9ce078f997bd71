// Written by `npm run gen:types` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// every runtime's light facts (runtime-facts.ts),
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).
import type { RuntimeFacts } from './runtime-facts';
import { facts as pinecall } from './pinecall/facts';
import { facts as blockAgent } from './block-agent/facts';
import { facts as pipecat } from './pipecat/facts';

/** Every runtime's facts, in the schema's order: the order the runtime switch lists them. */
export const RUNTIME_FACTS: readonly RuntimeFacts[] = [
  pinecall,
  blockAgent,
  pipecat,
];
