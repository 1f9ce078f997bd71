import type { AgentDocument } from '../../model';
import { isPiiName } from '../../model/pii';
import { displayValue, MASK } from '../../simulator/session';
import { compactJson, diffValues } from './diff';

const isPii = (doc: AgentDocument, field: string) => isPiiName(doc, field);

/**
 * One write's prev → next. A pii field is `***` on both sides and never diffed: a diff of a
 * masked value would leak which characters changed.
 */
export function ChangeValue({ doc, field, prev, next }: { doc: AgentDocument; field: string; prev: unknown; next: unknown }) {
  if (isPii(doc, field)) return <Whole prev={MASK} next={MASK} />;
  const rows = diffValues(prev, next);
  if (rows === null) return <Whole prev={displayValue(doc, field, prev)} next={displayValue(doc, field, next)} />;
  return (
    <ul className="cl-diff" data-testid="change-diff">
      {rows.map((row) => (
        <li key={row.key} className={`cl-diff-${row.kind}`} data-kind={row.kind}>
          <span className="cl-mark" aria-label={row.kind}>{row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : '~'}</span>
          <span className="cl-key">{row.key}</span>
          {row.kind === 'added' && <span className="cl-next" title={JSON.stringify(row.next)}>{compactJson(row.next, 60)}</span>}
          {row.kind === 'removed' && <span className="cl-prev" title={JSON.stringify(row.prev)}>{compactJson(row.prev, 60)}</span>}
          {row.kind === 'changed' && (
            <>
              <span className="cl-prev" title={JSON.stringify(row.prev)}>{compactJson(row.prev, 40)}</span>
              <span className="cl-arrow">→</span>
              <span className="cl-next" title={JSON.stringify(row.next)}>{compactJson(row.next, 40)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Whole({ prev, next }: { prev: string; next: string }) {
  return (
    <span className="cl-whole">
      <span className="cl-prev" title={prev}>{clip(prev)}</span>
      <span className="cl-arrow">→</span>
      <span className="cl-next" title={next}>{clip(next)}</span>
    </span>
  );
}

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
