// The session model both runtimes share (issue 4): one plain, JSON-friendly value that a step takes
// and returns anew, so the UI can keep every step for "restart from here" and the CLI can print it.
import type { AgentDocument, JsonSchema, Loss, PlayedTurn, Target, Tool } from '../model';
import type { RenderTemplate } from './sandbox/templates';
import type { Guess, Undecided } from './model-doubts';

export type { Guess, Undecided } from './model-doubts';

/** One line of the conversation as the runtime keeps it; the model's history is built from these. */
export type Line =
  | { kind: 'caller'; text: string }
  | { kind: 'agent'; text: string }
  /**
   * Said by the runtime, not the model (announce, confirm, a block's looping message); the model
   * reads it as its own line. `tool` names who made it say so: the tool, or for looping the block.
   */
  | { kind: 'runtime'; text: string; source: RuntimeSource; tool: string }
  /** `call` numbers the model call that asked for it, so the calls of one answer stay together. */
  | { kind: 'tool-call'; id: string; name: string; arguments: string; call: number }
  /** `modelReads` is exactly what goes back to the model (preview cut, or the error message). */
  | { kind: 'tool-result'; id: string; name: string; result?: unknown; error?: string; modelReads: string }
  /**
   * The runtime entered a Pipecat node: `system` is the role message it set as the model's system
   * instruction (it holds until a later node sets another); `reset`: the node's context strategy
   * replaced the context, so the model reads nothing before this line.
   */
  | { kind: 'node'; node: string; system?: string; reset?: true }
  /** Put in the model's context by the runtime, said by no one: a Pipecat node's task message, with its role. */
  | { kind: 'context'; role: string; text: string };

/** `action`: a Pipecat node's `tts_say` pre or post action. */
export type RuntimeSource = 'announce' | 'confirm' | 'looping' | 'action';

/**
 * A change-log entry; `turn` is the step it happened in, `author` the tool (or 'runtime', or
 * `hook:onCall`). `kind: 'log'` is no write but a named fact the agent's code logged
 * (`this.log(name, data)`, Pinecall's Agent.log): `field` is `@log:<name>` (no state field can be
 * named so, as Pinecall's own `@summary` entry), `prev` undefined, `next` the data (undefined when
 * none). Pinecall numbers its changes and its log entries in one sequence, and so does `seq`.
 */
export interface Change {
  seq: number;
  turn: number;
  field: string;
  prev: unknown;
  next: unknown;
  author: string;
  at: number;
  kind?: 'log';
}

/** The field a `this.log(name, …)` entry stands under in the change log. */
export const LOG_FIELD_PREFIX = '@log:';

/** One `this.log(name, data)` of a run: the name as given, the data as JSON at the moment it was logged. */
export interface LoggedFact {
  name: string;
  data?: unknown;
}

interface TraceBase {
  /** The step (session.turn) and the document revision it ran on: edits apply from the next step. */
  step: number;
  revision: number;
  at: number;
  /**
   * How many transcript lines and change-log entries there were when this entry was recorded.
   * The three lists are kept apart, so this is what puts them back in one order (sessionEvents).
   */
  mark?: { lines: number; changes: number };
}

export type TraceEntry = TraceBase &
  (
    | { kind: 'model-call'; call: number; request: ModelRequestRecord; response?: ModelResponse; error?: string; ms: number }
    /** `failure` and `needs` as the run reported them (ToolRun): `needs-mock` names what wants a mock answer. */
    | { kind: 'tool-run'; toolCallId: string; tool: string; args: unknown; result?: unknown; error?: string; failure?: ToolFailure; needs?: MockNeed[]; logs: string[]; writes: Record<string, unknown> }
    | { kind: 'check-failed'; toolCallId: string; tool: string; message: string }
    | { kind: 'stage-change'; from: string; to: string; via: string; edgeId?: string }
    | { kind: 'skipped'; feature: string; path: string; message: string }
    /** How a predicate (`when`, expression condition) was decided, when it was not simply evaluated. */
    /** `chat`: also said in the chat, where the user would otherwise see nothing happen (an empty answer). */
    | { kind: 'note'; message: string; chat?: true }
    | { kind: 'limit'; message: string }
  );

