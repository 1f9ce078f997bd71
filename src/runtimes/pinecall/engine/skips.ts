// What a Pinecall call skips of a document (skipped.ts): the losses that change what happens.
import type { SkipRules } from '../../../simulator/skipped';

export const PINECALL_SKIPS: SkipRules = {
  target: 'pinecall',
  behaviour: new Set([
    'natural-language condition', 'external condition', 'loop edge', 'edge no tool fires', 'wait stage', 'wait token',
    'block looping', 'mcp tool', 'parameter pattern',
  ]),
  toolsOffered: 'scope',
};
