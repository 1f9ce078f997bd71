// What the gem says of a hand-written class (test/fixtures/pinecall/ruby-corpus/*/expected.json,
// derived from the pinecall/ruby gem's source and checked by running it) against what Callboard
// reads of the same class: the stages, the state, the tool specs the model receives and the
// view's text per stage. Used by the corpus test (tuned part) and scripts/ruby-corpus.ts (both
// parts, the held-out one measured only).
import type { AgentDocument } from '../../../../model';
import { sameJson } from '../same-json';
import { rubyToolSpecs } from './spec';

export interface GemTruth {
  refused?: string;
  stages?: string[] | null;
  opening_stage?: string | null;
  state?: { name: string; default: unknown; visibility: string | null; derived?: boolean }[];
  tools?: Record<string, unknown>[];
  view_by_stage?: Record<string, string>;
}

/** Each way Callboard's reading differs from the gem's, as a sentence; empty when they agree. */
export function differencesFromGem(doc: AgentDocument, truth: GemTruth): string[] {
  const out: string[] = [];
  const stages = doc.stages.map((s) => s.name);
  if (!sameJson(stages, truth.stages ?? [])) out.push(`stages: Callboard ${JSON.stringify(stages)}, gem ${JSON.stringify(truth.stages ?? [])}`);
  const entry = doc.stages.find((s) => s.id === doc.entryStageId)?.name ?? null;
  if ((truth.opening_stage ?? null) !== entry) out.push(`opening stage: Callboard ${entry}, gem ${truth.opening_stage}`);
  // The gem declares `stage` as a field of its own; a derived field is code Callboard keeps, not state it holds.
  const gemState = (truth.state ?? []).filter((f) => f.name !== 'stage' && !f.derived)
    .map((f) => ({ name: f.name, default: f.default ?? null, visibility: f.visibility === 'tenant' ? null : f.visibility }));
  const state = doc.state.map((f) => ({ name: f.name, default: f.default ?? null, visibility: f.pii ? 'pii' : f.visibility === 'public' ? 'public' : null }));
  if (!sameJson(state, gemState)) out.push(`state: Callboard ${JSON.stringify(state)}, gem ${JSON.stringify(gemState)}`);
  const specs = new Map(rubyToolSpecs(doc).map((s) => [s.name, s]));
  for (const tool of truth.tools ?? []) {
    const ours = specs.get(tool.name as string);
    if (!ours) out.push(`tool ${String(tool.name)}: not read by Callboard`);
    else if (!sameJson(ours, tool)) out.push(`tool ${String(tool.name)}: Callboard ${JSON.stringify(ours)}, gem ${JSON.stringify(tool)}`);
    specs.delete(tool.name as string);
  }
  for (const name of specs.keys()) out.push(`tool ${name}: read by Callboard, not by the gem`);
  return out;
}
