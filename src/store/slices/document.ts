import type { StoreApi } from 'zustand';
import type { AgentDocument } from '../../model';
import type { AppState, DocumentSlice, HistoryMode } from '../types';
import type { History } from '../history';

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export const createDocumentSlice = (initial: AgentDocument, history: History) => (set: Set, get: Get): DocumentSlice => ({
  doc: initial,
  revision: 0,
  canUndo: false,
  canRedo: false,
  apply(recipe, options) {
    const before = get().doc;
    const after = recipe(before);
    if (after === before) return;
    history.record(before, (options?.history ?? 'push') as HistoryMode);
    set({ doc: after, revision: get().revision + 1, canUndo: history.canUndo, canRedo: history.canRedo });
  },
  replaceDocument(doc) {
    history.clear();
    set({ doc, revision: get().revision + 1, selection: [], focusPath: null, canUndo: false, canRedo: false });
  },
  endGesture() {
    history.endGesture();
  },
  undo() {
    const previous = history.undo(get().doc);
    if (previous) set({ doc: previous, revision: get().revision + 1, canUndo: history.canUndo, canRedo: history.canRedo });
  },
  redo() {
    const next = history.redo(get().doc);
    if (next) set({ doc: next, revision: get().revision + 1, canUndo: history.canUndo, canRedo: history.canRedo });
  },
});
