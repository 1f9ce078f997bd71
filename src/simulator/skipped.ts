// Features the runtime cannot run are skipped, each with a trace line taken from the losses
// (design.md: the one list shared with export warnings and lint), so the trace and the export never
// disagree. The list is the formats' (formats/losses.ts, lossesFor), handed in as StepDeps.losses:
// the engine imports only the model.
import { byId, toolsOfBlock, toolVisibleIn, type AgentDocument, type Loss, type Target } from '../model';
import type { LossesOf } from './types';

/** Per runtime, the losses that change what happens in a call (not names, refs, kept keys or docs). */
const BEHAVIOUR: Record<Target, Set<string>> = {
  pinecall: new Set([
    'natural-language condition', 'external condition', 'loop edge', 'edge no tool fires', 'wait stage', 'wait token',
    'block looping', 'mcp tool', 'parameter pattern',
  ]),
  // Block Agent runs implementations and expressions in the simulator (block-agent.md, steps 3–4),
  // so only what its runtime never does is skipped: Pinecall's tool options and stage-level scope.
  'block-agent': new Set(['when', 'confirm', 'announce', 'preview', 'stage-level tool scope']),
  // A flow moves only by its functions' transitions, and runs no TypeScript: what else the document says is not run.
  pipecat: new Set([
    'natural-language condition', 'external condition', 'expression condition', 'parameter value condition', 'edge no tool fires', 'loop edge',
    'several conditions', 'wait stage', 'block looping', 'mcp tool', 'when', 'confirm', 'announce', 'preview', 'TypeScript implementation',
  ]),
};

// Found once per document, runtime and stage: a document is immutable (every change makes a new
// one), and working out a large agent's losses on every step made a long run's steps slow.
interface Found {
  /** The runtime's behaviour losses, all stages. */
  behaviour: Loss[];
  byStage: Map<string | null, Loss[]>;
}
const found = new WeakMap<AgentDocument, WeakMap<LossesOf, Map<Target, Found>>>();

/** The behaviour losses of `target` that touch the current stage: itself, its block, its edges and its tools. */
export function skippedHere(doc: AgentDocument, stageId: string | null, target: Target, lossesOf: LossesOf | undefined): Loss[] {
  if (!lossesOf) return [];
  let byLosses = found.get(doc);
  if (!byLosses) found.set(doc, (byLosses = new WeakMap()));
  let byTarget = byLosses.get(lossesOf);
  if (!byTarget) byLosses.set(lossesOf, (byTarget = new Map()));
  let entry = byTarget.get(target);
  if (!entry) byTarget.set(target, (entry = { behaviour: lossesOf(doc, target).filter((loss) => BEHAVIOUR[target].has(loss.feature)), byStage: new Map() }));
  let losses = entry.byStage.get(stageId);
  if (!losses) entry.byStage.set(stageId, (losses = findSkipped(doc, stageId, target, entry.behaviour)));
  return [...losses];
}

function findSkipped(doc: AgentDocument, stageId: string | null, target: Target, behaviour: Loss[]): Loss[] {
  const stage = byId(doc.stages, stageId);
  if (!stage) return [];
  const block = byId(doc.blocks, stage.blockId);
  // Block Agent offers a block's tools in each of its turns; Pinecall what each tool's scope says.
  const offeredHere = (id: string) => {
    const tool = byId(doc.tools, id);
    if (!tool) return false;
    return target === 'block-agent' && block ? toolsOfBlock(doc, block).includes(tool) : toolVisibleIn(tool, stage);
  };
  return behaviour.filter((loss) => {
    const { kind, id } = loss.entity;
    if (kind === 'stage') return id === stage.id;
    if (kind === 'block') return id === stage.blockId;
    if (kind === 'edge') return byId(doc.edges, id)?.from === stage.id;
    if (kind === 'tool') return id !== undefined && offeredHere(id);
    return false;
  });
}
