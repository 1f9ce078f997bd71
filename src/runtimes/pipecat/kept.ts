// What a Pipecat Flows file (pipecat-ai 1.14.0 `FlowConfig`) holds beyond the document, kept in
// `preserved.pipecat` by the import (format/document.ts) and read by the export and by the
// engine (engine/): a node's actions, its context strategy, its own role message, the
// task messages' roles, and global functions' transitions. Here, on the ground floor, because both
// the format and the engine read it and neither may import the other.

/** A `pre_actions` / `post_actions` entry as written: `type`, an optional `handler`, and the keys it passes through (`text`). */
export interface PipecatAction {
  type: string;
  handler?: string | null;
  [extra: string]: unknown;
}

/** A branch table (`transition_to: {field, cases, default}`) or a node name, as written. */
export type PipecatTransition = string | { field: string; cases: Record<string, string>; default?: string | null } | null;

/** One node's keys the document does not model (by stage id). */
export interface PipecatNodeKept {
  /** The task messages as read, when they are not the stage's instructions as one `developer` message. */
  task_messages?: { role: string; content: string }[];
  /** A node's own `role_message` (the entry node's is the persona); `null` when written as null. */
  role_message?: string | null;
  pre_actions?: PipecatAction[];
  post_actions?: PipecatAction[];
  context_strategy?: 'append' | 'reset' | null;
  /** Written explicitly (the entry node's follows the document's `opening`). */
  respond_immediately?: boolean;
  /** The names of the node's functions in the order written. */
  functions?: string[];
}

export interface PipecatKept {
  nodes?: Record<string, PipecatNodeKept>;
  /** Tool ids of functions written wholly in the file (`transition_only: true`, a description, no Python). */
  transitionOnly?: string[];
  /** By tool id: a global function's `transition_to` (a node's functions' transitions are the document's edges). */
  globalTransitions?: Record<string, PipecatTransition>;
  /** The role of a new task message, as the file's first node wrote it (`developer` when none). */
  taskRole?: string;
  /** By function name: its body and decorators in handlers.py, written back as read (Callboard runs no Python). */
  handlers?: Record<string, { body: string; decorators?: string[] }>;
  /** By function name: what its body stores in flow_manager.state, in order (the simulator does these writes). */
  stateWrites?: Record<string, PipecatStateWrite[]>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document's kept Pipecat keys (an empty record when it has none). */
export function pipecatKeptOf(doc: { preserved?: { pipecat?: Record<string, unknown> } }): PipecatKept {
  const kept = doc.preserved?.pipecat;
  return isObject(kept) ? (kept as PipecatKept) : {};
}

/** Pipecat's `_PLACEHOLDER` (flows/manager.py): `{{ key }}` or `{{ a.b }}`, identifiers and dots only; `\{{` escapes. */
export const PIPECAT_PLACEHOLDER = /(\\?)\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}/g;

/** The default role of a task message Callboard writes. */
export const DEFAULT_TASK_ROLE = 'developer';

/**
 * Pipecat's `case_key` (flows/config.py) of a result value as Python's `str()` writes it: a
 * branch table compares it with its case keys. `True`/`False` (and any case of true/false) meet at
 * `true`/`false`; None is `None`; a whole number written as a float is `1.0` in Python.
 */
export function pipecatCaseKey(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'None';
  else if (typeof value === 'boolean') text = value ? 'True' : 'False';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number') text = String(value);
  else text = JSON.stringify(value);
  const lowered = text.toLowerCase();
  return lowered === 'true' || lowered === 'false' ? lowered : text;
}

/** What a handler stores in `flow_manager.state`, read from its Python (`flow_manager.state["k"] = param`): an argument, or a literal value. */
export type PipecatStateWrite = { key: string; param: string } | { key: string; value: unknown };

/**
 * A node's task messages for a stage: the kept ones while they still join into the stage's
 * instructions, else the instructions as one message (with the kept first role, or the file's).
 * One rule for the export (format/from-document.ts) and the engine (engine/node.ts).
 */
export function taskMessagesOf(instructions: string, own: PipecatNodeKept, kept: PipecatKept): { role: string; content: string }[] {
  const messages = own.task_messages;
  if (messages && messages.map((m) => m.content).join('\n\n') === instructions) return messages.map((m) => ({ ...m }));
  return [{ role: messages?.[0]?.role ?? kept.taskRole ?? DEFAULT_TASK_ROLE, content: instructions }];
}

/** Items in the order a node's file wrote their names, then any new ones in their own order (a stable sort). */
export function inWrittenOrder<T extends { name: string }>(items: readonly T[], written: readonly string[] | undefined): T[] {
  if (!written) return [...items];
  const rank = (t: T) => { const i = written.indexOf(t.name); return i < 0 ? written.length : i; };
  return items.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i).map(({ t }) => t);
}
