// Opening a session, and the small value helpers the change log and its views share.
import { isPiiName } from '../model/pii';
import type { AgentDocument, Tool } from '../model';
import { setOwn } from '../model/own';
import type { Session } from './types';
import { noteCopy } from './append-only';
import { MASK } from './pii-mask';

export { MASK };

/** A fresh session: each field at its default, on the entry stage (Pinecall: the stage field's default). */
export function newSession(doc: AgentDocument): Session {
  const state: Record<string, unknown> = {};
  // setOwn: a field named `__proto__` is a key of the state, not the state object's prototype.
  // A repeated name is one variable, the first field's: both exports keep that one (and its default).
  for (const field of doc.state) {
    if (!Object.hasOwn(state, field.name)) setOwn(state, field.name, field.default === undefined ? undefined : structuredClone(field.default));
  }
  return { state, stageId: doc.entryStageId, transcript: [], changeLog: [], trace: [], turn: 0, ended: false };
}

export interface OpenOptions {
  /** Values for state fields before the call opens (fields the document does not declare are ignored). */
  initialState?: Record<string, unknown>;
  /**
   * "Simulate from here" and a test's `start`: the call opens on this stage instead of the entry.
   * The session then carries a note, shown in the chat, saying where it started and with what.
   */
  startStageId?: string | null;
}

/**
 * A fresh session with the given initial values, on the entry stage or the one asked for. Light
 * (no engine): the page opens a "Simulate from here" session before the runtime has loaded.
 */
export function openSession(doc: AgentDocument, options: OpenOptions = {}): Session {
  const session = newSession(doc);
  const given = Object.entries(options.initialState ?? {}).filter(([field]) => doc.state.some((f) => f.name === field));
  for (const [field, value] of given) setOwn(session.state, field, structuredClone(value));
  const start = options.startStageId ? doc.stages.find((s) => s.id === options.startStageId) : undefined;
  if (start) {
    session.stageId = start.id;
    session.trace.push({ kind: 'note', chat: true, step: 0, revision: 0, at: 0, mark: { lines: 0, changes: 0 }, message: startedAtMessage(doc, start.name, given) });
  }
  return session;
}

/** "Started at collect_dob with intent = "book", pid = ***": what a run that does not open on the entry starts from. */
export function startedAtMessage(doc: AgentDocument, stageName: string, given: [string, unknown][]): string {
  const values = given.map(([field, value]) => `${field} = ${displayValue(doc, field, value)}`);
  return `Started at ${stageName} with ${values.length ? values.join(', ') : 'the default state'}.`;
}

/**
 * A working copy of a session for the next step. The state is deep-copied (tools write it); the
 * transcript, change log and trace are append-only lists whose entries no step changes once
 * written, so their arrays are copied and their entries shared. Deep-copying them instead made a
 * step cost grow with the conversation (each model-call entry holds the whole history it sent):
 * the bench measured 0.5 ms at turn 1 and ~470 ms at turn 200.
 */
export function copySession(session: Session): Session {
  const copy: Session = {
    ...session,
    state: structuredClone(session.state),
    transcript: [...session.transcript],
    changeLog: [...session.changeLog],
    trace: [...session.trace],
    ...(session.failure ? { failure: structuredClone(session.failure) } : {}),
  };
  // What reads these lists step after step (the history's messages, the pii values seen) then
  // compares only what the copy added (append-only.ts).
  noteCopy(copy.transcript, session.transcript);
  noteCopy(copy.changeLog, session.changeLog);
  noteCopy(copy.trace, session.trace);
  return copy;
}

/** Two values are the same write when their JSON is (state values are JSON; `undefined` equals itself). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A change-log value as the log and the inspector show it: a pii field's value is `***`. The real
 * value stays in the session (the tools and the state panel need it); only the display masks it.
 */
export function displayValue(doc: AgentDocument, field: string, value: unknown): string {
  if (isPiiName(doc, field)) return MASK;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** A tool call's arguments as logs show them: the tool's `pii` parameters masked. */
export function displayArguments(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) setOwn(out, key, tool.pii.includes(key) ? MASK : value);
  return out;
}
