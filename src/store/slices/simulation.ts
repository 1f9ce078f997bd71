import type { StoreApi } from 'zustand';
import type { AppState, LlmSettings, SimulationSlice } from '../types';

/** The built-in offline model: a run works on first visit with no key and no network. */
export const DEFAULT_LLM: LlmSettings = { provider: 'offline', baseUrl: '', model: '', temperature: 0.2, timeoutSeconds: 60, budgetSeconds: 5, answerMegabytes: 2, answerSeconds: 300, rememberKey: false, offlineStrict: false };

export const createSimulationSlice = (set: StoreApi<AppState>['setState']): SimulationSlice => ({
  session: null,
  steps: [],
  running: false,
  streaming: null,
  streamedBytes: 0,
  callFacts: {},
  initialState: {},
  startStageId: null,
  mcpMocks: {},
  llm: DEFAULT_LLM,
  apiKey: '',
  simFocus: null,
  setSim: (patch) => set(patch),
  setLlm: (patch) => set((s) => ({ llm: { ...s.llm, ...patch } })),
  setApiKey: (apiKey) => set({ apiKey }),
});
