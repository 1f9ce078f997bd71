// What a Pipecat flow skips of a document (skipped.ts): a flow moves only by its functions'
// transitions and runs no TypeScript, so what else the document says is not run.
import type { SkipRules } from '../../../simulator/skipped';

export const PIPECAT_SKIPS: SkipRules = {
  target: 'pipecat',
  behaviour: new Set([
    'natural-language condition', 'external condition', 'expression condition', 'parameter value condition', 'edge no tool fires', 'loop edge',
    'several conditions', 'wait stage', 'block looping', 'mcp tool', 'when', 'confirm', 'announce', 'preview', 'TypeScript implementation',
  ]),
  // A node offers the functions it lists and the globals: the tool's scope says which nodes list it.
  toolsOffered: 'scope',
};
