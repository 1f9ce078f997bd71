// What a Block Agent call skips of a document (skipped.ts). Block Agent runs implementations and
// expressions in the simulator (block-agent.md, steps 3–4), so only what its runtime never does is
// skipped: Pinecall's tool options and stage-level scope.
import type { SkipRules } from '../../../simulator/skipped';

export const BLOCK_AGENT_SKIPS: SkipRules = {
  target: 'block-agent',
  behaviour: new Set(['when', 'confirm', 'announce', 'preview', 'stage-level tool scope']),
  // A block's tools are offered in each of its turns.
  toolsOffered: 'block',
};
