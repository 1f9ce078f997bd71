import { useEffect, useRef, useState } from 'react';
import type { Tool } from '../../../model';
import { setHelperMock } from '../../../model/ops';
import { helperMocksOf } from '../../../simulator/class-code/mocks';
import type { MockNeed, TraceEntry } from '../../../simulator/types';
import { useApp } from '../../../store/context';
import { useClassInsight } from '../../useClassInsight';
import { useCommit, useEndGesture } from '../commit';
import { helperMockPath } from '../open-mock';
import { useRevealRequest } from '../reveal';
import type { SectionProps } from '../types';
import { answerText, callOf, readAnswer } from './mock-answer';
import './helper-mocks.css';

interface Shown extends MockNeed {
  via: string[];
  /** Other tools whose code calls it too: one answer serves them all. */
  sharedWith: string[];
}

/** What the last run said this tool needed, beyond what reading the code found (a name built at run time). */
function runNeeds(trace: readonly TraceEntry[] | undefined, tool: string): MockNeed[] {
  const out: MockNeed[] = [];
  for (const t of trace ?? []) if (t.kind === 'tool-run' && t.tool === tool && t.failure === 'needs-mock') out.push(...(t.needs ?? []));
  return out;
}

/**
 * The Code tab's list of what the tool's code calls that cannot run in the simulator (an import
 * from another file or a package, the world's calls), each with its mock answer: JSON, saved
 * with the agent (doc.mocks.helpers), used by every run and every conversation test.
 */
export function HelperMocks({ entity: tool, doc }: SectionProps<Tool>) {
  const hasCode = tool.kind === 'function' && !!tool.implementation?.trim();
  const insight = useClassInsight(doc, hasCode);
  const trace = useApp((s) => s.session?.trace);
  const reveal = useRevealRequest();
  const root = useRef<HTMLDivElement>(null);
  const revealed = useRef(-1);

  const shown: Shown[] = [];
  const all = insight.value?.tools ?? [];
  for (const need of all.find((t) => t.tool === tool.name)?.needs ?? []) {
    shown.push({ ...need, sharedWith: all.filter((t) => t.tool !== tool.name && t.needs.some((n) => n.helper === need.helper)).map((t) => t.tool) });
  }
  for (const need of runNeeds(trace, tool.name)) if (!shown.some((s) => s.helper === need.helper)) shown.push({ ...need, via: [], sharedWith: [] });
  const helpers = shown.map((s) => s.helper).join('\n');

  // A row asked for ("Give agendaFor a mock answer") may only appear once the code is read.
  useEffect(() => {
    if (!reveal || revealed.current === reveal.tick || !reveal.rest.startsWith('/mocks/')) return;
    const row = [...(root.current?.querySelectorAll<HTMLElement>('[data-path]') ?? [])].find((n) => n.dataset.path === reveal.rest);
    if (!row) return;
    revealed.current = reveal.tick;
    if (row.contains(document.activeElement)) return;
    row.scrollIntoView({ block: 'center' });
    row.querySelector('textarea')?.focus({ preventScroll: true });
    row.classList.remove('flash');
    void row.offsetWidth; // restart the animation
    row.classList.add('flash');
  }, [reveal, helpers]);

  if (!hasCode) return null;
  if (shown.length === 0) {
    return insight.error ? <div className="insp-error" data-testid="helper-mocks-error">Could not read what this code calls: {insight.error}</div> : null;
  }
  const mocks = helperMocksOf(doc);
  return (
    <div className="helper-mocks" ref={root} data-testid="helper-mocks">
      <div className="insp-section helper-mocks-title">Cannot run in the simulator</div>
      <p className="insp-hint">
        The code calls what only the real runtime has. Give each a mock answer: runs and conversation tests get it in place of the call.
      </p>
      {shown.map((need) => (
        <HelperMockRow key={need.helper} need={need} has={Object.hasOwn(mocks, need.helper)} value={mocks[need.helper]} />
      ))}
    </div>
  );
}

function HelperMockRow({ need, has, value }: { need: Shown; has: boolean; value: unknown }) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = draft ?? (has ? answerText(value) : '');
  const id = `helper-mock-${need.helper}`;
  // A helper of the agent's folder that cannot be bundled says why (it imports a package…).
  const origin = need.kind === 'import' ? `imported from "${need.from}"${need.why ? `: ${need.why}` : ''}` : need.from;
  return (
    <div className="helper-mock" data-path={helperMockPath(need.helper)} data-testid={`helper-mock-${need.helper}`} data-mocked={has}>
      <div className="helper-mock-head">
        <label htmlFor={id} className="helper-mock-name">{callOf(need)}</label>
        <span className={`badge ${has ? 'ok' : 'bad'}`} data-testid="helper-mock-status">{has ? 'mocked' : 'needs a mock'}</span>
      </div>
      <div className="helper-mock-origin">
        {origin}
        {need.via.length > 0 && <> · called through <code>{need.via.join(' → ')}</code></>}
      </div>
      <textarea
        id={id}
        className="mono"
        spellCheck={false}
        rows={Math.min(8, Math.max(2, shown.split('\n').length))}
        value={shown}
        placeholder={`What ${callOf(need)} answers, as JSON: e.g. [{"id": "a"}], {"found": true} or "text"`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid="helper-mock-input"
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const read = readAnswer(text, need.helper);
          // Written as soon as it reads, one undo step for the whole edit (closed on blur).
          setError(read.ok ? commit((d) => setHelperMock(d, need.helper, read.value), 'gesture') : read.error);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && draft !== null) {
            setDraft(null);
            setError(undefined);
          }
        }}
        onBlur={(e) => {
          endGesture();
          if (error) return;
          setDraft(null);
          // Shown again from its start, as saved (reformatted).
          e.currentTarget.scrollTop = 0;
        }}
      />
      {error && <div className="insp-error" role="alert" data-testid="helper-mock-error">{error}</div>}
      <div className="helper-mock-foot">
        <span className="insp-hint" id={`${id}-hint`}>
          Every call answers this value (await gets it too). Saved with the agent{need.sharedWith.length > 0 ? `; also answers ${need.sharedWith.join(', ')}` : ''}.
        </span>
        <button
          type="button"
          className="ghost"
          data-testid="helper-mock-clear"
          disabled={!has && draft === null}
          title="Remove the mock answer: the call fails again, naming what it needs"
          onClick={() => {
            commit((d) => setHelperMock(d, need.helper, undefined));
            setDraft(null);
            setError(undefined);
          }}
        >
          Clear
        </button>
      </div>
    </div>
  );
}
