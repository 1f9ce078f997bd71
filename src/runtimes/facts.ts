// Every runtime's light facts (runtime-facts.ts), one line per runtime: what the app, the panels
// and the CLI read of a runtime without loading its format or engine.
import type { Target } from '../model';
import type { RuntimeFacts } from './runtime-facts';
import { BLOCK_AGENT_FACTS } from './block-agent/facts';
import { PINECALL_FACTS } from './pinecall/facts';
import { PIPECAT_FACTS } from './pipecat/facts';

/** Every runtime's facts, in the order the runtime switch lists them. */
export const RUNTIME_FACTS: readonly RuntimeFacts[] = [PINECALL_FACTS, BLOCK_AGENT_FACTS, PIPECAT_FACTS];

export const factsOf = (target: Target): RuntimeFacts => RUNTIME_FACTS.find((r) => r.target === target)!;

