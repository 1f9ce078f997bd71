import { memo, useMemo, useRef, useState } from 'react';
import type { AgentDocument } from '../../model';
import type { TraceEntry } from '../../simulator/types';
import { NO_MASK, type PiiMasker } from '../../simulator/pii-mask';
import { useSessionMasker } from '../useSessionMasker';
import { useApp } from '../../store/context';
import { CallDetails } from './CallDetails';
import { CallTimeline } from './CallTimeline';
import { StepEvents } from './StepEvents';
import { callAskingFor, entriesOfStep, formatMs, modelCalls, stepNumbers, stepTotals, type ModelCallEntry } from './trace';
import './turns.css';

const LATEST = 0;

/** Per step of the open run: its model calls, what each was sent and answered, and the edge that fired. */
export function TurnInspector() {
  const doc = useApp((s) => s.doc);
  const session = useApp((s) => s.session);
  const focus = useApp((s) => s.simFocus);
  // LATEST follows the run; a chosen step stays until the user (or a change-log click) picks another.
  // A focus set before this tab mounted (a change-log click, then the tab opened) counts too.
  const [chosen, setChosen] = useState(focus ? focus.step : LATEST);
  const [seenFocus, setSeenFocus] = useState(focus);
  // pii masked here as everywhere; Reveal shows one step's values in clear. Kept in this component
  // only (never in the store or a saved project), for one run and one step: another step, another
  // run or closing the tab masks them again.
  const mask = useSessionMasker(doc, session);
  const [revealed, setRevealed] = useState<{ run: number; step: number } | null>(null);
  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus) setChosen(focus.step);
  }

  const step = !session ? 0 : chosen === LATEST || chosen > session.turn ? session.turn : chosen;
  const entries = useStepEntries(session?.trace, step);
  const calls = useMemo(() => modelCalls(entries), [entries]);

  if (!session || session.turn === 0) {
    return <div className="empty-state" data-testid="turn-inspector">Run the agent in the Simulator tab; each step's model calls show here.</div>;
  }
  const steps = stepNumbers(session);
  const totals = stepTotals(calls);
  const run = runKey(session);
  const clear = revealed !== null && revealed.run === run && revealed.step === step;
  // Leaving the step (or the run) forgets the reveal: coming back finds it masked.
  if (revealed !== null && !clear) setRevealed(null);
  const hasPii = doc.state.some((f) => f.pii) || doc.tools.some((t) => t.pii.length > 0);

  return (
    <div className="ti" data-testid="turn-inspector">
      <div className="ti-bar">
        <label>
          Step
          <select value={chosen > session.turn ? LATEST : chosen} onChange={(e) => setChosen(Number(e.target.value))} data-testid="step-select">
            <option value={LATEST}>Latest ({session.turn}), following the run</option>
            {steps.map((n) => <option key={n} value={n}>Step {n}</option>)}
          </select>
        </label>
        <span className="cd-meta" data-testid="step-totals">
          {totals.calls} model call{totals.calls === 1 ? '' : 's'} · {formatMs(totals.ms)}
          {(totals.inputTokens > 0 || totals.outputTokens > 0) && ` · ${totals.inputTokens} in / ${totals.outputTokens} out tokens`}
          {totals.failed > 0 && <span className="sev-error"> · {totals.failed} failed</span>}
        </span>
        {hasPii && (
          <button
            className="ghost ti-reveal"
            data-testid="pii-reveal"
            aria-pressed={clear}
            onClick={() => setRevealed(clear ? null : { run, step })}
            title={clear ? 'Mask the pii values of this step again' : "Show this step's pii values in clear, here only: another step, another run or a reload masks them again"}
          >
            {clear ? 'Hide pii' : 'Reveal pii'}
          </button>
        )}
      </div>
      {clear && <div className="ti-revealed" role="status" data-testid="pii-revealed">pii of step {step} shown in clear, in this panel only; every other view still masks it.</div>}
      {session.failure?.step === step && (
        <div className="cd-error ti-failure" data-testid="step-failure">This step stopped on a failed model call: {session.failure.message}</div>
      )}
      {/* Keyed by step and focused tool: each starts on the call that asked for the tool, else the first. */}
      <StepView key={`${step}/${focus?.tool ?? ''}`} doc={doc} mask={clear ? NO_MASK : mask} entries={entries} calls={calls} focusTool={focus?.step === step ? focus.tool : undefined} />
    </div>
  );
}

const NO_ENTRIES: TraceEntry[] = [];

/**
 * One step's trace entries, the same array while they are the same entries: the run goes on and
 * makes a new trace every step, and a step picked earlier then keeps its (memoised) view as it was.
 */
function useStepEntries(trace: readonly TraceEntry[] | undefined, step: number): TraceEntry[] {
  const kept = useRef<TraceEntry[]>(NO_ENTRIES);
  return useMemo(() => {
    const entries = trace ? entriesOfStep(trace, step) : NO_ENTRIES;
    const before = kept.current;
    if (before.length === entries.length && before.every((t, i) => t === entries[i])) return before;
    kept.current = entries;
    return entries;
  }, [trace, step]);
}

/** Which run a reveal belongs to: its first trace entry's time (a reset or a new run has another). */
const runKey = (session: { trace: readonly TraceEntry[] }) => session.trace[0]?.at ?? 0;

/** Memoised: while the run goes on, a step picked earlier has the same entries, calls and masker. */
const StepView = memo(function StepView(props: { doc: AgentDocument; mask: PiiMasker; entries: TraceEntry[]; calls: ModelCallEntry[]; focusTool?: string }) {
  const [selected, setSelected] = useState(() => (callAskingFor(props.calls, props.focusTool) ?? props.calls[0])?.call ?? 0);
  const call = props.calls.find((c) => c.call === selected) ?? props.calls[0];
  return (
    <div className="ti-body">
      <div className="ti-left">
        <div className="se-title">Model calls on one time axis</div>
        {props.calls.length === 0 ? <div className="cd-muted se-line">No model call in this step.</div> : <CallTimeline calls={props.calls} selected={call?.call ?? 0} onSelect={setSelected} />}
        <StepEvents doc={props.doc} mask={props.mask} entries={props.entries} />
      </div>
      <div className="ti-right">{call ? <CallDetails call={call} mask={props.mask} /> : <div className="empty-state">Nothing was sent to the model in this step.</div>}</div>
    </div>
  );
});
