import type { AgentDocument } from '../../model';
import { headOf } from '../cut-text';
import { ASPECT_LABEL, DIFF_ASPECTS, type DiffAspect, type DiffMark, type StepDiff } from '../../simulator/replay/diff';
import type { StepSummary } from '../../simulator/replay/summary';
import { displayArguments, displayValue } from '../../simulator/session';
import type { SimInput } from '../../simulator/types';

/** The mark in words as well as colour, so it reads without colour too. */
const MARK_TEXT: Record<DiffMark, string> = { same: 'same', changed: 'changed', added: 'only in the replay', removed: 'not reached' };

export function Mark({ mark }: { mark: DiffMark }) {
  return <span className={`replay-mark ${mark}`} data-testid="replay-mark">{MARK_TEXT[mark]}</span>;
}

function inputLabel(input: SimInput): string {
  if (input.kind === 'say') return `Caller: “${input.text}”`;
  if (input.kind === 'open') return 'The agent opens the call';
  return `Wait answer: ${input.token} = ${input.value}`;
}

function args(doc: AgentDocument, name: string, value: unknown): string {
  const tool = doc.tools.find((t) => t.name === name);
  // Arguments that do not parse are shown as sent, unless the tool has pii parameters they may hold.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return tool?.pii.length ? '***' : String(value);
  return JSON.stringify(tool ? displayArguments(tool, value as Record<string, unknown>) : value);
}

/** A value in a replay cell, at most 2,000 characters: a tool may write megabytes into a field. */
function clipped(text: string): string {
  return text.length > 2_000 ? `${headOf(text, 2_000)}…` : text;
}

/** One side of one aspect of a step. */
function AspectCell({ aspect, summary, diff, doc }: { aspect: DiffAspect; summary?: StepSummary; diff: StepDiff; doc: AgentDocument }) {
  if (!summary) return <span className="replay-none">{diff.mark === 'removed' ? 'not reached: the replay stopped before this step' : '—'}</span>;
  switch (aspect) {
    case 'tools':
      if (summary.tools.length === 0) return <span className="replay-none">none</span>;
      return (
        <ul>
          {summary.tools.map((t, i) => (
            <li key={i} className="replay-code"><b>{t.name}</b> {clipped(args(doc, t.name, t.args))}</li>
          ))}
        </ul>
      );
    case 'stages':
      return <span>{summary.stages.join(' → ')}</span>;
    case 'state': {
      const shown = diff.aspects.state === 'changed' ? diff.stateFields.map((f) => ({ field: f, value: summary.state[f] })) : summary.writes;
      if (shown.length === 0) return <span className="replay-none">no writes</span>;
      return (
        <ul>
          {shown.map((w, i) => (
            <li key={i} className="replay-code">{w.field} = {clipped(displayValue(doc, w.field, w.value))}</li>
          ))}
        </ul>
      );
    }
    case 'said':
      return (
        <>
          {summary.said.length === 0 && !summary.failure && <span className="replay-none">nothing</span>}
          <ul>
            {summary.said.map((line, i) => <li key={i}>“{line}”</li>)}
          </ul>
          {summary.failure && <div className="replay-failure">The model call failed: {summary.failure}</div>}
        </>
      );
  }
}

/** A step of both runs, aspect by aspect: label, original, replay, and the mark. */
export function StepDiffView({ diff, doc }: { diff: StepDiff; doc: AgentDocument }) {
  const input = (diff.old ?? diff.new)!.input;
  return (
    <section className={`replay-step ${diff.mark}`} data-testid="replay-step" data-step={diff.step} data-mark={diff.mark} aria-label={`Step ${diff.step}: ${MARK_TEXT[diff.mark]}`}>
      <div className="replay-step-head">
        <b>Step {diff.step}</b>
        <span className="replay-input">{inputLabel(input)}</span>
        <Mark mark={diff.mark} />
      </div>
      {DIFF_ASPECTS.map((aspect) => (
        <div key={aspect} className={`replay-row ${diff.aspects[aspect]}`} data-testid={`replay-${aspect}`} data-mark={diff.aspects[aspect]}>
          <span className="replay-label">{ASPECT_LABEL[aspect]}</span>
          <div className="replay-cell">
            <AspectCell aspect={aspect} summary={diff.old} diff={diff} doc={doc} />
          </div>
          <div className="replay-cell">
            <AspectCell aspect={aspect} summary={diff.new} diff={diff} doc={doc} />
          </div>
          <Mark mark={diff.aspects[aspect]} />
        </div>
      ))}
    </section>
  );
}
