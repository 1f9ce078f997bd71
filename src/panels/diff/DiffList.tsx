import type { AgentDifference } from '../../model/diff';
import { useStoreApi } from '../../store/context';
import type { EntityKind } from '../../model';
import { revealInvisible } from '../../model/invisible';
import './diff.css';

const OPENABLE: ReadonlySet<string> = new Set<EntityKind>(['block', 'stage', 'edge', 'tool', 'state']);

// Invisible characters as markers (⟨U+200B⟩), as the word diff and labels show them (model/diff).
const valueText = (value: unknown): string => (value === undefined ? '(none)' : revealInvisible(typeof value === 'string' ? value : JSON.stringify(value)));

/** Old → new of one difference: a word diff for text (struck and inserted words), else both values. */
function Change({ d }: { d: AgentDifference }) {
  if (d.change === 'added' || d.change === 'removed') return null;
  if (d.words) {
    return (
      <div className="diff-words" data-testid="diff-words">
        {d.words.map((w, i) => (w.op === 'same' ? <span key={i}>{w.text}</span> : w.op === 'removed' ? <del key={i}>{w.text}</del> : <ins key={i}>{w.text}</ins>))}
      </div>
    );
  }
  return (
    <div className="diff-values">
      <del>{valueText(d.old)}</del> → <ins>{valueText(d.new)}</ins>
    </div>
  );
}

/**
 * The differences of two agents as a reviewer reads them: a row per difference, labelled by name
 * ("tool book: description"); a row about an entity of the open agent opens it in the inspector.
 * `openable`: whether the second agent is the open one (its ids are the canvas's).
 * `onOpen`: also told of a click on any row, a removed entity's too (the compare view shows it side by side).
 */
export function DiffList({ differences, openable, empty = 'No differences: the same agent.', onOpen }: { differences: readonly AgentDifference[]; openable: boolean; empty?: string; onOpen?: (d: AgentDifference) => void }) {
  const store = useStoreApi();
  if (differences.length === 0) return <p className="empty-state" data-testid="diff-empty">{empty}</p>;
  const open = (d: AgentDifference) => {
    onOpen?.(d);
    const id = d.entity.b;
    if (!openable || !id || !OPENABLE.has(d.entity.kind)) return;
    store.getState().select({ kind: d.entity.kind as EntityKind, id }, { reveal: true });
  };
  return (
    <ul className="diff-list" data-testid="diff-list" aria-label="Differences">
      {differences.map((d, i) => {
        const canOpen = !!onOpen || (openable && !!d.entity.b && OPENABLE.has(d.entity.kind));
        return (
          <li key={`${d.path}-${i}`} className={`diff-row diff-${d.change}`} data-testid="diff-row">
            <div className="diff-head">
              <span className={`diff-mark diff-mark-${d.change}`}>{d.change}</span>
              {canOpen ? <button className="ghost diff-open" onClick={() => open(d)}>{d.label}</button> : <span>{d.label}</span>}
            </div>
            <Change d={d} />
          </li>
        );
      })}
    </ul>
  );
}
