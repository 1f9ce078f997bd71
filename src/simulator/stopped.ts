// A step the user stopped while the agent's own code was running (a tool body, a predicate, a
// template), which only ending the engine's worker can interrupt (ui/engine-host.ts): the step's
// session is what it had last reported. Tool calls the model made that have no result yet are
// closed here — the one running as stopped, the rest as not run — so the chat shows how they ended
// and the next model call gets a result for every call it made (providers refuse a call without).
import { copySession } from './session';
import type { Line, Session } from './types';

export const STOPPED_IN_TOOL = 'Stopped while the tool was running.';
export const NOT_RUN_STOPPED = 'Not run: the step was stopped.';

export function stoppedInsideAgentCode(reached: Session, at: number): Session {
  const s = copySession(reached);
  const answered = new Set(s.transcript.flatMap((l) => (l.kind === 'tool-result' ? [l.id] : [])));
  const open = s.transcript.filter((l): l is Extract<Line, { kind: 'tool-call' }> => l.kind === 'tool-call' && !answered.has(l.id));
  const revision = s.trace.at(-1)?.revision ?? 0;
  open.forEach((call, i) => {
    const error = i === 0 ? STOPPED_IN_TOOL : NOT_RUN_STOPPED;
    const mark = { lines: s.transcript.length, changes: s.changeLog.length };
    s.trace.push({ step: s.turn, revision, at, mark, kind: 'tool-run', toolCallId: call.id, tool: call.name, args: safeArgs(call.arguments), error, logs: [], writes: {} });
    s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, error, modelReads: error });
  });
  const message = open.length ? `Stopped while ${open[0].name} was running.` : "Stopped while the agent's own code was running.";
  s.failure = { step: s.turn, message, kind: 'aborted' };
  return s;
}

function safeArgs(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
