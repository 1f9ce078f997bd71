// "Play the model" (issue 32): where the offline model's rules cannot decide, a person answers in
// the model's place. The answer is kept as a PlayedTurn (the test format's `model` entries) and the
// engine takes it at its step instead of calling the model (step-base.ts), so the step goes on
// exactly as if the model had answered so. Pure.
import type { PlayedTurn } from '../model';
import type { CallPurpose, ModelResponse, Session, TraceEntry, Undecided } from './types';

/** The calls a played turn answers; a natural-language condition's yes/no and the simulated caller are never played. */
const PLAYED_PURPOSES: readonly CallPurpose[] = ['agent', 'tools', 'reply'];

/** The words the chat and the trace mark a played answer with. */
export const PLAYED_BY_YOU = 'Played by you';

/** A played turn's tools as the chat says them: `book_slot {"time":"13:00"}`. */
function toolsSaid(turn: PlayedTurn): string {
  return (turn.tools ?? []).map((t) => `${t.name} ${JSON.stringify(t.arguments)}`).join(', ');
}

/** What the answer holds for a call of `purpose`: Block Agent's tools call takes the tools, its reply call the words. */
export function playedResponse(turn: PlayedTurn, purpose: CallPurpose): ModelResponse {
  const tools = purpose === 'reply' ? [] : (turn.tools ?? []);
  const text = purpose === 'tools' ? '' : (turn.says ?? '');
  const toolCalls = tools.map((t, i) => ({ id: `played_${turn.step}_${i + 1}`, name: t.name, arguments: JSON.stringify(t.arguments) }));
  const parts = [toolCalls.length ? `called ${toolsSaid({ ...turn, tools })}` : '', text ? `said "${text}"` : ''].filter(Boolean);
  const said = parts.join(' and ') || (purpose === 'reply' ? 'said nothing' : 'called no tool');
  const message = `${PLAYED_BY_YOU}: the model's ${purpose} call ${said}.`;
  return { text, toolCalls, notes: [message], chatNotes: [message], played: true };
}

/**
 * The played answer for a call of `purpose` in step `step`, if one is given: only the step's first
 * call of that purpose takes it (a later one, after the tools' results, is the model's again), and
 * `trace` (the session's, up to now) says whether that call was already made.
 */
export function playedFor(played: readonly PlayedTurn[] | undefined, step: number, purpose: CallPurpose, trace: readonly TraceEntry[]): ModelResponse | undefined {
  if (!played?.length || !PLAYED_PURPOSES.includes(purpose)) return undefined;
  const turn = played.find((t) => t.step === step);
  if (!turn) return undefined;
  for (let i = trace.length - 1; i >= 0 && trace[i].step === step; i--) {
    const entry = trace[i];
    if (entry.kind === 'model-call' && entry.request.purpose === purpose) return undefined;
  }
  return playedResponse(turn, purpose);
}

/** Where the offline model's rules could not read the caller's line in the last step of `session`, if they could not. */
export function undecidedInLastStep(session: Session): (Undecided & { step: number }) | undefined {
  const trace = session.trace;
  for (let i = trace.length - 1; i >= 0 && trace[i].step === session.turn; i--) {
    const entry = trace[i];
    if (entry.kind === 'model-call' && entry.response?.undecided && !entry.response.played) return { ...entry.response.undecided, step: entry.step };
  }
  return undefined;
}
