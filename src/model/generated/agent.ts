/* Generated from agent.schema.json by `npm run gen:types`. Do not edit by hand. */
import type {JsonSchema} from '../json-schema';

export type Target = 'pinecall' | 'block-agent' | 'pipecat';
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
export type Kpi = string | Record<string, unknown>;
export type Condition =
  ToolCondition | ExternalCondition | NluCondition | ExpressionCondition | ResultCondition;
export type ToolScope =
  | {
      kind: 'all';
    }
  | {
      kind: 'blocks';
      blockIds: string[];
    }
  | {
      kind: 'stages';
      stageIds: string[];
    };

/**
 * A Callboard agent: the one document every view (canvas, editors, simulator, exporters) reads.
 */
export interface AgentDocument {
  format: 'callboard.agent';
  version: 1;
  id: string;
  /**
   * Display name; the Pinecall class name and slug derive from it.
   */
  name: string;
  target: Target;
  /**
   * The language a Pinecall agent's class is written in (absent: TypeScript). Tool bodies in Python or Ruby are kept as code; the simulator answers them with their mocks.
   */
  language?: 'typescript' | 'python' | 'ruby';
  /**
   * Pinecall class JSDoc / Block Agent personality. May hold {{ name }} placeholders.
   */
  persona: string;
  llm: LlmSettings;
  /**
   * Who speaks first when a call opens.
   */
  opening: 'caller' | 'agent';
  state: StateField[];
  blocks: Block[];
  stages: Stage[];
  /**
   * Order matters: a stage's edges are tried in the order they stand here.
   */
  edges: Edge[];
  tools: Tool[];
  entryStageId: string | null;
  layout: Layout;
  preserved?: Preserved;
  /**
   * Conversation tests (issue 6); exported as tests/<name>.golden.json beside the agent. Absent means none.
   */
  tests?: ConversationTest[];
  mocks?: Mocks;
}
export interface LlmSettings {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  request_timeout?: number;
  max_retries?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
}
export interface StateField {
  id: string;
  name: string;
  type: JsonType;
  /**
   * Any JSON value; absent means undefined.
   */
  default?: unknown;
  pii: boolean;
  visibility: 'private' | 'public';
  description?: string;
}
export interface Block {
  id: string;
  name: string;
  /**
   * Block Agent block_id.
   */
  ref: string;
  /**
   * The ref was made from the name and is remade from it on every rename. Absent: the ref was set by a Block Agent import or by hand (or the document predates the flag) and is kept.
   */
  refFollowsName?: true;
  /**
   * Detects the caller's intent: needs a fallback tool.
   */
  intent: boolean;
  looping?: Looping;
  color?: string;
  /**
   * Block Agent keys the document does not model, written back on export.
   */
  extra?: Record<string, unknown>;
}
export interface Looping {
  threshold: number;
  messages: string[];
  /**
   * Stage id to jump to.
   */
  connectTo?: string | null;
  /**
   * What the runtime records when the threshold is reached: a KPI's name, or a KPI as IntelePeer's documentation writes one (kpi_name, value, kpi_type…), kept as written.
   */
  kpis?: Kpi[];
}
export interface Stage {
  id: string;
  name: string;
  /**
   * Block Agent turn_id; what connect_to points at.
   */
  ref: string;
  /**
   * The ref was made from the name and is remade from it on every rename. Absent: the ref was set by a Block Agent import or by hand (or the document predates the flag) and is kept.
   */
  refFollowsName?: true;
  blockId: string;
  kind: 'turn' | 'wait';
  waitToken?: string;
  /**
   * Pinecall render() paragraph / Block Agent content. May hold {{ name }}.
   */
  instructions: string;
  extra?: Record<string, unknown>;
}
export interface Edge {
  id: string;
  /**
   * Stage id.
   */
  from: string;
  /**
   * Stage id; equals from for a loop edge.
   */
  to: string;
  kind: 'edge' | 'loop';
  /**
   * All must hold (AND).
   */
  conditions: Condition[];
  extra?: Record<string, unknown>;
}
export interface ToolCondition {
  kind: 'tool';
  toolId: string;
  /**
   * Parameter whose captured value is compared; the first parameter when absent.
   */
  field?: string;
  /**
   * Compared as a string, case-insensitively; * matches any non-empty value.
   */
  expected: string;
}
export interface ExternalCondition {
  kind: 'external';
  expected: string;
}
export interface NluCondition {
  kind: 'nlu';
  sentence: string;
}
export interface ExpressionCondition {
  kind: 'expression';
  /**
   * A JavaScript expression over the state fields, e.g. attempts >= 3.
   */
  expression: string;
}
/**
 * After the tool ran, a field of its result has a value: one case of a Pipecat Flows branch table (transition_to: {field, cases}).
 */
