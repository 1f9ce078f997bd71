// Pinecall's step engine as the entry points see it (engine.ts).
import type { Engine } from '../engine';
import { copySession } from '../session';
import type { Session, SimInput, StepDeps } from '../types';
import { pinecallRetry, pinecallStep } from './step';

/** Pinecall has no wait stages (a loss): an answer to one is noted and changes nothing else. */
function pinecallWaitAnswer(session: Session, input: Extract<SimInput, { kind: 'wait' }>, deps: StepDeps): Session {
  const s = copySession(session);
  delete s.failure;
  const mark = { lines: s.transcript.length, changes: s.changeLog.length };
  const message = `answer to ${input.token} not used: Pinecall has no wait stages, so nothing waits on a token`;
  s.trace.push({ step: s.turn, revision: deps.revision, at: (deps.now ?? Date.now)(), mark, kind: 'note', message });
  return s;
}

export const pinecallEngine: Engine = {
  step: async (doc, session, input, deps) =>
    input.kind === 'wait' ? pinecallWaitAnswer(session, input, deps) : pinecallStep(doc, session, input.kind === 'say' ? input.text : null, deps),
  // Pinecall's step is one loop of model calls: its failures are in the `agent` phase.
  retries: (point) => point.phase === 'agent',
  retry: pinecallRetry,
};
