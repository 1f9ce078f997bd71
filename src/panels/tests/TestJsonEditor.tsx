import { useState } from 'react';
import { useStoreApi } from '../../store/context';
import type { ConversationTest } from '../../model';
import { parseTestJson, type TestProblem } from './test-json';
import { replaceTest } from './recipes';

/** A test's JSON, editable in place; checked against the schema before it replaces the test. */
export function TestJsonEditor({ test, onDone }: { test: ConversationTest; onDone: () => void }) {
  const store = useStoreApi();
  const [text, setText] = useState(() => JSON.stringify(test, null, 2));
  const [problems, setProblems] = useState<TestProblem[]>([]);

  const save = () => {
    const checked = parseTestJson(store.getState().doc, text, test.name);
    if (!checked.ok) return setProblems(checked.problems);
    store.getState().apply(replaceTest(test.name, checked.test), { label: `Edit test ${test.name}` });
    if (checked.test.name !== test.name) store.getState().renameTestResult(test.name, checked.test.name);
    onDone();
  };

  return (
    <div className="tt-json">
      <textarea
        data-testid="test-json"
        aria-label={`JSON of test ${test.name}`}
        aria-invalid={problems.length > 0 || undefined}
        value={text}
        spellCheck={false}
        rows={Math.min(18, text.split('\n').length + 1)}
        onChange={(e) => (setText(e.target.value), setProblems([]))}
      />
      {problems.map((p) => (
        <p key={p.path + p.message} className="tt-error" role="alert" data-testid="test-json-error">
          {p.path === '/' ? '' : `${p.path}: `}
          {p.message}
        </p>
      ))}
      <div className="tt-actions">
        <span className="spacer" />
        <button onClick={onDone}>Cancel</button>
        <button className="primary" data-testid="test-json-save" onClick={save}>Save JSON</button>
      </div>
    </div>
  );
}
