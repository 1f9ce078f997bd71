import { memo, useState } from 'react';
import { useApp } from '../../store/context';
import { OFFLINE_CANNOT_CALL, type ControllerView, type RunController } from '../../run/controller';
import './simulated-caller.css';

const MAX_LINES_LIMIT = 30;

/**
 * "Simulated caller": an LLM plays the caller from a persona and a goal, for at most K lines. Its
 * lines go through the run as typed ones would, so the run can be restarted or saved as a test.
 */
export const SimulatedCaller = memo(function SimulatedCaller({ controller, caller, hidden }: { controller: RunController; caller: ControllerView['caller']; hidden: boolean }) {
  const offline = useApp((s) => s.llm.provider === 'offline');
  const running = useApp((s) => s.running);
  const ended = useApp((s) => s.session?.ended ?? false);
  const [persona, setPersona] = useState('');
  const [goal, setGoal] = useState('');
  const [maxText, setMaxText] = useState('8');
  const maxLines = Number(maxText);
  const maxValid = Number.isInteger(maxLines) && maxLines >= 1 && maxLines <= MAX_LINES_LIMIT;
  const active = caller?.running ?? false;
  const canStart = !offline && !active && !running && !ended && persona.trim() !== '' && maxValid;
  const why = offline ? OFFLINE_CANNOT_CALL : ended ? 'The call has ended: Reset to start a new one.' : !persona.trim() ? 'Write who calls and what they want first.' : undefined;

  return (
    <section className="sim-sc" data-testid="sim-caller-panel" aria-label="Simulated caller" hidden={hidden}>
      <div className="sim-sc-row">
        <label className="sim-sc-persona">
          <span>Persona</span>
          <textarea
            data-testid="sim-caller-persona"
            rows={1}
            value={persona}
            disabled={active}
            placeholder="Ana Ruiz, phone 600 111 222. Wants a Tuesday morning cleaning and gives her phone only when asked."
            onChange={(e) => setPersona(e.target.value)}
          />
        </label>
        <label className="sim-sc-goal">
          <span>Goal</span>
          <input data-testid="sim-caller-goal" value={goal} disabled={active} placeholder="Optional: what counts as done, e.g. a booking confirmed" onChange={(e) => setGoal(e.target.value)} />
        </label>
        <label className="sim-sc-max" title="K: the most lines the caller says before it stops">
          <span>Max lines</span>
          <input data-testid="sim-caller-max" type="number" min={1} max={MAX_LINES_LIMIT} value={maxText} disabled={active} aria-invalid={!maxValid} onChange={(e) => setMaxText(e.target.value)} />
        </label>
        {active ? (
          <button data-testid="sim-caller-stop" className="danger" onClick={() => controller.stopCaller()}>Stop</button>
        ) : (
          <button data-testid="sim-caller-start" className="primary" disabled={!canStart} title={why} onClick={() => void controller.simulateCaller({ persona, goal }, maxLines)}>
            Start
          </button>
        )}
      </div>
      {!maxValid && <div className="sim-sc-note failed" role="alert">Max lines is a whole number from 1 to {MAX_LINES_LIMIT}.</div>}
      {offline ? (
        <div className="sim-sc-note" data-testid="sim-caller-offline">{OFFLINE_CANNOT_CALL}</div>
      ) : (
        caller && (
          <div className={`sim-sc-note${caller.failed ? ' failed' : ''}`} role="status" data-testid="sim-caller-status">
            {caller.running ? `The simulated caller is on the line: ${caller.lines} of at most ${caller.maxLines} lines said…` : caller.outcome}
          </div>
        )
      )}
    </section>
  );
});
