// Ids are fresh on every import, so a round trip is compared after mapping each id to a key that
// the Block Agent file keeps: a block's block_id, a stage's turn_id, a tool's name, a state field's
// name, an edge's place among its stage's edges.
import type { AgentDocument } from '../../../model';
import { withoutKeptSources } from '../../../formats/kept-source';

export function normalizeForComparison(doc: AgentDocument): AgentDocument {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  const name = (id: string, key: string) => {
    let unique = key;
    for (let n = 2; used.has(unique); n++) unique = `${key}#${n}`;
    used.add(unique);
    keys.set(id, unique);
  };
  name(doc.id, 'doc');
  doc.blocks.forEach((b) => name(b.id, `block:${b.ref}`));
  doc.stages.forEach((s) => name(s.id, `stage:${s.ref}`));
  doc.tools.forEach((t) => name(t.id, `tool:${t.name}`));
  doc.state.forEach((f) => name(f.id, `state:${f.name}`));
  const counts = new Map<string, number>();
  doc.edges.forEach((e) => {
    const n = (counts.get(e.from) ?? 0) + 1;
    counts.set(e.from, n);
    name(e.id, `edge:${keys.get(e.from) ?? e.from}#${n}`);
  });
  // An id nothing owns (a dangling reference) stays as it is, so the comparison shows it.
  const key = (id: string) => keys.get(id) ?? id;
  const byKey = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).map(([id, v]) => [key(id), v]));

  // The kept file is how the text was laid out, not what it says (kept-source.ts).
  const out = structuredClone(withoutKeptSources(doc));
  out.id = key(out.id);
  for (const b of out.blocks) {
    b.id = key(b.id);
    if (b.looping?.connectTo) b.looping.connectTo = key(b.looping.connectTo);
  }
  for (const s of out.stages) Object.assign(s, { id: key(s.id), blockId: key(s.blockId) });
  for (const e of out.edges) {
    Object.assign(e, { id: key(e.id), from: key(e.from), to: key(e.to) });
    for (const c of e.conditions) if (c.kind === 'tool') c.toolId = key(c.toolId);
  }
  for (const t of out.tools) {
    t.id = key(t.id);
    if (t.scope.kind === 'blocks') t.scope.blockIds = t.scope.blockIds.map(key);
    if (t.scope.kind === 'stages') t.scope.stageIds = t.scope.stageIds.map(key);
  }
  for (const f of out.state) f.id = key(f.id);
  if (out.entryStageId) out.entryStageId = key(out.entryStageId);
  out.layout = { positions: byKey(out.layout.positions), sizes: byKey(out.layout.sizes) };
  return out;
}
