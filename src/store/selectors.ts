import type { AgentDocument } from '../model';
import type { AppState, EntityRef } from './types';

/** Memoised on the document's identity: derived data is computed once per change, not per render. */
export function memoByDoc<T>(compute: (doc: AgentDocument) => T): (state: AppState) => T {
  let lastDoc: AgentDocument | undefined;
  let lastValue: T;
  return (state) => {
    if (state.doc !== lastDoc) {
      lastDoc = state.doc;
      lastValue = compute(state.doc);
    }
    return lastValue;
  };
}

export const selectPrimary = (state: AppState): EntityRef | undefined => state.selection[state.selection.length - 1];

export const isSelected = (state: AppState, kind: EntityRef['kind'], id?: string) =>
  state.selection.some((r) => r.kind === kind && r.id === id);
