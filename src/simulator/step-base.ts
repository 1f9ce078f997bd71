// What both engines' working copy of a step shares: the trace (with its place among the transcript
// and the change log), authored writes, stage moves, model calls with their failures, live progress.
// Pure: the session handed in is copied (copySession), so the caller's session is never changed.
import { byId, type AgentDocument, type Stage, type Tool } from '../model';
import { getOwn, setOwn } from '../model/own';
import { callModel, type CallOutcome } from './model-call';
import { playedFor } from './played';
import { skippedHere, type SkipRules } from './skipped';
import { copySession, sameValue } from './session';

/** The failure kind of a step whose agent code used up its budget. */
export const BUDGET = 'budget';
import { LOG_FIELD_PREFIX, type CallPurpose, type ModelRequestRecord, type RetryPoint, type Session, type StepDeps, type ToolCallRequest, type ToolRun, type TraceEntry } from './types';

/** Distributes Omit over the trace union, so each kind keeps its own fields. */
export type TraceBody = TraceEntry extends infer T ? (T extends TraceEntry ? Omit<T, 'step' | 'revision' | 'at' | 'mark'> : never) : never;

export type RequestBody = Omit<ModelRequestRecord, 'purpose' | 'temperature'>;

/**
 * The model calls step `turn` made so far. Entries are traced with the session's turn, which only
 * grows, so a step's entries are the tail of the trace: read from the end, not the whole trace
 * (that made every step of a long call slower than the one before).
 */
function callsOfStep(trace: readonly TraceEntry[], turn: number): number {
  let calls = 0;
  for (let i = trace.length - 1; i >= 0 && trace[i].step === turn; i--) if (trace[i].kind === 'model-call') calls++;
  return calls;
}

export class StepBase {
  readonly s: Session;
  /** Model calls numbered within the step; a retry goes on from the calls the step already made. */
  private calls: number;
  private noted = new Set<string>();

  constructor(readonly doc: AgentDocument, session: Session, readonly deps: StepDeps) {
    this.s = copySession(session);
    // Any new input, or a retry, is the user going on: the failure it answers is over.
    delete this.s.failure;
    this.calls = callsOfStep(this.s.trace, this.s.turn);
  }

  now = () => (this.deps.now ?? Date.now)();

  /** A new step (a new input): the change log's `turn` moves on and its model calls count from 1. */
  beginStep(): void {
    this.s.turn += 1;
    this.calls = 0;
  }

  get failed(): boolean {
    return this.s.failure !== undefined;
  }

  trace(entry: TraceBody, at = this.now()): void {
    const mark = { lines: this.s.transcript.length, changes: this.s.changeLog.length };
    this.s.trace.push({ step: this.s.turn, revision: this.deps.revision, at, mark, ...entry } as TraceEntry);
  }

