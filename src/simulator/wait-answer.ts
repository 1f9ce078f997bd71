// An answer to a wait token in a runtime that has no wait stages (Pinecall, Pipecat: a loss): noted
// in the trace, and nothing else changes.
import { copySession } from './session';
import type { Session, SimInput, StepDeps } from './types';

export function waitAnswerNotUsed(session: Session, input: Extract<SimInput, { kind: 'wait' }>, deps: StepDeps, runtime: string): Session {
  const s = copySession(session);
  delete s.failure;
  const mark = { lines: s.transcript.length, changes: s.changeLog.length };
  const message = `answer to ${input.token} not used: ${runtime} has no wait stages, so nothing waits on a token`;
  s.trace.push({ step: s.turn, revision: deps.revision, at: (deps.now ?? Date.now)(), mark, kind: 'note', message });
  return s;
}
