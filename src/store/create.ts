import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyDocument, type AgentDocument } from '../model';
import { createHistory } from './history';
import { createDocumentSlice } from './slices/document';
import { createProjectsSlice } from './slices/projects';
import { createSelectionSlice } from './slices/selection';
import { createUiSlice } from './slices/ui';
import { createSimulationSlice } from './slices/simulation';
import { createTestsSlice } from './slices/tests';
import type { AppState } from './types';

export type AppStore = StoreApi<AppState>;

/** A fresh store (one per app and per test: zustand's guidance for testable stores). */
export function createAppStore(initial: AgentDocument = emptyDocument()): AppStore {
  const history = createHistory();
  return createStore<AppState>()((set, get) => ({
    ...createDocumentSlice(initial, history)(set, get),
    ...createSelectionSlice(set, get),
    ...createUiSlice(set),
    ...createProjectsSlice(set),
    ...createSimulationSlice(set),
    ...createTestsSlice(set),
  }));
}
