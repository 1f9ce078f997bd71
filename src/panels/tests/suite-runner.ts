// Running conversation tests from the Tests panel: the same engine and providers as the simulator,
// with the simulator's LLM settings and key, but each run in its own session. Nothing here writes
// the document or the simulator's run (session, steps, streaming): only the Tests slice.
import { llmLabel } from '../../app/LlmSettingsDialog';
import type { AgentDocument, ConversationTest } from '../../model';
import type { StepDeps } from '../../simulator/types';
import type { AppStore } from '../../store/create';
import type { LlmSettings } from '../../store/types';

// Heavy (the engine, the providers, QuickJS): loaded when a suite first runs, never on first paint.
const loadRuntime = () => import('../../simulator/ui/runtime');
const loadTests = () => import('../../simulator/conversation-tests');

const aborts = new WeakMap<AppStore, AbortController>();

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
    const [rt, ct] = await Promise.all([loadRuntime(), loadTests()]);
    for (const test of tests) {
      if (abort.signal.aborted) break;
      state().setTestRun({ tests: tests.map((t) => t.name), current: { test: test.name, run: 1 } });
      const makeDeps = () => depsFor(rt, doc, revision, test, llm, apiKey, abort.signal);
      await ct.runSuite(doc, [test], makeDeps, {
        runs,
        signal: abort.signal,
        onRun: (result, at) => {
          // A run cut short by Stop says nothing about the agent: it is dropped, not counted as failed.
          if (abort.signal.aborted) return;
          const entry = state().testResults[test.name];
          if (entry) state().setTestResult(test.name, { ...entry, runs: [...entry.runs, result] });
          if (at.run < runs) state().setTestRun({ tests: tests.map((t) => t.name), current: { test: test.name, run: at.run + 1 } });
        },
      });
      const entry = state().testResults[test.name];
      if (entry) state().setTestResult(test.name, { ...entry, running: false, ...(abort.signal.aborted ? { stopped: true } : {}) });
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

async function depsFor(
  rt: typeof import('../../simulator/ui/runtime'),
  doc: AgentDocument,
  revision: number,
  test: ConversationTest,
  llm: LlmSettings,
  apiKey: string,
  signal: AbortSignal,
): Promise<StepDeps> {
  const call = { today: localToday(), ...test.call };
  return {
    // A fresh model per run, so the offline model's memory of one run cannot leak into the next.
    model: rt.createModel({
      provider: llm.provider,
      baseUrl: llm.baseUrl || undefined,
      model: llm.model || undefined,
      temperature: llm.temperature,
      apiKey: llm.provider === 'offline' ? undefined : apiKey,
      today: typeof call.today === 'string' ? call.today : undefined,
    }),
    runner: await rt.toolRunner(doc, signal),
    evaluate: await rt.sandboxEvaluate(),
    revision,
    call,
    temperature: llm.temperature,
    signal,
  };
}
