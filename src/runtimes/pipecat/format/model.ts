// A Pipecat Flows `FlowConfig` (pipecat-ai 1.14.0, pipecat/flows/config.py) as a typed model, every
// part with the line and column it was read from. The model holds what the file says as Pipecat
// reads it (YAML 1.1 scalars resolved, repeated keys collapsed, branch keys made canonical), so the
// engine and the canvas can use it without reading the file again; the file's text is kept beside
// it (FlowFile) so writing back changes only what was changed.

import { PIPECAT_PLACEHOLDER } from '../kept';

/** 1-based line and column (UTF-16 code units), as editors count them. */
export interface Position {
  line: number;
  column: number;
}

/** A value and where it was written. */
export interface Located<T> {
  value: T;
  at: Position;
}

/** The Pipecat version whose loader this module mirrors (the conformance venv pins it). */
export const PIPECAT_VERSION = '1.14.0';

export interface FlowMessage {
  role: string;
  content: string;
  at: Position;
  placeholders: Placeholder[];
}

/** A `{{ key }}` or `{{ a.b }}` in prompt text, filled from the flow manager's state on entry. */
export interface Placeholder {
  /** `order.size`: the dotted path into the state. */
  path: string;
  /** Offset of `{{` in the text it was found in. */
  offset: number;
}

/** A transition to one node. */
export interface DirectTransition {
  kind: 'node';
  node: string;
  at: Position;
}

/** One case of a branch table: the canonical key (Pipecat's `case_key`), as written, and its node. */
export interface BranchCase {
  key: string;
  /** The key's text as written in the file. */
  written: string;
  at: Position;
  node: string;
  nodeAt: Position;
}

/** `transition_to: {field, cases, default?}`: the node chosen by `result[field]`. */
export interface BranchTransition {
  kind: 'branch';
  field: string;
  fieldAt: Position;
  /** In Pipecat's order, after collapsing keys it holds equal (the last written value wins). */
  cases: BranchCase[];
  default?: Located<string>;
  at: Position;
}

export type Transition = DirectTransition | BranchTransition;

/**
 * A tool offered at a node or everywhere. Ordinarily a reference by name to a direct function in
 * the handlers (its description and parameters live in Python); `transitionOnly` ones are written
 * wholly in the file.
 */
export interface FlowFunction {
  name: string;
  at: Position;
  transitionOnly: boolean;
  description?: string;
  transitionTo?: Transition;
}

export type ActionType = 'tts_say' | 'end_conversation' | 'function' | (string & {});

export interface FlowAction {
  type: ActionType;
  handler?: string;
  /** `tts_say`'s text. */
  text?: string;
  /** Keys beyond type and handler, passed through to the handler (text included). */
  extras: Record<string, unknown>;
  at: Position;
  placeholders: Placeholder[];
}

export interface FlowNode {
  name: string;
  /** Where the node's key is written. */
  at: Position;
  taskMessages: FlowMessage[];
  roleMessage?: Located<string>;
  roleMessagePlaceholders: Placeholder[];
  functions: FlowFunction[];
  preActions: FlowAction[];
  postActions: FlowAction[];
  contextStrategy?: Located<'append' | 'reset'>;
  /** Pipecat's default is true. */
  respondImmediately: boolean;
  respondImmediatelyAt?: Position;
}

export interface FlowConfigModel {
  initialNode?: Located<string>;
  /** In the file's order; a node written twice appears once, as Pipecat keeps it (the last). */
  nodes: FlowNode[];
  globalFunctions: FlowFunction[];
}

/**
 * The file's data as Pipecat validates it (FlowFile.data when the flow has no error): the shape
 * writeFlowYaml/writeFlowJson take, edited key for key. Keys Pipecat does not know stay out of it
 * only because Pipecat refuses them; an action keeps its extra keys.
 */
export interface FlowConfigData {
  initial_node: string;
  nodes: Record<string, FlowNodeData>;
  global_functions?: FlowFunctionData[];
}
export interface FlowNodeData {
  task_messages: { role: string; content: string }[];
  role_message?: string | null;
  functions?: FlowFunctionData[];
  pre_actions?: FlowActionData[];
  post_actions?: FlowActionData[];
  context_strategy?: 'append' | 'reset' | null;
  respond_immediately?: boolean;
}
export interface FlowFunctionData {
  name: string;
  transition_only?: boolean;
  description?: string | null;
  transition_to?: string | { field: string; cases: Record<string, string>; default?: string | null } | null;
}
export interface FlowActionData {
  type: string;
  handler?: string | null;
  [extra: string]: unknown;
}

/** Every node a function can move to. */
export function transitionTargets(fn: FlowFunction): Located<string>[] {
  const to = fn.transitionTo;
  if (!to) return [];
  if (to.kind === 'node') return [{ value: to.node, at: to.at }];
  return [...to.cases.map((c) => ({ value: c.node, at: c.nodeAt })), ...(to.default ? [to.default] : [])];
}

/** Pipecat's `_PLACEHOLDER` (flows/manager.py): identifiers and dots only; `\{{` escapes. One regex with the engine's (model/pipecat.ts). */
export function placeholdersIn(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const match of text.matchAll(PIPECAT_PLACEHOLDER)) if (!match[1]) found.push({ path: match[2], offset: match.index ?? 0 });
  return found;
}

/** Pipecat's `case_key` (flows/config.py) of a key's Python `str()`: `True`, `"TRUE"` and `true` all meet at `true`. */
export function caseKey(pythonText: string): string {
  const lowered = pythonText.toLowerCase();
  return lowered === 'true' || lowered === 'false' ? lowered : pythonText;
}