/**
 * Where retryStep picks a failed step up again (set by the engine, read only by retryStep):
 * Pinecall's loop of model calls; Block Agent's two parallel calls (then the edges), its edge
 * evaluation (a failed nlu call; `fired` = ids of the tools that fired in the step, `external` = the
 * wait answer being tried), or a reply-only call (the agent opening, or entering a wait or end stage).
 */
export type RetryPoint =
  | { phase: 'agent' }
  | { phase: 'parallel' }
  | { phase: 'edges'; fired: string[]; external?: string }
  | { phase: 'reply' }
  /** Pipecat's loop of model calls (one per turn, and one on entering a node that responds at once). */
  | { phase: 'flow' };

/**
 * A model call that failed (or was stopped). It changes nothing by itself: the session stays as it
 * stood, with what tools already wrote in that step. The user retries the call or goes on.
 */
export interface StepFailure {
  /** The step (session.turn) that failed. */
  step: number;
  message: string;
  /** The provider's error kind ('http', 'network', 'timeout', …); 'aborted' when the user stopped it. */
  kind?: string;
  retry?: RetryPoint;
}

export interface Session {
  state: Record<string, unknown>;
  stageId: string | null;
  transcript: Line[];
  changeLog: Change[];
  trace: TraceEntry[];
  /** Steps taken so far (the change log's `turn`). */
  turn: number;
  ended: boolean;
  /** Set when the last step stopped on a failed model call; the next input or a retry clears it. */
  failure?: StepFailure;
  /**
   * The class's getters (derived state) as the state stood when the step ended, by getter name:
   * computed in the sandbox (derived.ts), never written, never in `state`, shown read-only by the
   * state panel. A getter that could not be computed is absent (the trace says why). Set by the
   * Pinecall step for a class with getters only; absent otherwise.
   */
  derived?: Record<string, unknown>;
}

