import type { StoreApi } from 'zustand';
import type { AppState, TestsSlice } from '../types';

/**
 * The Tests panel's last results. They live here and not in the document: a result says how a
 * test did against one provider at one moment, which is not part of the agent and is never saved.
 */
export const createTestsSlice = (set: StoreApi<AppState>['setState']): TestsSlice => ({
  testResults: {},
  testRun: null,
  setTestResult: (name, result) => set((s) => ({ testResults: { ...s.testResults, [name]: result } })),
  renameTestResult: (from, to) =>
    set((s) => {
      if (from === to || !(from in s.testResults)) return {};
      const { [from]: moved, ...rest } = s.testResults;
      return { testResults: to === null ? rest : { ...rest, [to]: moved! } };
    }),
  setTestRun: (testRun) => set({ testRun }),
});
