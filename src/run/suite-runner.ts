// Running conversation tests from the Tests panel: the same engine and providers as the simulator,
// with the simulator's LLM settings and key (one runSettingsFrom for both, so the timeout and the
// step budget hold here too), but each run in its own session, in an engine worker of its own (a
// Stop here never ends the simulator's step). Nothing here writes the document or the simulator's
// run (session, steps, streaming): only the Tests slice.
import type { TestRunResult } from '../simulator/conversation-tests/types';
import { EngineHost, EngineStopped } from './engine-host';
import { llmLabel, runSettingsFrom } from './run-settings';
import type { AppStore } from '../store/create';

const aborts = new WeakMap<AppStore, AbortController>();
const engines = new WeakMap<AppStore, EngineHost>();

function engineOf(store: AppStore): EngineHost {
  let engine = engines.get(store);
  if (!engine) engines.set(store, (engine = new EngineHost()));
  return engine;
}

/** Today as YYYY-MM-DD in local time, as the CLI gives `this.call.today` unless the test sets it. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Runs `names` (in the document's order) `runs` times each against the simulator's provider. The
 * document is read once, at the start: an edit made meanwhile applies to the next suite.
 */
export async function runTests(store: AppStore, names: string[], runs: number): Promise<void> {
  if (store.getState().testRun) return;
  const { doc, revision, llm, apiKey } = store.getState();
  const tests = (doc.tests ?? []).filter((t) => names.includes(t.name));
  if (tests.length === 0) return;
  const abort = new AbortController();
  aborts.set(store, abort);
  const provider = llmLabel(llm);
  const state = () => store.getState();
  state().setTestRun({ tests: tests.map((t) => t.name) });
  for (const test of tests) state().setTestResult(test.name, { docId: doc.id, runs: [], requested: runs, provider, running: true });
  try {
    // Test runs give `this.call.today` as the CLI does, unless the test sets it (engine-api.ts).
    const settings = runSettingsFrom(llm, apiKey, { today: localToday() }, { revision });
    const onRun = EngineHost.callback((name: string, run: number, result: TestRunResult) => {
      // A run cut short by Stop says nothing about the agent: it is dropped, not counted as failed.
      if (abort.signal.aborted) return;
      const entry = state().testResults[name];
      if (entry) state().setTestResult(name, { ...entry, runs: [...entry.runs, result] });
      if (run < runs) state().setTestRun({ tests: tests.map((t) => t.name), current: { test: name, run: run + 1 } });
      else finish(name);
    });
    const finish = (name: string) => {
      const entry = state().testResults[name];
      if (entry) state().setTestResult(name, { ...entry, running: false, ...(abort.signal.aborted ? { stopped: true } : {}) });
      const next = tests[tests.findIndex((t) => t.name === name) + 1];
      if (next && !abort.signal.aborted) state().setTestRun({ tests: tests.map((t) => t.name), current: { test: next.name, run: 1 } });
    };
    state().setTestRun({ tests: tests.map((t) => t.name), current: { test: tests[0].name, run: 1 } });
    try {
      await engineOf(store).call((api, id) => api.runTests(id, doc, tests, runs, settings, onRun), abort.signal);
    } catch (error) {
      if (!(error instanceof EngineStopped)) throw error;
    }
  } catch (error) {
    // Loading the engine failed: every test not run yet says so.
    const message = `The tests could not run: ${error instanceof Error ? error.message : String(error)}`;
    for (const test of tests) {
      const entry = state().testResults[test.name];
      if (entry?.running) state().setTestResult(test.name, { ...entry, running: false, error: message });
    }
  } finally {
    for (const test of tests) {
      const entry = state().testResults[test.name];
      if (entry?.running) state().setTestResult(test.name, { ...entry, running: false, stopped: true });
    }
    aborts.delete(store);
    state().setTestRun(null);
  }
}

/** Stop: aborts the run in flight; the suite ends with the runs already finished. */
export function stopTests(store: AppStore): void {
  aborts.get(store)?.abort();
}
