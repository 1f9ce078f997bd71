import type { AgentDocument } from '../model';
import type { EntityRef, HistoryMode } from './types';

/**
 * One side of an undo step: the document, the selection that went with it (so the selection follows
 * undo instead of pointing at what the step removed) and the caller's label for the step.
 */
export interface HistoryEntry {
  doc: AgentDocument;
  selection: EntityRef[];
  label?: string;
}

/**
 * Undo history of whole documents. Documents are immutable and updated with structural sharing
 * (immer), so a snapshot costs only the changed path. We keep this small stack rather than zundo:
 * each change must declare push / skip / gesture (a whole drag is one step), and zundo's
 * pause/resume would make every caller manage that protocol by hand.
 */
export interface History {
  record(before: HistoryEntry, mode: HistoryMode): void;
  endGesture(): void;
  /** The entry to go back to; `current` is kept for redo (its label is the step's, not the caller's). */
  undo(current: HistoryEntry): HistoryEntry | undefined;
  redo(current: HistoryEntry): HistoryEntry | undefined;
  clear(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

export function createHistory(limit = 200): History {
  let past: HistoryEntry[] = [];
  let future: HistoryEntry[] = [];
  let inGesture = false;
  return {
    record(before, mode) {
      if (mode === 'skip') return;
      if (mode === 'gesture') {
        if (inGesture) return;
        inGesture = true;
      }
      past.push(before);
      if (past.length > limit) past = past.slice(-limit);
      future = [];
    },
    endGesture() {
      inGesture = false;
    },
    undo(current) {
      inGesture = false;
      const previous = past.pop();
      // The step's label travels with it, so a redo names the same step.
      if (previous) future.push({ ...current, label: previous.label });
      return previous;
    },
    redo(current) {
      const next = future.pop();
      if (next) past.push({ ...current, label: next.label });
      return next;
    },
    clear() {
      past = [];
      future = [];
      inGesture = false;
    },
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
  };
}
