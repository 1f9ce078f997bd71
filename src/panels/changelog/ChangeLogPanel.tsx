import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { describeEntity, type AgentDocument } from '../../model';
import type { Change } from '../../simulator/types';
import { authorName } from '../../simulator/author-name';
import type { PiiMasker } from '../../simulator/pii-mask';
import { useSessionMasker } from '../useSessionMasker';
import { useApp, useStoreApi } from '../../store/context';
import { authorRef, countLabel, distinct, entryName, filterChanges, isLog, logDataText, NO_FILTER, relativeTime, runStart, type ChangeFilter } from './changes';
import { ChangeValue } from './ChangeValue';
import './changelog.css';

const EMPTY: Change[] = [];

/**
 * Every state write of the open run, and every fact its code logged (`this.log`), newest at the
 * bottom; follows the run while scrolled to the end.
 */
export function ChangeLogPanel() {
  const doc = useApp((s) => s.doc);
  const session = useApp((s) => s.session);
  const focus = useApp((s) => s.simFocus);
  const store = useStoreApi();
  const [filter, setFilter] = useState<ChangeFilter>(NO_FILTER);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  // A reset forgets the row picked in the run before; its seq would name another write in the next one.
  if (!session && selectedSeq !== null) setSelectedSeq(null);
  const changes = session?.changeLog ?? EMPTY;
  // A step that wrote nothing leaves the change log the same array (session-delta.ts): the rows stay.
  const visible = useMemo(() => filterChanges(changes, filter), [changes, filter]);
  const start = useMemo(() => (session ? runStart(session) : null), [session]);
  const scroller = useFollowTail(visible.length);
  // pii masked by name and by the values the run saw under a pii name (simulator/pii-mask.ts);
  // the same masker while those are the same, so each row stays as it was.
  const mask = useSessionMasker(doc, session);
  const fields = useMemo(() => distinct(changes, 'field').map((f) => ({ value: f, label: f })), [changes]);
  const authors = useMemo(() => distinct(changes, 'author').map((a) => ({ value: a, label: authorName(doc, a) })), [changes, doc]);

  const open = useCallback((change: Change) => {
    setSelectedSeq(change.seq);
    const author = authorRef(doc, change.author);
    // Only a tool is an entity to open; the runtime and edge authors leave the selection alone.
    if (author.kind === 'tool') store.getState().select({ kind: 'tool', id: author.id }, { reveal: true });
    store.getState().setSim({ simFocus: author.kind === 'tool' ? { step: change.turn, tool: author.name } : { step: change.turn } });
  }, [doc, store]);

  if (changes.length === 0) {
    return (
      <div className="changelog" data-testid="changelog-panel">
        <div className="empty-state">Run the agent in the Simulator tab; every state write, and every this.log of its code, shows here.</div>
      </div>
    );
  }

  return (
    <div className="changelog" data-testid="changelog-panel">
      <div className="cl-filters">
        <FilterSelect label="Field" all="all fields" value={filter.field} options={fields} onChange={(field) => setFilter({ ...filter, field })} />
        {/* Filtered by the author as recorded; listed by name (an edge by its stages, never its id). */}
        <FilterSelect label="Author" all="all authors" value={filter.author} options={authors} onChange={(author) => setFilter({ ...filter, author })} />
        <span className="cl-count" data-testid="changelog-count">{countLabel(visible.length, changes)}</span>
        {visible.length !== changes.length && <button className="ghost" onClick={() => setFilter(NO_FILTER)}>Show all</button>}
      </div>
      <div className="cl-scroll" ref={scroller.ref} onScroll={scroller.onScroll}>
        {visible.length === 0 ? (
          <div className="empty-state">No writes match the filters.</div>
        ) : (
          <table className="cl-table">
            <thead>
              <tr><th className="num">#</th><th className="num">Step</th><th>Field</th><th>prev → next</th><th>Author</th><th className="num">Time</th></tr>
            </thead>
            <tbody>
              {visible.map((c) => (
                <ChangeRow key={c.seq} change={c} selected={selectedSeq === c.seq} inFocus={focus?.step === c.turn} doc={doc} mask={mask} start={start} onOpen={open} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

/** One entry. Memoised: a step adds rows at the end and leaves the ones before it as they were. */
const ChangeRow = memo(function ChangeRow({ change: c, selected, inFocus, doc, mask, start, onOpen }: {
  change: Change;
  selected: boolean;
  inFocus: boolean;
  doc: AgentDocument;
  mask: PiiMasker;
  start: number | null;
  onOpen(change: Change): void;
}) {
  return (
    <tr
      data-testid="change-row"
      data-seq={c.seq}
      data-kind={isLog(c) ? 'log' : 'write'}
      tabIndex={0}
      aria-selected={selected}
      className={inFocus ? 'in-focus' : undefined}
      onClick={() => onOpen(c)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(c)}
    >
      <td className="num">{c.seq}</td>
      <td className="num">{c.turn}</td>
      {isLog(c) ? (
        <>
          <td className="cl-field" title={`this.log(${JSON.stringify(entryName(c))}, …): a fact the code logged, not a write`}>
            <span className="cl-chip log" data-testid="log-chip">log</span> {entryName(c)}
          </td>
          <td className="cl-value cl-logged" data-testid="log-data">{logDataText(mask, c.next)}</td>
        </>
      ) : (
        <>
          <td className="cl-field">{c.field}</td>
          <td className="cl-value"><ChangeValue mask={mask} field={c.field} prev={c.prev} next={c.next} /></td>
        </>
      )}
      <td><AuthorChip doc={doc} author={c.author} /></td>
      <td className="num cl-time" title={new Date(c.at).toISOString()}>{relativeTime(c.at, start)}</td>
    </tr>
  );
});

function FilterSelect(props: { label: string; all: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const options = props.value && !props.options.some((o) => o.value === props.value) ? [...props.options, { value: props.value, label: props.value }] : props.options;
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={`changelog-filter-${props.label.toLowerCase()}`}>
        <option value="">{props.all}</option>
        {/* A filter set in an earlier run stays choosable, so the select never shows a value it lacks. */}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </label>
  );
}

function AuthorChip({ doc, author }: { doc: AgentDocument; author: string }) {
  const ref = authorRef(doc, author);
  if (ref.kind === 'tool') return <span className="cl-chip tool" data-testid="author-chip" title={`tool ${ref.name}: click the row to open it`}>{ref.name}</span>;
  if (ref.kind === 'edge') return <span className="cl-chip edge" data-testid="author-chip" title={`${describeEntity(doc, ref)}: its conditions held`}>{describeEntity(doc, ref)}</span>;
  return <span className="cl-chip runtime" data-testid="author-chip">{authorName(doc, ref.name)}</span>;
}

/**
 * Keeps a scroll box at its end while the user has not scrolled up (a terminal's rule): new rows
 * arrive live during a run, and reading an earlier row must not be yanked away.
 */
function useFollowTail(rowCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && atEnd.current) box.scrollTop = box.scrollHeight;
  }, [rowCount]);
  const onScroll = () => {
    const box = ref.current;
    if (box) atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 8;
  };
  return { ref, onScroll };
}
