import type { PiiMasker } from '../../simulator/pii-mask';
import { MASK } from '../../simulator/pii-mask';
import { compactJson, diffValues } from './diff';
import { shortJson } from '../cut-text';

// A title holds at most a few thousand characters: a 12 MB value whole in one froze its row's hover.
const shown = (value: unknown) => shortJson(value, 4_000);

/**
 * One write's prev → next. A pii field is `***` on both sides and never diffed: a diff of a
 * masked value would leak which characters changed. Any other value is masked before it is
 * diffed (a pii value copied into it, a record holding one under a pii key).
 */
export function ChangeValue({ mask, field, prev: rawPrev, next: rawNext }: { mask: PiiMasker; field: string; prev: unknown; next: unknown }) {
  if (mask.isPii(field)) return <Whole prev={MASK} next={MASK} />;
  const prev = mask.value(rawPrev);
  const next = mask.value(rawNext);
  const rows = diffValues(prev, next);
  if (rows === null) return <Whole prev={shown(prev)} next={shown(next)} />;
  return (
    <ul className="cl-diff" data-testid="change-diff">
      {rows.map((row) => (
        <li key={row.key} className={`cl-diff-${row.kind}`} data-kind={row.kind}>
          <span className="cl-mark" aria-label={row.kind}>{row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : '~'}</span>
          <span className="cl-key">{row.key}</span>
          {row.kind === 'added' && <span className="cl-next" title={shown(row.next)}>{compactJson(row.next, 60)}</span>}
          {row.kind === 'removed' && <span className="cl-prev" title={shown(row.prev)}>{compactJson(row.prev, 60)}</span>}
          {row.kind === 'changed' && (
            <>
              <span className="cl-prev" title={shown(row.prev)}>{compactJson(row.prev, 40)}</span>
              <span className="cl-arrow">→</span>
              <span className="cl-next" title={shown(row.next)}>{compactJson(row.next, 40)}</span>
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
