// One Pinecall step: a caller line and what follows it, exactly as formats/pinecall.md ("The step,
// exactly as Callboard simulates it") sets out. Pure: the session passed in is never changed; a new
// one is returned, so every step can be kept for "restart from here".
import { byId, type AgentDocument, type Tool } from '../../model';
import { sameValue } from '../session';
import { fillConfirm } from '../template';
import { MAX_MODEL_CALLS_PER_STEP, type ModelResponse, type Session, type StepDeps, type ToolCallRequest, type TraceEntry } from '../types';
import { checkArguments, parseArguments } from './check-args';
import { firedEdge } from './edges';
import { historyMessages, systemPrompt, toolSpec, visibleTools } from './prompt';
import { skippedHere } from './skipped';

/** Distributes Omit over the trace union, so each kind keeps its own fields. */
type TraceBody = TraceEntry extends infer T ? (T extends TraceEntry ? Omit<T, 'step' | 'revision' | 'at'> : never) : never;

/** The mutable working copy of one step; `s` is a deep copy, so the caller's session is untouched. */
class StepRun {
  readonly s: Session;
  private announced = false;
  constructor(readonly doc: AgentDocument, session: Session, readonly deps: StepDeps) {
    this.s = structuredClone(session);
  }

  now = () => (this.deps.now ?? Date.now)();

  trace(entry: TraceBody): void {
    this.s.trace.push({ step: this.s.turn, revision: this.deps.revision, at: this.now(), ...entry } as TraceEntry);
  }

  /** A change-log entry authored by `author`; assigning the value a field already holds logs nothing. */
  write(field: string, next: unknown, author: string, isStage = false): void {
    const prev = isStage ? this.stageName() : this.s.state[field];
    if (sameValue(prev, next)) return;
    this.s.changeLog.push({ seq: this.s.changeLog.length + 1, turn: this.s.turn, field, prev, next, author, at: this.now() });
    if (!isStage) this.s.state[field] = structuredClone(next);
  }

  stageName = () => byId(this.doc.stages, this.s.stageId)?.name ?? null;

  /** Moves the call; logged as a change of `stage` (by name, as Pinecall's `this.stage` holds it). */
  moveTo(stageId: string, via: string, edgeId?: string): void {
    const from = this.stageName() ?? '';
    const to = byId(this.doc.stages, stageId)?.name ?? stageId;
    this.write('stage', to, via, true);
    this.s.stageId = stageId;
    this.trace({ kind: 'stage-change', from, to, via, edgeId });
  }

  /** One tool call of a model answer: check, announce, run, log, confirm, edges (step 3). */
  async runCall(call: ToolCallRequest, offered: Tool[], answerHadText: boolean): Promise<void> {
    const tool = offered.find((t) => t.name === call.name);
    if (!tool) {
      const message = `${call.name}: no tool of that name is offered now; use one of the tools listed`;
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: call.name, message });
      return this.result(call, undefined, message);
    }
    const parsed = parseArguments(tool, call.arguments);
    const failed = 'error' in parsed ? parsed.error : checkArguments(tool, parsed.args);
    if (failed !== undefined || 'error' in parsed) {
      // A failed check runs nothing and writes nothing; the model reads the message as the error.
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: tool.name, message: failed ?? '' });
      return this.result(call, undefined, failed);
    }
    const args = parsed.args;
    if (!answerHadText && tool.announce && !this.announced) {
      this.announced = true;
      this.s.transcript.push({ kind: 'runtime', text: tool.announce, source: 'announce', tool: tool.name });
    }
    let run;
    try {
      run = await this.deps.runner.run(tool, structuredClone(args), structuredClone(this.s.state), this.deps.call ?? {});
    } catch (error) {
      // A runner that throws is the tool throwing: the message becomes the error result.
      run = { error: error instanceof Error ? error.message : String(error), writes: {}, logs: [] };
    }
    this.trace({ kind: 'tool-run', toolCallId: call.id, tool: tool.name, args, result: run.result, error: run.error, logs: run.logs, writes: run.writes });
    // Writes made before a throw happened all the same, so they are applied either way.
    for (const [field, value] of Object.entries(run.writes)) {
      if (field === 'stage' && !this.doc.state.some((f) => f.name === 'stage')) {
        // A body that assigns this.stage itself: honoured as Pinecall would (design.md, "Edges own stage changes").
        const target = this.doc.stages.find((st) => st.name === value);
        if (target && target.id !== this.s.stageId) this.moveTo(target.id, tool.name);
      } else this.write(field, value, tool.name);
    }
    this.result(call, run.result, run.error, tool.preview);
    if (run.error !== undefined) return;
    if (tool.confirm) this.s.transcript.push({ kind: 'runtime', text: fillConfirm(tool.confirm, args, run.result), source: 'confirm', tool: tool.name });
    if (this.s.stageId === null) return;
    const fired = firedEdge(this.doc, tool, this.s.stageId, args, this.s.state, this.deps.evaluate);
    for (const message of fired.notes) this.trace({ kind: 'note', message });
    if (fired.edge) this.moveTo(fired.edge.to, tool.name, fired.edge.id);
  }

  /** The tool's result line; `preview` cuts what the model reads, the state and the line keep it all. */
  result(call: ToolCallRequest, result: unknown, error: string | undefined, preview?: number): void {
    let reads: string;
    if (error !== undefined) reads = error;
    else {
      const shown = Array.isArray(result) && preview !== undefined && result.length > preview ? result.slice(0, preview) : result;
      reads = shown === undefined ? 'null' : typeof shown === 'string' ? shown : JSON.stringify(shown);
    }
    this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, result, error, modelReads: reads });
  }
}

