// Opening a session, and the small value helpers the change log and its views share.
import { isPiiName } from '../model/pii';
import type { AgentDocument, Tool } from '../model';
import { setOwn } from '../model/own';
import type { Session } from './types';

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

/**
 * A working copy of a session for the next step. The state is deep-copied (tools write it); the
 * transcript, change log and trace are append-only lists whose entries no step changes once
 * written, so their arrays are copied and their entries shared. Deep-copying them instead made a
 * step cost grow with the conversation (each model-call entry holds the whole history it sent):
 * the bench measured 0.5 ms at turn 1 and ~470 ms at turn 200.
 */
export function copySession(session: Session): Session {
  return {
    ...session,
    state: structuredClone(session.state),
    transcript: [...session.transcript],
    changeLog: [...session.changeLog],
    trace: [...session.trace],
    ...(session.failure ? { failure: structuredClone(session.failure) } : {}),
  };
}

/** Two values are the same write when their JSON is (state values are JSON; `undefined` equals itself). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export const MASK = '***';

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