  /** A note said once per step run (a template error would otherwise repeat on every model call). */
  noteOnce(message: string): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.trace({ kind: 'note', message });
  }

  /** One `skipped` line per feature of the current stage that the engine's runtime cannot run (skipped.ts). */
  traceSkipped(rules: SkipRules): void {
    for (const loss of skippedHere(this.doc, this.s.stageId, rules, this.deps.losses)) {
      this.trace({ kind: 'skipped', feature: loss.feature, path: loss.path, message: loss.message });
    }
  }

  /**
   * Runs a tool's body through the runner, on copies of its arguments and of the state (a body
   * writes through `writes`, never into the session). A runner that throws is the tool throwing:
   * the message becomes the error result, with nothing written. `state`: what the body sees as
   * `this` (Pinecall adds the stage), the session's state by default.
   */
  async runTool(tool: Tool, args: Record<string, unknown>, state: Record<string, unknown> = this.s.state): Promise<ToolRun> {
    try {
      return await this.deps.runner.run(tool, structuredClone(args), structuredClone(state), this.deps.call ?? {});
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error), writes: {}, logs: [] };
    }
  }

  /** The `tool-run` trace line of a call's run, `name` as the model called it. */
  traceToolRun(call: ToolCallRequest, name: string, args: Record<string, unknown>, run: ToolRun): void {
    const failed = { ...(run.failure ? { failure: run.failure } : {}), ...(run.needs?.length ? { needs: run.needs } : {}) };
    this.trace({ kind: 'tool-run', toolCallId: call.id, tool: name, args, result: run.result, error: run.error, ...failed, logs: run.logs, writes: run.writes });
  }

  stage = (): Stage | undefined => byId(this.doc.stages, this.s.stageId);
  stageName = (): string | null => this.stage()?.name ?? null;

  /** A change-log entry authored by `author`; assigning the value a field already holds logs nothing. */
  write(field: string, next: unknown, author: string, isStage = false): void {
    const prev = isStage ? this.stageName() : getOwn(this.s.state, field);
    if (sameValue(prev, next)) return;
    this.s.changeLog.push({ seq: this.s.changeLog.length + 1, turn: this.s.turn, field, prev, next, author, at: this.now() });
    // setOwn: a field named `__proto__` is a field, not the state object's prototype.
    if (!isStage) setOwn(this.s.state, field, structuredClone(next));
  }

  /**
   * A `this.log(name, data)` of `author`'s run, as its own change-log entry (`kind: 'log'`, field
   * `@log:<name>`): no field changes, and two equal facts are two entries, as two calls are.
   */
  logFact(name: string, data: unknown, author: string): void {
    this.s.changeLog.push({ seq: this.s.changeLog.length + 1, turn: this.s.turn, field: `${LOG_FIELD_PREFIX}${name}`, prev: undefined, next: data, author, at: this.now(), kind: 'log' });
  }

  /**
   * Moves the call, logged as a change of `stage` (by name, as Pinecall's `this.stage` holds it).
   * Traced before it is written, so that the stage event comes first and its change right after.
   */
  moveStage(stageId: string, via: string, edgeId?: string): Stage | undefined {
    const from = this.stageName() ?? '';
    const target = byId(this.doc.stages, stageId);
    const to = target?.name ?? stageId;
    this.trace({ kind: 'stage-change', from, to, via, edgeId });
    this.write('stage', to, via, true);
    this.s.stageId = stageId;
    return target;
  }

  progress(): void {
    this.deps.onProgress?.(copySession(this.s));
  }

  request(body: RequestBody, purpose: CallPurpose): ModelRequestRecord {
    const temperature = this.deps.temperature;
    return temperature === undefined ? { purpose, ...body } : { purpose, ...body, temperature };
  }

  /**
   * Sends a request now; `stream` when the caller hears its text. Not traced yet: see traceCall.
   * Once the step's agent code has used up its budget (budget.ts) no call goes out: the step fails
   * here, naming what ran out, and Retry (after a fix) starts with a fresh budget.
   */
  send(request: ModelRequestRecord, stream: boolean, started = this.now()): Promise<CallOutcome> {
    const budget = this.deps.budget;
    if (budget?.exhausted) return Promise.resolve({ ok: false, message: budget.message(), kind: BUDGET, started, ms: 0 });
    const played = request.purpose ? playedFor(this.deps.played, this.s.turn, request.purpose, this.s.trace) : undefined;
    if (played) {
      // Said as the model's streamed text would be, so the chat shows it the same way.
      if (stream && played.text) this.deps.onTextDelta?.(played.text);
      return Promise.resolve({ ok: true, response: played, started, ms: 0 });
    }
    return callModel(this.deps, request, stream, started);
  }

  /**
   * The session the step ends with. A budget spent after the last model call (a Block Agent edge's
   * condition, say) still ends the step as failed, so the chat says what ran out.
   */
  finish(): Session {
    const budget = this.deps.budget;
    if (budget?.exhausted && !this.failed) {
      this.trace({ kind: 'limit', message: budget.message() });
      this.s.failure = { step: this.s.turn, message: budget.message(), kind: BUDGET };
    }
    return this.s;
  }

  /** Traces a call's outcome; `unused` says why a good answer is not acted on (its pair failed). */
  traceCall(request: ModelRequestRecord, outcome: CallOutcome, unused?: string): void {
    const call = ++this.calls;
    const { started, ms } = outcome;
    if (outcome.ok) {
      this.trace({ kind: 'model-call', call, request, response: outcome.response, ms, ...(unused ? { error: unused } : {}) }, started);
      for (const message of outcome.response.chatNotes ?? []) this.trace({ kind: 'note', message, chat: true });
    } else this.trace({ kind: 'model-call', call, request, error: outcome.message, ms }, started);
  }

  /**
   * Model calls this step has had answered (a failed one spent nothing and is re-issued by retry).
   * A step's entries are the tail of the trace (traced with the turn, which only grows): read from
   * the end, not the whole trace, which made each call of a long conversation slower than the last.
   */
  answeredCalls(): number {
    const trace = this.s.trace;
    let answered = 0;
    for (let i = trace.length - 1; i >= 0 && trace[i].step === this.s.turn; i--) {
      const t = trace[i];
      if (t.kind === 'model-call' && t.error === undefined) answered++;
    }
    return answered;
  }

  /** Number the next call will carry (Pinecall groups an answer's tool calls by it). */
  nextCallNumber(): number {
    return this.calls + 1;
  }

  /** Stops the step on a failed call: the session stays as it stands now. */
  fail(outcome: Extract<CallOutcome, { ok: false }>, retry: RetryPoint): void {
    this.s.failure = { step: this.s.turn, message: outcome.message, ...(outcome.kind ? { kind: outcome.kind } : {}), retry };
  }

  /** One call, sent and traced at once; undefined (and the step failed) when it did not answer. */
  async complete(body: RequestBody, purpose: CallPurpose, retry: RetryPoint, stream = false) {
    const request = this.request(body, purpose);
    const outcome = await this.send(request, stream);
    this.traceCall(request, outcome);
    if (!outcome.ok) {
      this.fail(outcome, retry);
      return undefined;
    }
    this.progress();
    return outcome.response;
  }
}
