import type { AgentDocument } from '../model';

/** A stage the keyboard's Connect picker offers as the end of a new edge. */
export interface ConnectTarget {
  id: string;
  name: string;
  blockName: string;
  /** The stage the edge leaves from: picking it makes a loop back to itself. */
  loop: boolean;
  /** An edge from the source to this stage exists already (another one is still allowed). */
  connected: boolean;
}

/**
 * The stages an edge from `fromId` can go to, filtered by what was typed (stage or block name,
 * case-insensitive). Names starting with the query come first; otherwise the document's order,
 * with the source itself (a loop) last, since a loop is the rarer wish.
 */
export function connectTargets(doc: AgentDocument, fromId: string, query = ''): ConnectTarget[] {
  const blockName = new Map(doc.blocks.map((b) => [b.id, b.name]));
  const connected = new Set(doc.edges.filter((e) => e.from === fromId).map((e) => e.to));
  const wanted = query.trim().toLowerCase();
  const rank = (t: ConnectTarget) => (wanted && t.name.toLowerCase().startsWith(wanted) ? 0 : 1) * 2 + (t.loop ? 1 : 0);
  return doc.stages
    .map((s): ConnectTarget => ({ id: s.id, name: s.name, blockName: blockName.get(s.blockId) ?? '', loop: s.id === fromId, connected: connected.has(s.id) }))
    .filter((t) => !wanted || t.name.toLowerCase().includes(wanted) || t.blockName.toLowerCase().includes(wanted))
    .map((t, order) => ({ t, order }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.order - b.order)
    .map(({ t }) => t);
}
