import type { StoreApi } from 'zustand';
import type { AppState, UiSlice } from '../types';

export const createUiSlice = (set: StoreApi<AppState>['setState']): UiSlice => ({
  bottomTab: 'problems',
  inspectorTab: 'docs',
  searchOpen: false,
  shortcutsOpen: false,
  llmSettingsOpen: false,
  setBottomTab: (bottomTab) => set({ bottomTab }),
  setInspectorTab: (inspectorTab) => set({ inspectorTab }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  setLlmSettingsOpen: (llmSettingsOpen) => set({ llmSettingsOpen }),
});