export type ChatMessage =
  /**
   * A message the runtime put in the context: a Pipecat node's task messages, which Pipecat sends
   * with their own role (`as`); or instructions livekit adds for one reply (`livekit`: Pinecall's
   * `improvise("…")`), which livekit's formatter sends a provider with one system text (Anthropic)
   * as a user turn `<instructions>…</instructions>`.
   */
  | { role: 'system'; content: string; as?: string; livekit?: true }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCallRequest[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** What a provider sends as a tool: only what the model reads (stage and `when` never go on the wire). */
export type ToolSpecsOf = (doc: AgentDocument, tools: readonly Tool[]) => ToolSpec[] | undefined;

export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ToolCallRequest {
  id: string;
  name: string;
  /** Raw JSON text, as providers return it (it may not parse). */
  arguments: string;
}

/**
 * Why the engine makes a call: Pinecall's one call (`agent`), Block Agent's parallel `reply` and
 * `tools` calls, or the short yes/no call of a natural-language `condition`. Providers ignore it;
 * the offline model and the mock servers use it to answer the way each call needs. `caller` is the
 * simulated caller's call (src/simulator/caller): a model playing the person on the line.
 */
export type CallPurpose = 'agent' | 'reply' | 'tools' | 'condition' | 'caller';

export interface ModelRequest {
  purpose?: CallPurpose;
  system: string;
  messages: ChatMessage[];
  /**
   * System messages sent after the history, each its own, rewritten every request: Pinecall's
   * dynamic prompt blocks (the view: pinecall/runtime `session/_prompt.py` request, "static blocks,
   * history, the view"). Absent for a runtime that sends none.
   */
  afterHistory?: string[];
  tools: ToolSpec[];
  /**
   * The names among `tools` the runtime runs now, when it sends more than it runs (Pinecall keeps
   * every declared tool in the request and refuses a closed one where it is run). Not sent to the
   * model: the offline model and scripted models pick among these, the Turn inspector marks the rest.
   */
  openTools?: string[];
  toolChoice: 'auto' | 'required' | 'none';
  temperature?: number;
  signal?: AbortSignal;
  /** Streamed text as it arrives (the chat shows it live); the response still carries all of it. */
  onTextDelta?: (delta: string) => void;
}

/** The request as the trace keeps it: everything but the abort signal and the stream callback. */
export type ModelRequestRecord = Omit<ModelRequest, 'signal' | 'onTextDelta'>;

export interface ModelResponse {
  text: string;
  toolCalls: ToolCallRequest[];
  usage?: { inputTokens?: number; outputTokens?: number };
  /**
   * Lines for the trace about how this answer was made: the offline model's rule for each
   * decision, a provider's fallback (e.g. `tool_choice: "required"` refused, sent as `auto`).
   */
  notes?: string[];
  /** Runtime notes the chat shows (the offline model saying what it still cannot fill, and why). */
  chatNotes?: string[];
  /**
   * The offline model's rules could not decide what to do with the caller's line (`line`): `why`
   * says what they could not read. It still answers (it asks again), but the Simulator offers to
   * play the model here and `callboard simulate` ends on it. `tool` and `read`: the tool the line
   * points at and the arguments the rules did read, to start a person's answer from.
   */
  undecided?: Undecided;
  /**
   * Values the offline model wrote on evidence under the strict model's bar (evidence-strength.ts):
   * guesses, which the chat and the CLI mark as such, with the caller's words and how that kind of
   * evidence measured on agents the rules were not written from.
   */
  guesses?: Guess[];
  /** A person gave this answer in the model's place ("Play the model"): no model was called. */
  played?: true;
  /** The request body sent and the response assembled, as the provider's wire format has them (never headers, so never a key). */
  wire?: { request: unknown; response: unknown };
}

/** Implemented by the providers (openai, anthropic, offline) and by the tests' scripted model. */
export interface Model {
  complete(request: ModelRequest): Promise<ModelResponse>;
}

/** Facts the simulator user sets and a tool reads as `this.call` (today, the caller's number, …). */
export type CallFacts = Record<string, unknown>;

/**
 * Why a tool run failed. `needs-mock`: the body called something the simulator cannot run (an
 * import from another file or a package, a world call) that has no mock answer; `needs` names it.
 */
export type ToolFailure = 'thrown' | 'timeout' | 'memory' | 'syntax' | 'needs-mock';

/**
 * What cannot run in the simulator and wants a mock answer (doc.mocks.helpers, by `helper`):
 * `import`: a name imported from `from` (`agendaFor` from "./agenda"; a namespace's member as
 * `cal.agendaFor`); `world`: a call on the world (`knowledge.search`, `remembers`), `from` says what it reads.
 */
export interface MockNeed {
  helper: string;
  kind: 'import' | 'world';
  from: string;
  /** Why a name imported from the agent's folder does not run there (`./agenda.ts imports "date-fns" (a package)…`). */
  why?: string;
}

export interface ToolRun {
  result?: unknown;
  error?: string;
  /** Why the run failed, when it did: the step budget tells a timeout from a thrown error. */
  failure?: ToolFailure;
  /** With failure `needs-mock`: what the body called that has no mock answer, in the order called. */
  needs?: MockNeed[];
  /** Fields the tool assigned, in order; the engine logs them and skips same-value writes. */
  writes: Record<string, unknown>;
  logs: string[];
  /** What the body put through `this.log`, in order (absent when nothing); Pinecall's step puts them in the change log. */
  logged?: LoggedFact[];
}

/** Runs one tool on a copy of the state; the QuickJS sandbox implements it (src/simulator/sandbox). */
export interface ToolRunner {
  /** `timeoutMs`: at most this long (the step budget's share; the tool's own timeout when absent). */
  run(tool: Tool, args: Record<string, unknown>, stateCopy: Record<string, unknown>, call: CallFacts, options?: { timeoutMs?: number }): Promise<ToolRun>;
}

/**
 * Decides a predicate (`when` source `(s) => …`, or an expression condition over the fields).
 * Injected because the product evaluates them inside the sandbox, never with `new Function`.
 */
export type Evaluate = (source: string, state: Readonly<Record<string, unknown>>, options?: EvaluateOptions) => boolean;

/**
 * The getters of a class computed for a state (derived.ts): `values` by getter name (JSON; a getter
 * answering undefined gives null), `errors` for those that threw (by name, the message), `needs`
 * for those that called something without a mock answer; `failure` when none could be computed
 * (the deadline, the memory limit, the step's budget).
 */
export interface Derived {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  needs: Record<string, MockNeed[]>;
  failure?: string;
}

/** Computes a document's getters for a state, synchronously, in the sandbox (derived.ts). */
export type DeriveState = (doc: AgentDocument, state: Readonly<Record<string, unknown>>, call: CallFacts, options?: { timeoutMs?: number }) => Derived;

/**
 * What a kept `render()` (or `@render(Component)`) renders for one state (view.ts): the text
 * Pinecall's runtime would send as the view; on a failure `text` is empty, `error` says why,
 * `failure` what kind, `needs` what it called that cannot run here without a mock answer.
 */
export interface ViewResult {
  text: string;
  error?: string;
  failure?: 'timeout' | 'memory' | 'syntax' | 'thrown' | 'needs-mock';
  needs?: MockNeed[];
}

/** Renders a document's kept view for a state (the stage in it) and the call facts, synchronously, in the sandbox. */
export type RenderView = (doc: AgentDocument, state: Readonly<Record<string, unknown>>, call: CallFacts, options?: { timeoutMs?: number }) => ViewResult;

export interface EvaluateOptions {
  /** The deadline for this predicate (the step budget may give less than the default 1 s). */
  timeoutMs?: number;
  /** What the predicate is ("the when of tool book"), named if it uses up the step's budget. */
  what?: string;
}

/** What `target` cannot express of `doc`, path by path: the formats' lossesFor, handed to the engine. */
export type LossesOf = (doc: AgentDocument, target: Target) => Loss[];

/** The step's budget as a step reads it (budget.ts, StepBudget, keeps the account). */
export interface StepBudgetView {
  readonly exhausted: boolean;
  /** The failure message the chat shows. */
  message(): string;
}

export interface StepDeps {
  model: Model;
  runner: ToolRunner;
  /** The runtime's losses (formats/losses.ts): the features a step skips, each traced once. Absent: none are traced. */
  losses?: LossesOf;
  /** The document revision this step runs on, recorded in each trace entry. */
  revision: number;
  /** Absent: every `when` is taken as true and every expression condition as false; the trace says so. */
  evaluate?: Evaluate;
  /**
   * Computes the class's getters (derived state) that `when`, expression conditions and `{{ }}`
   * see beside the state; absent: the Pinecall step uses the getter sandbox of this thread for a
   * class that has getters.
   */
  derive?: DeriveState;
  /**
   * Renders a Pinecall class's kept `render()` / `@render(Component)` for the prompt (view.ts);
   * absent: the view sandbox of this thread, for a class that keeps one.
   */
  renderView?: RenderView;
  /** Renders Block Agent Jinja in the sandbox; absent: the template sandbox of this thread. */
  render?: RenderTemplate;
  /**
   * The tool specs the runtime's own code builds for these tools, where they are not the tools' own
   * (a Pinecall class in Python: pydantic's schemas from the hints; runtimes/pinecall/format/python/spec.ts).
   * Undefined, or absent: each tool's own name, docstring line and schema.
   */
  toolSpecs?: ToolSpecsOf;
  /** How long the step's agent code may run in all (templates, predicates, tool bodies); 5 s by default. */
  budgetMs?: number;
  /** Set by the engine for the step it runs (stepDepsWithBudget); not given by callers. */
  budget?: StepBudgetView;
  call?: CallFacts;
  signal?: AbortSignal;
  /** Clock for change-log and trace times; injected so tests are deterministic. */
  now?: () => number;
  /** Streamed text of the call whose text the caller hears (Pinecall's call, Block Agent's reply call). */
  onTextDelta?: (delta: string) => void;
  /** The working session after each model call and each tool run, so panels follow a step live. */
  onProgress?: (session: Session) => void;
  /** Sent as `temperature` on every model request (the user's LLM setting). */
  temperature?: number;
  /**
   * Block Agent mcp stubs' results, keyed `<tool id>/<allowed tool name>`. Absent: the tool's own
   * `mcp.mocks` entry, else the call's arguments come back.
   */
  mcpMocks?: Record<string, unknown>;
  /**
   * Answers a person gave in the model's place, each at its step (played.ts): that step's first
   * agent, tools and reply calls take them instead of calling the model, and everything after
   * (argument checks, capture, moves, the change log) goes the engine's normal way.
   */
  played?: PlayedTurn[];
}

/** Pinecall's limit, so that a looping model cannot spend the user's key (pinecall.md, step 5). */
export const MAX_MODEL_CALLS_PER_STEP = 8;

/** What one step is given, in either runtime (the CLI, the app and conversation tests share it). */
export type SimInput =
  | { kind: 'say'; text: string }
  /** The agent speaks first: one model call before any caller line ("agent opens the call"). */
  | { kind: 'open' }
  /** A wait stage's token answered by the user or the script (Block Agent only). */
  | { kind: 'wait'; token: string; value: string };
