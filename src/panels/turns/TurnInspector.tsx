import { useState } from 'react';
import type { AgentDocument } from '../../model';
import type { TraceEntry } from '../../simulator/types';
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
  const [chosen, setChosen] = useState(LATEST);
  const [seenFocus, setSeenFocus] = useState(focus);
  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus) setChosen(focus.step);
  }

  if (!session || session.turn === 0) {
    return <div className="empty-state" data-testid="turn-inspector">Run the agent in the Simulator tab; each step's model calls show here.</div>;
  }
  const steps = stepNumbers(session);
  const step = chosen === LATEST || chosen > session.turn ? session.turn : chosen;
  const entries = entriesOfStep(session.trace, step);
  const calls = modelCalls(entries);
  const totals = stepTotals(calls);

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
      </div>
      {session.failure?.step === step && (
        <div className="cd-error ti-failure" data-testid="step-failure">This step stopped on a failed model call: {session.failure.message}</div>
      )}
      {/* Keyed by step and focused tool: each starts on the call that asked for the tool, else the first. */}
      <StepView key={`${step}/${focus?.tool ?? ''}`} doc={doc} entries={entries} calls={calls} focusTool={focus?.step === step ? focus.tool : undefined} />
    </div>
  );
}

function StepView(props: { doc: AgentDocument; entries: TraceEntry[]; calls: ModelCallEntry[]; focusTool?: string }) {
  const [selected, setSelected] = useState(() => (callAskingFor(props.calls, props.focusTool) ?? props.calls[0])?.call ?? 0);
  const call = props.calls.find((c) => c.call === selected) ?? props.calls[0];
  return (
    <div className="ti-body">
      <div className="ti-left">
        <div className="se-title">Model calls on one time axis</div>
        {props.calls.length === 0 ? <div className="cd-muted se-line">No model call in this step.</div> : <CallTimeline calls={props.calls} selected={call?.call ?? 0} onSelect={setSelected} />}
        <StepEvents doc={props.doc} entries={props.entries} />
      </div>
      <div className="ti-right">{call ? <CallDetails call={call} /> : <div className="empty-state">Nothing was sent to the model in this step.</div>}</div>
    </div>
  );
}
