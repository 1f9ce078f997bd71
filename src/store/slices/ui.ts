import type { StoreApi } from 'zustand';
import type { AppState, UiSlice } from '../types';

export const createUiSlice = (set: StoreApi<AppState>['setState']): UiSlice => ({
  bottomTab: 'problems',
  inspectorTab: 'docs',
  searchOpen: false,
  shortcutsOpen: false,
  llmSettingsOpen: false,
  replayRequest: null,
  layoutTick: 0,
  exportFormat: null,
  setBottomTab: (bottomTab) => set({ bottomTab }),
  setInspectorTab: (inspectorTab) => set({ inspectorTab }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  setLlmSettingsOpen: (llmSettingsOpen) => set({ llmSettingsOpen }),
  openReplay: (fromIndex) => set((s) => ({ replayRequest: { fromIndex, seq: (s.replayRequest?.seq ?? 0) + 1 } })),
  closeReplay: () => set({ replayRequest: null }),
  laidOut: () => set((s) => ({ layoutTick: s.layoutTick + 1 })),
  setExportFormat: (exportFormat) => set({ exportFormat }),
  toolDeleteRequest: null,
  requestToolDelete: (toolIds) => set({ toolDeleteRequest: toolIds && toolIds.length > 0 ? { toolIds } : null }),
  compare: null,
  startCompare: (base, label) => set({ compare: { base, label } }),
  closeCompare: () => set({ compare: null }),
});
