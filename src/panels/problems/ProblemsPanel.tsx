import { useState } from 'react';
import { describeEntity } from '../../model';
import type { Severity } from '../../model/lint';
import { useApp, useStoreApi } from '../../store/context';
import { useSettledProblems } from '../../store/useSettledProblems';
import './problems.css';

const ICON: Record<Severity, string> = { error: '●', warning: '▲', info: 'i' };

/** Every lint of the document; clicking one selects its entity and reveals the spot. */
export function ProblemsPanel() {
  const problems = useSettledProblems();
  const doc = useApp((s) => s.doc);
  const store = useStoreApi();
  const [shown, setShown] = useState<Record<Severity, boolean>>({ error: true, warning: true, info: true });
  const visible = problems.filter((p) => shown[p.severity]);
  const count = (severity: Severity) => problems.filter((p) => p.severity === severity).length;

  return (
    <div className="problems" data-testid="problems-panel">
      <div className="problems-filters">
        {(['error', 'warning', 'info'] as Severity[]).map((severity) => (
          <label key={severity} className={`sev-${severity}`}>
            <input type="checkbox" checked={shown[severity]} onChange={(e) => setShown({ ...shown, [severity]: e.target.checked })} />
            {count(severity)} {severity === 'info' ? 'notes' : `${severity}s`}
          </label>
        ))}
      </div>
      {visible.length === 0 ? (
        <div className="empty-state">{problems.length === 0 ? 'No problems. The agent loads cleanly in this runtime.' : 'No problems of the kinds shown.'}</div>
      ) : (
        <ul className="problem-list">
          {visible.map((p, index) => (
            <li key={`${p.rule}${p.path}${index}`}>
              <button
                className={`problem-row sev-${p.severity}`}
                data-testid="problem-row"
                data-rule={p.rule}
                data-severity={p.severity}
                onClick={() => store.getState().select(p.entity, { reveal: true, focusPath: p.path })}
                title={p.path}
              >
                <span className="icon" aria-label={p.severity}>{ICON[p.severity]}</span>
                <span className="message">{p.message}</span>
                <span className="where">{describeEntity(doc, p.entity)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
