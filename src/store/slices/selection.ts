import type { StoreApi } from 'zustand';
import type { AppState, EntityRef, SelectionSlice } from '../types';

const sameRef = (a: EntityRef, b: EntityRef) => a.kind === b.kind && a.id === b.id;

export const createSelectionSlice = (set: StoreApi<AppState>['setState'], get: StoreApi<AppState>['getState']): SelectionSlice => ({
  selection: [],
  revealTick: 0,
  focusPath: null,
  lastPlace: null,
  select(refs, options = {}) {
    const incoming = refs === null ? [] : Array.isArray(refs) ? refs : [refs];
    let selection = incoming;
    if (options.additive) {
      // Shift/Cmd-click toggles membership, as in every canvas tool.
      const current = get().selection;
      const kept = current.filter((r) => !incoming.some((i) => sameRef(i, r)));
      const added = incoming.filter((i) => !current.some((r) => sameRef(i, r)));
      selection = [...kept, ...added];
    }
    const unchanged = selection.length === get().selection.length && selection.every((r, i) => sameRef(r, get().selection[i]));
    if (unchanged && !options.reveal && options.focusPath === undefined) return;
    const place = [...selection].reverse().find((r) => r.kind === 'stage' || r.kind === 'block');
    set({
      selection,
      lastPlace: place ?? get().lastPlace,
      focusPath: options.focusPath ?? null,
      revealTick: options.reveal ? get().revealTick + 1 : get().revealTick,
    });
  },
});
