// What the real SDK says of a hand-written class (test/fixtures/pinecall/python-corpus/*/expected.json,
// written by the corpus's check.py with pinecall 0.11.24) against what Callboard reads of the same
// class: the stages, the state, and the tool specs the model receives. Used by the corpus test
// (tuned part) and by scripts/python-corpus.ts (both parts, held-out measured only).
import type { AgentDocument } from '../../../../model';
import { sameJson } from '../same-json';
import { pyToolSpecs } from './spec';

export interface SdkTruth {
  refused?: string;
  stages?: string[] | null;
  opening_stage?: string | null;
  state?: { name: string; default: unknown; visibility: string | null }[];
  tools?: Record<string, unknown>[];
  environment?: { greeting?: { say?: string; reply?: string } };
}

/** Each way Callboard's reading differs from the SDK's, as a sentence; empty when they agree. */
export function differencesFromSdk(doc: AgentDocument, truth: SdkTruth): string[] {
  const out: string[] = [];
  const stages = doc.stages.map((s) => s.name);
  if (!sameJson(stages, truth.stages ?? [])) out.push(`stages: Callboard ${JSON.stringify(stages)}, SDK ${JSON.stringify(truth.stages ?? [])}`);
  const entry = doc.stages.find((s) => s.id === doc.entryStageId)?.name ?? null;
  if ((truth.opening_stage ?? null) !== entry) out.push(`opening stage: Callboard ${entry}, SDK ${truth.opening_stage}`);
  const sdkState = (truth.state ?? []).filter((f) => f.name !== 'stage');
  const state = doc.state.map((f) => ({ name: f.name, default: f.default ?? null, visibility: f.pii ? 'pii' : f.visibility === 'public' ? 'public' : null }));
  // The SDK's `tenant` is its default: Callboard's private.
  const sdkNormal = sdkState.map((f) => ({ ...f, visibility: f.visibility === 'tenant' ? null : f.visibility }));
  if (!sameJson(state, sdkNormal)) out.push(`state: Callboard ${JSON.stringify(state)}, SDK ${JSON.stringify(sdkNormal)}`);
  // How the call opens: the SDK's wire shape (`say` words, or a `reply` the model opens on) against what Callboard read.
  const sdkGreeting = truth.environment?.greeting;
  const ours = (doc.preserved?.pinecallPython as { greeting?: { kind: string; text?: string; instruction?: string } } | undefined)?.greeting;
  const oursWire = ours ? (ours.kind === 'words' ? { say: ours.text } : { reply: ours.instruction }) : undefined;
  if (!sameJson(oursWire ?? null, sdkGreeting ?? null) || (doc.opening === 'agent') !== !!sdkGreeting) out.push(`greeting: Callboard ${JSON.stringify(oursWire ?? null)} (opening ${doc.opening}), SDK ${JSON.stringify(sdkGreeting ?? null)}`);
  const specs = pyToolSpecs(doc) as unknown as Record<string, unknown>[];
  const byName = new Map(specs.map((s) => [s.name as string, s]));
  for (const tool of truth.tools ?? []) {
    const ours = byName.get(tool.name as string);
    if (!ours) out.push(`tool ${String(tool.name)}: not read by Callboard`);
    else if (!sameJson(ours, tool)) out.push(`tool ${String(tool.name)}: Callboard ${JSON.stringify(ours)}, SDK ${JSON.stringify(tool)}`);
    byName.delete(tool.name as string);
  }
  for (const name of byName.keys()) out.push(`tool ${name}: read by Callboard, not by the SDK`);
  return out;
}
