import { useState } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import type { ConversationTest } from '../../model';
import type { ExpectationResult, TestRunResult } from '../../simulator/conversation-tests/types';
import type { TestResultEntry } from '../../store/types';
import { TestJsonEditor } from './TestJsonEditor';
import { deleteTest } from './recipes';

/** One test: its pass rate, what failed next to what happened, and Run / Edit JSON / Delete. */
export function TestRow({ test, busy, onRun }: { test: ConversationTest; busy: boolean; onRun: () => void }) {
  const store = useStoreApi();
  const docId = useApp((s) => s.doc.id);
  const stored = useApp((s) => s.testResults[test.name]);
  const result = stored?.docId === docId ? stored : undefined;
  const [editing, setEditing] = useState(false);
  const passes = result?.runs.filter((r) => r.passed).length ?? 0;
  const status = statusOf(result, passes);

  const remove = () => {
    store.getState().apply(deleteTest(test.name), { label: `Delete test ${test.name}` });
    store.getState().renameTestResult(test.name, null);
  };

  return (
    <li className={`tt-row status-${status}`} data-testid={`test-row-${test.name}`} data-status={status}>
      <div className="tt-head">
        <span className="tt-rate" data-testid="test-rate" title={result ? `${passes} of ${result.runs.length} runs passed (${result.requested} asked for) on ${result.provider}` : 'Not run yet'}>
          {result && result.runs.length > 0 ? `${passes}/${result.runs.length}` : '–'}
        </span>
        <span className="tt-name">{test.name}</span>
        <span className="tt-summary">{summary(test)}</span>
        {result?.running && <span className="tt-tag">running…</span>}
        {result?.stopped && <span className="tt-tag">stopped</span>}
        <span className="spacer" />
        <button data-testid="test-run" disabled={busy} onClick={onRun} title="Run this test (as many times as Runs each says)">Run</button>
        <button data-testid="test-edit" disabled={busy} onClick={() => setEditing((e) => !e)} aria-expanded={editing}>Edit JSON</button>
        <button data-testid="test-delete" disabled={busy} onClick={remove} title="Remove the test from the agent (Undo brings it back)">Delete</button>
      </div>
      {result?.error && <p className="tt-error" role="alert">{result.error}</p>}
      {result && <Failures runs={result.runs} />}
      {editing && <TestJsonEditor test={test} onDone={() => setEditing(false)} />}
    </li>
  );
}

type Status = 'none' | 'running' | 'passed' | 'failed' | 'mixed';

function statusOf(result: TestResultEntry | undefined, passes: number): Status {
  if (!result) return 'none';
  if (result.running) return 'running';
  if (result.runs.length === 0) return result.error ? 'failed' : 'none';
  if (passes === result.runs.length) return 'passed';
  return passes === 0 ? 'failed' : 'mixed';
}

function summary(test: ConversationTest): string {
  const e = test.expect;
  const count = (e.tools?.length ?? 0) + (e.not_tools?.length ?? 0) + (e.says?.length ?? 0) + (e.not?.length ?? 0) + (e.stage ? 1 : 0) + Object.keys(e.state ?? {}).length;
  const lines = test.input.length;
  const start = test.start ? `starts at ${test.start.stage} · ` : '';
  return `${start}${lines} caller line${lines === 1 ? '' : 's'} · ${count} expectation${count === 1 ? '' : 's'}`;
}

/** Each failed run: the expectations that failed, each next to what happened instead. */
function Failures({ runs }: { runs: TestRunResult[] }) {
  const failed = runs.map((run, index) => ({ run, index })).filter(({ run }) => !run.passed);
  if (failed.length === 0) return null;
  return (
    <ul className="tt-failures">
      {failed.map(({ run, index }) => (
        <li key={index} data-testid="test-failure">
          <span className="tt-run-label">Run {index + 1}</span>
          <div className="tt-run-body">
            {run.error && <p className="tt-error">{run.error}</p>}
            <table className="tt-expectations">
              <tbody>
                {run.expectations.filter((e) => !e.passed).map((e, i) => (
                  <FailedExpectation key={i} result={e} />
                ))}
              </tbody>
            </table>
          </div>
        </li>
      ))}
    </ul>
  );
}

const RULE_LABEL: Record<ExpectationResult['rule'], string> = {
  tools: 'calls',
  not_tools: 'never calls',
  says: 'says',
  not: 'never says',
  stage: 'ends on stage',
  state: 'final state',
};

function FailedExpectation({ result }: { result: ExpectationResult }) {
  const expected = typeof result.expected === 'string' ? result.expected : JSON.stringify(result.expected);
  return (
    <tr data-testid="test-failed-expectation">
      <td className="tt-expected" data-testid="test-expected">
        <span className="tt-rule">{RULE_LABEL[result.rule]}</span> <code>{expected}</code>
      </td>
      <td className="tt-actual" data-testid="test-actual">
        <span className="tt-rule">but</span> {result.actual}
      </td>
    </tr>
  );
}
