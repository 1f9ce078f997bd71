// A Pipecat document in a form two readings of one flow compare equal in: ids made from what the
// flow keys things by (node names, function names, the order of transitions), entities sorted,
// layout and the kept file left out. For the round-trip tests, which compare an import with the
// oracle's projection (project.ts).
import type { AgentDocument } from '../../../model';
import type { PipecatKept } from '../kept';
import { withoutKeptSources } from '../../../formats/kept-source';

const byKey = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function normalizeForComparison(input: AgentDocument): AgentDocument {
  const doc = structuredClone(withoutKeptSources(input));
  const kept = (doc.preserved?.pipecat ?? {}) as PipecatKept;
  const ids = new Map<string, string>();
  for (const s of doc.stages) ids.set(s.id, `stage:${s.name}`);
  for (const b of doc.blocks) ids.set(b.id, `block:${b.name}`);
  doc.tools.forEach((t) => ids.set(t.id, `tool:${t.name}:${kept.transitionOnly?.includes(t.id) ? `transition:${t.description}` : 'handler'}`));
  for (const f of doc.state) ids.set(f.id, `state:${f.name}`);
  const id = (x: string) => ids.get(x) ?? x;
  const perFrom = new Map<string, number>();
  for (const e of doc.edges) {
    const n = perFrom.get(e.from) ?? 0;
    perFrom.set(e.from, n + 1);
    ids.set(e.id, `edge:${id(e.from)}:${n}`);
  }
  doc.id = 'doc';
  doc.blocks.forEach((b) => (b.id = id(b.id)));
  doc.stages.forEach((s) => { s.id = id(s.id); s.blockId = id(s.blockId); });
  doc.tools.forEach((t) => { t.id = id(t.id); if (t.scope.kind === 'stages') t.scope.stageIds = t.scope.stageIds.map(id).sort(); });
  doc.state.forEach((f) => (f.id = id(f.id)));
  doc.edges.forEach((e) => {
    e.id = id(e.id); e.from = id(e.from); e.to = id(e.to);
    e.conditions = e.conditions.map((c) => ('toolId' in c ? { ...c, toolId: id(c.toolId) } : c));
  });
  if (doc.entryStageId) doc.entryStageId = id(doc.entryStageId);
  doc.layout = { positions: {}, sizes: {} };
  if (doc.preserved?.pipecat) {
    const p = doc.preserved.pipecat as PipecatKept;
    if (p.nodes) p.nodes = Object.fromEntries(Object.entries(p.nodes).map(([k, v]) => [id(k), v]).sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)));
    if (p.transitionOnly) p.transitionOnly = p.transitionOnly.map(id).sort();
    if (p.globalTransitions) p.globalTransitions = Object.fromEntries(Object.entries(p.globalTransitions).map(([k, v]) => [id(k), v]).sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)));
  }
  doc.stages = byKey(doc.stages);
  doc.tools = byKey(doc.tools);
  doc.state = byKey(doc.state);
  return doc;
}