/**
 * Runs one step. `callerLine` null opens the call with no caller line ("agent opens the call").
 * The step ends on a text answer or after MAX_MODEL_CALLS_PER_STEP model calls. A failed model call
 * returns the session as it stood before that call: the writes of tools already run are kept.
 */
export async function pinecallStep(doc: AgentDocument, session: Session, callerLine: string | null, deps: StepDeps): Promise<Session> {
  const run = new StepRun(doc, session, deps);
  const s = run.s;
  s.turn += 1;
  if (callerLine !== null) s.transcript.push({ kind: 'caller', text: callerLine });
  for (const loss of skippedHere(doc, s.stageId)) run.trace({ kind: 'skipped', feature: loss.feature, path: loss.path, message: loss.message });
  for (let call = 1; call <= MAX_MODEL_CALLS_PER_STEP; call++) {
    // Rebuilt before every call: a tool may have moved the stage or changed what `when` sees.
    const visible = visibleTools(doc, s, deps.evaluate);
    for (const message of visible.notes) run.trace({ kind: 'note', message });
    const request = { system: systemPrompt(doc, s), messages: historyMessages(s.transcript), tools: visible.tools.map(toolSpec), toolChoice: 'auto' as const };
    const started = run.now();
    let response: ModelResponse;
    try {
      response = await deps.model.complete({ ...request, signal: deps.signal });
    } catch (error) {
      run.trace({ kind: 'model-call', call, request, error: error instanceof Error ? error.message : String(error), ms: run.now() - started });
      return s;
    }
    run.trace({ kind: 'model-call', call, request, response, ms: run.now() - started });
    const text = response.text.trim();
    if (text) s.transcript.push({ kind: 'agent', text: response.text });
    // The step ends on an answer without tool calls. Text that comes with calls is said, and the
    // model is called again to read the results, as every tool-calling runtime does.
    if (response.toolCalls.length === 0) {
      if (!text) run.trace({ kind: 'note', message: 'the model answered with neither text nor a tool call: the step ends' });
      return s;
    }
    for (const tc of response.toolCalls) s.transcript.push({ kind: 'tool-call', id: tc.id, name: tc.name, arguments: tc.arguments, call });
    // Tools run one after another, in the order called; each sees the writes of the one before.
    for (const tc of response.toolCalls) await run.runCall(tc, visible.tools, text !== '');
  }
  run.trace({ kind: 'limit', message: `the step stopped after ${MAX_MODEL_CALLS_PER_STEP} model calls without a text answer, so that a looping model cannot spend the key` });
  return s;
}
