import { useState } from 'react';
import { describeEntity, LOSS_RULE, TARGET_LABEL, TARGETS, type AgentDocument, type Problem, type Target } from '../../model';
import type { Severity } from '../../model/lint';
import { useApp, useStoreApi } from '../../store/context';
import { useSettledProblems } from '../../store/useSettledProblems';
import './problems.css';

const ICON: Record<Severity, string> = { error: '●', warning: '▲', info: 'i' };

/**
 * The Problems panel's three parts: what to fix (errors and warnings, the only ones the dock's badge
 * counts), what the target leaves out of its export (losses), and what only another runtime would
 * mind (the rules' notes). The last two are notes a reader need not act on, so they wait in
 * collapsed groups instead of filling the panel the sample opens on.
 */
export function splitProblems(problems: Problem[]) {
  return {
    actionable: problems.filter((p) => p.severity !== 'info'),
    losses: problems.filter((p) => p.severity === 'info' && p.rule === LOSS_RULE),
    otherRuntime: problems.filter((p) => p.severity === 'info' && p.rule !== LOSS_RULE),
  };
}

const othersOf = (target: Target) => TARGETS.filter((t) => t !== target).map((t) => TARGET_LABEL[t]).join(' or ');

/** Every lint of the document; clicking one selects its entity and reveals the spot. */
export function ProblemsPanel() {
  const problems = useSettledProblems();
  const doc = useApp((s) => s.doc);
  const [shown, setShown] = useState({ error: true, warning: true });
  const { actionable, losses, otherRuntime } = splitProblems(problems);
  const visible = actionable.filter((p) => shown[p.severity as 'error' | 'warning']);
  const count = (severity: Severity) => actionable.filter((p) => p.severity === severity).length;
  const target = TARGET_LABEL[doc.target];

  return (
    <div className="problems" data-testid="problems-panel">
      <div className="problems-filters">
        {(['error', 'warning'] as const).map((severity) => (
          <label key={severity} className={`sev-${severity}`}>
            <input type="checkbox" checked={shown[severity]} onChange={(e) => setShown({ ...shown, [severity]: e.target.checked })} />
            {count(severity)} {severity}s
          </label>
        ))}
      </div>
      <div className="problems-body">
        {visible.length === 0 ? (
          <div className="empty-state" data-testid="problems-empty">{actionable.length === 0 ? `No problems. The agent loads cleanly in ${target}.` : 'No problems of the kinds shown.'}</div>
        ) : (
          <ProblemList problems={visible} doc={doc} />
        )}
        <NoteGroup id="losses" problems={losses} doc={doc}
          title={`Not expressible in ${target}`}
          hint={`Kept in the document for ${othersOf(doc.target)}; the ${target} export leaves them out. Nothing to fix unless you need them in ${target}.`} />
        <NoteGroup id="other-runtime" problems={otherRuntime} doc={doc}
          title={`Only ${othersOf(doc.target)} would mind`}
          hint={`Fine in ${target}; they matter once the agent is exported to ${othersOf(doc.target)}.`} />
      </div>
    </div>
  );
}

/** A collapsed group of notes: a header with its count, opened on demand (not remembered). */
function NoteGroup({ id, title, hint, problems, doc }: { id: string; title: string; hint: string; problems: Problem[]; doc: AgentDocument }) {
  const [open, setOpen] = useState(false);
  if (problems.length === 0) return null;
  const bodyId = `problems-group-${id}-body`;
  return (
    <section className="problem-group" data-testid={`problems-group-${id}`}>
      <button className="problem-group-head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)} data-testid={`problems-group-${id}-toggle`}>
        <span className="twisty" aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span>{title} ({problems.length})</span>
      </button>
      {open && (
        <div id={bodyId}>
          <p className="problem-group-hint">{hint}</p>
          <ProblemList problems={problems} doc={doc} />
        </div>
      )}
    </section>
  );
}

function ProblemList({ problems, doc }: { problems: Problem[]; doc: AgentDocument }) {
  const store = useStoreApi();
  return (
    <ul className="problem-list">
      {problems.map((p, index) => (
        <li key={`${p.rule}${p.path}${index}`}>
          <button
            className={`problem-row sev-${p.severity}`}
            data-testid="problem-row"
            data-rule={p.rule}
            data-severity={p.severity}
            onClick={() => store.getState().select(p.entity, { reveal: true, focusPath: p.path })}
            title={p.path}
          >
            <span className="icon" aria-label={p.severity === 'info' ? 'note' : p.severity}>{ICON[p.severity]}</span>
            <span className="message">{p.message}</span>
            <span className="where">{describeEntity(doc, p.entity)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
