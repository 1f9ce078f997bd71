import type { StoreApi } from 'zustand';
import { freeze } from 'immer';
import type { AgentDocument } from '../../model';
import { describeChange } from '../../model/change-summary';
import { findEntity } from '../../model/ops';
import type { AppState, DocumentSlice, EntityRef, HistoryMode } from '../types';
import type { History, HistoryEntry } from '../history';
import { refusesEdits } from '../access';
import { flushPendingWrites } from '../pending-writes';

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

/** The refs that still point at something in `doc`: the agent always does. */
function stillThere(doc: AgentDocument, refs: readonly EntityRef[]): EntityRef[] {
  return refs.filter((r) => r.kind === 'agent' || (r.id !== undefined && findEntity(doc, r.kind, r.id) !== undefined));
}

/**
 * A document coming in whole (opened, loaded, the first one) is frozen as it comes, as every
 * edit's result already is (immer's auto-freeze). Else the first edit after opening a big agent
 * walked and froze all of it (immer freezes what it finds unfrozen): a few milliseconds on the
 * 500-stage agent, paid by the first drag or keystroke instead of by the opening.
 */
const frozen = (doc: AgentDocument): AgentDocument => freeze(doc, true);

export const createDocumentSlice = (initial: AgentDocument, history: History) => (set: Set, get: Get): DocumentSlice => {
  /** Undo and redo: the document, the selection that went with it, and a note saying which step it was. */
  const travel = (action: 'undo' | 'redo') => {
    flushPendingWrites();
    if (refusesEdits(get())) return set({ refusedEdits: get().refusedEdits + 1 });
    const { doc, selection, undoNote } = get();
    const current: HistoryEntry = { doc, selection };
    const target = action === 'undo' ? history.undo(current) : history.redo(current);
    if (!target) return;
    const [before, after] = action === 'undo' ? [target.doc, doc] : [doc, target.doc];
    set({
      doc: target.doc,
      revision: get().revision + 1,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      selection: stillThere(target.doc, target.selection),
      focusPath: null,
      undoNote: { action, what: describeChange(before, after, target.label), seq: (undoNote?.seq ?? 0) + 1 },
    });
  };
  return {
    doc: frozen(initial),
    revision: 0,
    canUndo: false,
    canRedo: false,
    undoNote: null,
    apply(recipe, options) {
      // A field's keystroke still waiting for its frame lands first, so writes keep their order.
      flushPendingWrites();
      // A tab opened read-only, or a version open read-only, takes no edits (store/access.ts); the banner counts the refusals.
      if (refusesEdits(get())) return set({ refusedEdits: get().refusedEdits + 1 });
      const { doc: before, selection } = get();
      const after = recipe(before);
      if (after === before) return;
      history.record({ doc: before, selection, label: options?.label }, (options?.history ?? 'push') as HistoryMode);
      set({ doc: after, revision: get().revision + 1, canUndo: history.canUndo, canRedo: history.canRedo });
    },
    replaceDocument(doc) {
      flushPendingWrites();
      history.clear();
      set({ doc: frozen(doc), revision: get().revision + 1, selection: [], focusPath: null, canUndo: false, canRedo: false, undoNote: null, viewing: null });
    },
    viewing: null,
    viewVersion(version, label) {
      flushPendingWrites();
      // The open agent is kept aside, not in the undo history: viewing is not an edit.
      const { doc, selection, viewing } = get();
      const live = viewing ? viewing.live : doc;
      const liveSelection = viewing ? viewing.liveSelection : selection;
      set({ doc: { ...version, id: live.id }, viewing: { label, live, liveSelection }, revision: get().revision + 1, selection: [], focusPath: null });
    },
    closeViewing() {
      const { viewing } = get();
      if (!viewing) return;
      // A comparison made while viewing compared the version: it closes with it.
      set({ doc: viewing.live, viewing: null, compare: null, revision: get().revision + 1, selection: stillThere(viewing.live, viewing.liveSelection), focusPath: null });
    },
    endGesture() {
      flushPendingWrites();
      history.endGesture();
    },
    undo: () => travel('undo'),
    redo: () => travel('redo'),
  };
};
