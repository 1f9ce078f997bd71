import type { AppStore, EntityRef } from '../store';

/** What the canvas selects: a pick there replaces a tool or state field picked elsewhere. */
export const CANVAS_KINDS = new Set(['block', 'stage', 'edge']);

/** React Flow's select changes, folded into the store's selection (the one truth the Outline reads too). */
export function applySelectChanges(store: AppStore, changes: { id: string; selected: boolean }[], kindOf: (id: string) => EntityRef['kind']) {
  const { selection, select } = store.getState();
  const dropped = new Set(changes.filter((c) => !c.selected).map((c) => c.id));
  let next = selection.filter((r) => !(r.id && dropped.has(r.id)));
  const added = changes.filter((c) => c.selected && !next.some((r) => r.id === c.id)).map((c) => ({ kind: kindOf(c.id), id: c.id }));
  // Picking on the canvas replaces a tool or state field picked elsewhere.
  if (added.length) next = next.filter((r) => CANVAS_KINDS.has(r.kind));
  select([...next, ...added]);
}
