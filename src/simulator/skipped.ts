// Features the runtime cannot run are skipped, each with a trace line taken from the losses
// (design.md: the one list shared with export warnings and lint), so the trace and the export never
// disagree. The list is the formats' (formats/losses.ts, lossesFor), handed in as StepDeps.losses:
// the engine imports only the model.
import { byId, toolsOfBlock, toolVisibleIn, type AgentDocument, type Loss, type Target } from '../model';
import type { LossesOf } from './types';

/**
 * What a runtime's engine skips: the losses (by feature) that change what happens in a call — not
 * names, refs, kept keys or docs — and where its tools are offered. Each engine brings its own
 * (`<runtime>/skips.ts`), so this file names no runtime.
 */
export interface SkipRules {
  target: Target;
  /** Loss features that change what happens in a call in this runtime. */
  behaviour: ReadonlySet<string>;
  /** `block`: a block's tools are offered in each of its turns (Block Agent); `scope`: each tool's own scope says where. */
  toolsOffered: 'block' | 'scope';
}

// Found once per document, runtime and stage: a document is immutable (every change makes a new
// one), and working out a large agent's losses on every step made a long run's steps slow.
interface Found {
  /** The runtime's behaviour losses, all stages. */
  behaviour: Loss[];
  byStage: Map<string | null, Loss[]>;
}
const found = new WeakMap<AgentDocument, WeakMap<LossesOf, Map<Target, Found>>>();

/** The behaviour losses of `target` that touch the current stage: itself, its block, its edges and its tools. */
export function skippedHere(doc: AgentDocument, stageId: string | null, rules: SkipRules, lossesOf: LossesOf | undefined): Loss[] {
  const { target } = rules;
  if (!lossesOf) return [];
  let byLosses = found.get(doc);
  if (!byLosses) found.set(doc, (byLosses = new WeakMap()));
  let byTarget = byLosses.get(lossesOf);
  if (!byTarget) byLosses.set(lossesOf, (byTarget = new Map()));
  let entry = byTarget.get(target);
  if (!entry) byTarget.set(target, (entry = { behaviour: lossesOf(doc, target).filter((loss) => rules.behaviour.has(loss.feature)), byStage: new Map() }));
  let losses = entry.byStage.get(stageId);
  if (!losses) entry.byStage.set(stageId, (losses = findSkipped(doc, stageId, rules, entry.behaviour)));
  return [...losses];
}

function findSkipped(doc: AgentDocument, stageId: string | null, rules: SkipRules, behaviour: Loss[]): Loss[] {
  const stage = byId(doc.stages, stageId);
  if (!stage) return [];
  const block = byId(doc.blocks, stage.blockId);
  const offeredHere = (id: string) => {
    const tool = byId(doc.tools, id);
    if (!tool) return false;
    return rules.toolsOffered === 'block' && block ? toolsOfBlock(doc, block).includes(tool) : toolVisibleIn(tool, stage);
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
