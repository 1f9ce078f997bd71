// Opening a session, and the small value helpers the change log and its views share.
import type { AgentDocument, Tool } from '../model';
import type { Session } from './types';

/** A fresh session: each field at its default, on the entry stage (Pinecall: the stage field's default). */
export function newSession(doc: AgentDocument): Session {
  const state: Record<string, unknown> = {};
  for (const field of doc.state) state[field.name] = field.default === undefined ? undefined : structuredClone(field.default);
  return { state, stageId: doc.entryStageId, transcript: [], changeLog: [], trace: [], turn: 0, ended: false };
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
  if (doc.state.some((f) => f.name === field && f.pii)) return MASK;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** A tool call's arguments as logs show them: the tool's `pii` parameters masked. */
export function displayArguments(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) out[key] = tool.pii.includes(key) ? MASK : value;
  return out;
}
