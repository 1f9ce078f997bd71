import { lazy, Suspense, useState } from 'react';
import { helperMocksOf } from '../../simulator/class-code/mocks';
import { useApp, useStoreApi } from '../../store/context';
import { llmLabel } from '../../run/run-settings';
import { TestRow } from './TestRow';
import { runTests, stopTests } from '../../run/suite-runner';
import './tests.css';

const MAX_RUNS = 20;

// Loaded on the first "Compare with…" (issue 15): the chooser, the A/B runner, the table.
const CompareTests = lazy(() => import('./CompareTests'));

/** The agent's conversation tests, each with its last result; runs them against the simulator's provider. */
export function TestsPanel() {
  const store = useStoreApi();
  const tests = useApp((s) => s.doc.tests);
  const llm = useApp((s) => s.llm);
  const testRun = useApp((s) => s.testRun);
  const [runs, setRuns] = useState(1);
  const [comparing, setComparing] = useState(false);
  const run = (names: string[]) => void runTests(store, names, runs);
  const list = tests ?? [];

  return (
    <div className="tt-panel" data-testid="tests-panel">
      <div className="tt-toolbar">
        <button className="primary" data-testid="tests-run-all" disabled={list.length === 0 || testRun !== null} onClick={() => run(list.map((t) => t.name))}>
          Run all
        </button>
        <label className="tt-runs" title="Each test runs this many times; the pass rate counts the runs that passed">
          Runs each
          <input data-testid="tests-runs" type="number" min={1} max={MAX_RUNS} value={runs} disabled={testRun !== null} onChange={(e) => setRuns(clampRuns(e.target.valueAsNumber))} />
        </label>
        <button className="sim-chip" data-testid="tests-provider" onClick={() => store.getState().setLlmSettingsOpen(true)} title="The model the tests call (the simulator's): click to change it">
          {llmLabel(llm)}
        </button>
        <button data-testid="tests-compare-open" aria-expanded={comparing} disabled={list.length === 0} onClick={() => setComparing((c) => !c)}
          title="Run these tests on the open agent and on a version, a file or another model, and compare the pass rates">
          Compare with…
        </button>
        <span className="spacer" />
        {testRun && (
          <>
            <span className="tt-progress" role="status" data-testid="tests-progress">
              {testRun.current ? `Running ${testRun.current.test}, run ${testRun.current.run} of ${runs}…` : 'Loading the simulator…'}
            </span>
            <button className="danger" data-testid="tests-stop" onClick={() => stopTests(store)} title="Cancel the suite: the run in flight is dropped, finished runs stay">
              Stop
            </button>
          </>
        )}
      </div>
      {comparing && (
        <Suspense fallback={<p className="tt-compare-note" role="status">Loading the comparison…</p>}>
          <CompareTests runs={runs} onClose={() => setComparing(false)} />
        </Suspense>
      )}
      <SavedMocks />
      {list.length === 0 ? (
        <p className="tt-empty" data-testid="tests-empty">
          No tests yet. Finish a run in the Simulator and press <b>Save as test</b>: its caller lines and what came of them become a test here.
        </p>
      ) : (
        <ul className="tt-list">
          {list.map((test) => (
            <TestRow key={test.name} test={test} busy={testRun !== null} onRun={() => run([test.name])} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The agent's mock answers every test runs with (doc.mocks.helpers): a test passes or fails on them too. */
function SavedMocks() {
  const helpers = useApp((s) => Object.keys(helperMocksOf(s.doc)).join('\n'));
  if (!helpers) return null;
  const names = helpers.split('\n');
  return (
    <p className="tt-mocks" data-testid="tests-mocks" title="Saved with the agent; edited in the Code tab of a tool that calls them">
      Every run uses the agent&apos;s mock answer{names.length === 1 ? '' : 's'} for{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ', '}
          <code>{name}</code>
        </span>
      ))}
      .
    </p>
  );
}

function clampRuns(value: number): number {
  return Number.isFinite(value) ? Math.min(MAX_RUNS, Math.max(1, Math.round(value))) : 1;
}
