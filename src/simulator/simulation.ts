// The simulator's entry points over the engines (engines.ts, one per runtime): open a session, run one input in the document's
// runtime (or the one asked for), retry a failed step, and run a whole script (the CLI, conversation
// tests and exported runs). Pure: sessions in, new sessions out.
import { byId, type AgentDocument, type Target } from '../model';
import { ENGINES } from './runtime-homes';
import { openSession } from './session';
import { sessionEvents, type SimEvent } from './simulation-events';
import type { Session, SimInput, StepDeps } from './types';

export { sessionEvents, type SimEvent } from './simulation-events';

export interface StartOptions {
  /** Values for state fields before the call opens (fields the document does not declare are ignored). */
  initialState?: Record<string, unknown>;
  /** Both runtimes open on the entry stage, so the session is the same; accepted so callers say it once. */
  runtime?: Target;
  /** "Simulate from here": the stage (id) the call opens on instead of the entry. */
  startStageId?: string | null;
}

export function startSession(doc: AgentDocument, options: StartOptions = {}): Session {
  return openSession(doc, options);
}

/** Runs one input as a step of `runtime` (the document's target by default). */
export async function runStep(doc: AgentDocument, session: Session, input: SimInput, deps: StepDeps, runtime: Target = doc.target): Promise<Session> {
  return ENGINES[runtime].step(doc, session, input, deps);
}

/**
 * Re-issues the failed model call(s) of the last step, without adding its input again, and goes on
 * from there. A session without a failure comes back as it is. The failure says which runtime's
 * step it was (its retry phase), so no runtime is asked for.
 */
export async function retryStep(doc: AgentDocument, session: Session, deps: StepDeps): Promise<Session> {
  const retry = session.failure?.retry;
  if (!retry) return session;
  const engine = Object.values(ENGINES).find((e) => e.retries(retry));
  return engine ? engine.retry(doc, session, deps) : session;
}

export interface Script {
  /** Caller lines, in order. */
  says: string[];
  /** Answers to wait tokens: given whenever the call sits on a wait stage with that token. */
  waits?: Record<string, string>;
  /** The agent speaks before the first caller line. */
  agentFirst?: boolean;
  runtime?: Target;
  initialState?: Record<string, unknown>;
  startStageId?: string | null;
  /**
   * Ends the script after the step for which it is true (the session as that step left it, and
   * no `end` event): `callboard simulate` ends where the offline model could not read a line.
   */
  until?: (after: Session) => boolean;
}

/** Wait answers in a row, at most: a chain of wait stages is fine, a cycle of them must stop. */
const MAX_WAIT_ANSWERS = 20;

/**
 * Runs a script to its end: each caller line is a step, and after each step, while the call sits
 * on a wait stage whose token has an answer in `waits`, the answer is given. Stops when the call has
 * ended or a model call failed (the session carries the failure). `onEvent` hears each step's
 * events as it finishes, then `{type: 'end'}` when the script ran through.
 */
export async function runScript(doc: AgentDocument, script: Script, deps: StepDeps, onEvent?: (event: SimEvent) => void): Promise<Session> {
  const runtime = script.runtime ?? doc.target;
  const waits = script.waits ?? {};
  let session = startSession(doc, { initialState: script.initialState, runtime, startStageId: script.startStageId });
  const step = async (input: SimInput): Promise<boolean> => {
    const before = session;
    session = await runStep(doc, session, input, deps, runtime);
    for (const event of sessionEvents(before, session, doc)) onEvent?.(event);
    return session.failure === undefined && !script.until?.(session);
  };
  const answerWaits = async (): Promise<boolean> => {
    for (let i = 0; i < MAX_WAIT_ANSWERS && ENGINES[runtime].answersWaits && !session.ended; i++) {
      const stage = byId(doc.stages, session.stageId);
      const token = stage?.kind === 'wait' ? stage.waitToken : undefined;
      if (token === undefined || !Object.hasOwn(waits, token)) return true;
      const waitingOn = session.stageId;
      if (!(await step({ kind: 'wait', token, value: waits[token] }))) return false;
      if (session.stageId === waitingOn) return true; // no edge took the answer: ask no more
    }
    return true;
  };
  if (script.agentFirst && !((await step({ kind: 'open' })) && (await answerWaits()))) return session;
  for (const text of script.says) {
    if (session.ended) break;
    if (!(await step({ kind: 'say', text })) || !(await answerWaits())) return session;
  }
  onEvent?.({ type: 'end' });
  return session;
}
