import { useCallback } from 'react';
import { deleteEntities, planDelete, quoted, type EntityRef as OpsRef } from '../model/ops';
import { DeleteDialog } from '../canvas/DeleteDialog';
import type { AppStore } from '../store';
import { useApp, useStoreApi } from '../store/context';

/** Deletes the tools and what planDelete lists with them, as one undo step; they leave the selection. */
export function deleteTools(store: AppStore, toolIds: readonly string[]) {
  const refs: OpsRef[] = toolIds.map((id) => ({ kind: 'tool', id }));
  store.getState().apply((doc) => deleteEntities(doc, refs), { label: 'delete' });
  const { selection, select } = store.getState();
  select(selection.filter((r) => !(r.kind === 'tool' && r.id !== undefined && toolIds.includes(r.id))));
}

/**
 * The confirm every tool delete goes through (the Delete key on the outline or a card's chip, the
 * inspector's button, a menu): a tool holds code and a docstring, and what names it (conditions,
 * tests, instructions) is worth reading before it goes.
 */
export function ToolDeleteConfirm() {
  const store = useStoreApi();
  const request = useApp((s) => s.toolDeleteRequest);
  const doc = useApp((s) => s.doc);
  const close = useCallback(() => store.getState().requestToolDelete(null), [store]);
  if (!request) return null;
  const tools = doc.tools.filter((t) => request.toolIds.includes(t.id));
  if (tools.length === 0) return null;
  const plan = planDelete(doc, tools.map((t) => ({ kind: 'tool' as const, id: t.id })));
  const title = tools.length === 1 ? `Delete tool ${quoted(tools[0].name)}?` : `Delete ${tools.length} tools?`;
  return (
    <DeleteDialog
      plan={plan}
      title={title}
      testId="tool-delete"
      onCancel={close}
      onConfirm={() => {
        close();
        deleteTools(store, tools.map((t) => t.id));
      }}
    />
  );
}
