import type { AgentDocument } from '../model';
import type { HistoryMode } from './types';

/**
 * Undo history of whole documents. Documents are immutable and updated with structural sharing
 * (immer), so a snapshot costs only the changed path. We keep this small stack rather than zundo:
 * each change must declare push / skip / gesture (a whole drag is one step), and zundo's
 * pause/resume would make every caller manage that protocol by hand.
 */
export interface History {
  record(before: AgentDocument, mode: HistoryMode): void;
  endGesture(): void;
  undo(current: AgentDocument): AgentDocument | undefined;
  redo(current: AgentDocument): AgentDocument | undefined;
  clear(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

export function createHistory(limit = 200): History {
  let past: AgentDocument[] = [];
  let future: AgentDocument[] = [];
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
      if (previous) future.push(current);
      return previous;
    },
    redo(current) {
      const next = future.pop();
      if (next) past.push(current);
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