export interface ResultCondition {
  kind: 'result';
  toolId: string;
  /**
   * The key of the tool's result (a JSON object) whose value decides.
   */
  field: string;
  /**
   * The case's key, compared as Pipecat compares it: the value as Python's str() writes it, with True/False/true/false alike.
   */
  expected: string;
}
export interface Tool {
  id: string;
  kind: 'function' | 'mcp';
  name: string;
  /**
   * The docstring; Pinecall reads it as one line.
   */
  description: string;
  /**
   * JSON Schema of the arguments (type: object).
   */
  parameters: JsonSchema;
  scope: ToolScope;
  /**
   * The 'not yet detected' tool an intent block needs.
   */
  fallback: boolean;
  /**
   * Pinecall visibility predicate, as arrow-function source: (s) => boolean.
   */
  when?: string;
  confirm?: string;
  announce?: string;
  preview?: number;
  pii: string[];
  /**
   * Seconds; 30 when unset.
   */
  timeout?: number;
  /**
   * TypeScript method body.
   */
  implementation?: string;
  /**
   * Result returned when there is no implementation.
   */
  mock?: unknown;
  mcp?: McpServer;
  extra?: Record<string, unknown>;
}
export interface McpServer {
  serverLabel: string;
  serverUrl: string;
  allowedTools: string[];
  /**
   * Values that are credentials must be {{secret:NAME}} references.
   */
  headers: {
    [k: string]: string;
  };
  /**
   * Simulated result per allowed tool.
   */
  mocks?: Record<string, unknown>;
}
export interface Layout {
  /**
   * Blocks: absolute; stages: relative to their block.
   */
  positions: {
    [k: string]: Point;
  };
  /**
   * Block sizes.
   */
  sizes: {
    [k: string]: Size;
  };
}
export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/**
 * What came in with an import and is not modelled, written back on export.
 */
export interface Preserved {
  pinecall?: Record<string, unknown>;
  blockAgent?: Record<string, unknown>;
  /**
   * What a Pinecall class in Python holds beyond the document (runtimes/pinecall/format/python/preserved.ts).
   */
  pinecallPython?: Record<string, unknown>;
  /**
   * What a Pipecat Flows file holds beyond the document, by stage and tool id (runtimes/pipecat/format/document.ts).
   */
  pipecat?: Record<string, unknown>;
  /**
   * What a Pinecall class in Ruby holds beyond the document (runtimes/pinecall/format/ruby/import.ts).
   */
  pinecallRuby?: Record<string, unknown>;
  /**
   * Per format, the file an import read and the exporter's text of the document it was read as (formats/kept-source.ts): an export merges the edits into the file as written.
   */
  sources?: Record<string, unknown>;
}
/**
 * A scripted call and what must come of it, close to Pinecall's goldens.
 */
export interface ConversationTest {
  /**
   * Unique in the agent; also the file name tests/<name>.golden.json.
   */
  name: string;
  /**
   * State field values before the call opens.
   */
  state?: Record<string, unknown>;
  start?: TestStart;
  /**
   * this.call facts (today, the caller's number, ...).
   */
  call?: Record<string, unknown>;
  /**
   * Caller lines, in order.
   */
  input: string[];
  /**
   * Answers to wait tokens.
   */
  waits?: {
    [k: string]: string;
  };
  /**
   * Tool name -> the result it returns instead of running.
   */
  mocks?: Record<string, unknown>;
  /**
   * The model's answers a person gave in its place ("Play the model"), each at its step: replayed there instead of asking the model, so the test runs the same on any model.
   */
  model?: PlayedTurn[];
  expect: TestExpectations;
}
/**
 * The call opens on this stage (by name) instead of the entry, as "Simulate from here" does; `state` is set over the test's own `state`.
 */
export interface TestStart {
  /**
   * The stage (by name) the call opens on.
   */
  stage: string;
  /**
   * State field values the call opens with.
   */
  state?: Record<string, unknown>;
}
/**
 * The model's answer at one step, as a person played it: the tools it calls and what it says. Pinecall's call of the step gets both; Block Agent's tools call gets the tools and its reply call the words.
 */
export interface PlayedTurn {
  /**
   * The step it answers, counted from 1 as the run takes them (the agent's opening and each wait answer are steps too).
   */
  step: number;
  /**
   * The tools called, in order; absent or empty: none.
   */
  tools?: PlayedToolCall[];
  /**
   * What the agent says; absent: nothing.
   */
  says?: string;
}
export interface PlayedToolCall {
  /**
   * The tool, by name.
   */
  name: string;
  /**
   * Its arguments as the model would send them.
   */
  arguments: Record<string, unknown>;
}
export interface TestExpectations {
  /**
   * Every one must be called (any order).
   */
  tools?: string[];
  /**
   * None may be called.
   */
  not_tools?: string[];
  /**
   * Each phrase appears (case-insensitive) in some agent or runtime line.
   */
  says?: string[];
  /**
   * No phrase appears in any agent or runtime line.
   */
  not?: string[];
  /**
   * The stage (by name) the call ends on.
   */
  stage?: string;
  /**
   * A subset of the final state.
   */
  state?: Record<string, unknown>;
}
/**
 * Answers the simulator gives in place of what cannot run in a browser (issue 12). Simulator-only: no runtime's export writes them. Absent means none.
 */
export interface Mocks {
  /**
   * By the name the code calls (an imported `agendaFor`, a namespace's `cal.agendaFor`, the world's `knowledge.search` or `remembers`): the JSON value a call returns (or, for an imported value that is never called, the value itself). Used by every run and every conversation test.
   */
  helpers?: Record<string, unknown>;
}
