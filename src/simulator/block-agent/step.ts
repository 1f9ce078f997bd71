// One Block Agent step, as formats/block-agent.md ("The step, exactly as Callboard simulates it")
// sets out. Pure: the session passed in is never changed; a new one is returned.
// Prompts are filled with fillTemplate (`{{ name }}` only) until the Jinja renderer lands.
import { byId, edgesFrom, toolsVisibleIn, type AgentDocument, type Condition, type Edge, type Stage, type Tool } from '../../model';
import { sameValue } from '../session';
import type { ModelRequestRecord, ModelResponse, Session, StepDeps, ToolCallRequest, TraceEntry } from '../types';
import { historyMessages, systemPrompt, toolSpec } from '../pinecall/prompt';
import { checkToolCall } from './check';

/** What one step is given: a caller line, the answer to the current wait stage's token, or null (the agent opens). */
export type BlockAgentInput = string | { waitAnswer: { token: string; value: string } } | null;

/** Distributes Omit over the trace union, so each kind keeps its own fields. */
type TraceBody = TraceEntry extends infer T ? (T extends TraceEntry ? Omit<T, 'step' | 'revision' | 'at'> : never) : never;

/** A stage-change's `via` when a loop edge holds, and when looping.threshold jumps. */
export const VIA_LOOP = 'loop';
export const VIA_LOOPING = 'looping';

/** A captured value as conditions compare it: strings as they are, absent as empty, the rest as JSON. */
export function asCompared(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `expected` against a value: case-insensitive; `*` matches any non-empty value. */
export function matchesExpected(expected: string, value: unknown): boolean {
  const text = asCompared(value);
  if (expected.trim() === '*') return text !== '';
  return text.toLowerCase() === expected.toLowerCase();
}

class StepRun {
  readonly s: Session;
  private calls = 0;
  /** Tools that fired validly in this step, by tool id. */
  readonly fired = new Set<string>();
  constructor(readonly doc: AgentDocument, session: Session, readonly deps: StepDeps) {
    this.s = structuredClone(session);
  }

  now = () => (this.deps.now ?? Date.now)();

  trace(entry: TraceBody, at = this.now()): void {
    this.s.trace.push({ step: this.s.turn, revision: this.deps.revision, at, ...entry } as TraceEntry);
  }

  stage = (): Stage | undefined => byId(this.doc.stages, this.s.stageId);

  write(field: string, next: unknown, author: string, isStage = false): void {
    const prev = isStage ? (this.stage()?.name ?? null) : this.s.state[field];
    if (sameValue(prev, next)) return;
    this.s.changeLog.push({ seq: this.s.changeLog.length + 1, turn: this.s.turn, field, prev, next, author, at: this.now() });
    if (!isStage) this.s.state[field] = structuredClone(next);
  }

  /** A capture: an empty string never overwrites a non-empty earlier capture. */
  capture(field: string, value: unknown, author: string): void {
    if (value === '' && asCompared(this.s.state[field]) !== '') return;
    this.write(field, value, author);
  }

  /** One model call, traced with the moment it started; a failure is traced and returns undefined. */
  async complete(request: ModelRequestRecord, started = this.now()): Promise<ModelResponse | undefined> {
    const call = ++this.calls;
    try {
      const response = await this.deps.model.complete({ ...request, signal: this.deps.signal });
      this.trace({ kind: 'model-call', call, request, response, ms: this.now() - started }, started);
      return response;
    } catch (error) {
      this.trace({ kind: 'model-call', call, request, error: error instanceof Error ? error.message : String(error), ms: this.now() - started }, started);
      return undefined;
    }
  }

  replyRequest(): ModelRequestRecord {
    return { system: systemPrompt(this.doc, this.s), messages: historyMessages(this.s.transcript), tools: [], toolChoice: 'none' };
  }

  say(response: ModelResponse | undefined): void {
    if (response && response.text.trim()) this.s.transcript.push({ kind: 'agent', text: response.text });
  }

  /** The current block's tools the model can call (mcp tools are not simulated yet). */
  offered(): Tool[] {
    const stage = this.stage();
    return stage ? toolsVisibleIn(this.doc, stage).filter((t) => t.kind === 'function') : [];
  }

  /** Step 2: the reply call and the tool call, started at the same moment. */
  async parallelCalls(): Promise<void> {
    const tools = this.offered();
    const reply = this.replyRequest();
    const toolRequest: ModelRequestRecord = { ...reply, tools: tools.map(toolSpec), toolChoice: 'required' };
    const started = this.now();
    const [replied, called] = await Promise.all([this.complete(reply, started), this.complete(toolRequest, started)]);
    this.say(replied);
    for (const call of called?.toolCalls ?? []) await this.runCall(call, tools);
  }

  /** Step 3: check, capture, run. */
  async runCall(call: ToolCallRequest, offered: Tool[]): Promise<void> {
    const tool = offered.find((t) => t.name === call.name);
    if (!tool) {
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: call.name, message: `${call.name}: no tool of that name is offered in this block: nothing captured` });
      return;
    }
    const checked = checkToolCall(tool, call.arguments);
    if ('error' in checked) {
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: tool.name, message: `${checked.error}: nothing captured` });
      return;
    }
    const args = checked.args;
    this.fired.add(tool.id);
    for (const [field, value] of Object.entries(args)) this.capture(field, value, tool.name);
    if (tool.implementation === undefined && tool.mock === undefined) return;
    let run;
    try {
      run = await this.deps.runner.run(tool, structuredClone(args), structuredClone(this.s.state), this.deps.call ?? {});
    } catch (error) {
      run = { error: error instanceof Error ? error.message : String(error), writes: {}, logs: [] };
    }
    this.trace({ kind: 'tool-run', toolCallId: call.id, tool: tool.name, args, result: run.result, error: run.error, logs: run.logs, writes: run.writes });
    for (const [field, value] of Object.entries(run.writes)) if (field !== 'stage') this.capture(field, value, tool.name);
  }

  /** Step 4: one condition; nlu makes its model call only here, when reached. */
  async holds(condition: Condition, external: string | undefined): Promise<boolean> {
    switch (condition.kind) {
      case 'tool': {
        if (!this.fired.has(condition.toolId)) return false;
        const tool = byId(this.doc.tools, condition.toolId);
        const field = condition.field ?? Object.keys(tool?.parameters.properties ?? {})[0];
        if (field === undefined) return condition.expected.trim() === '*';
        return matchesExpected(condition.expected, this.s.state[field]);
      }
      case 'external':
        return external !== undefined && matchesExpected(condition.expected, external);
      case 'nlu': {
        const request: ModelRequestRecord = {
          system: `Answer with one word, yes or no. Given the conversation so far, does this hold? ${condition.sentence}`,
          messages: historyMessages(this.s.transcript),
          tools: [],
          toolChoice: 'none',
        };
        const response = await this.complete(request);
        if (!response) {
          this.trace({ kind: 'note', message: `nlu condition "${condition.sentence}": the model call failed, taken as false` });
          return false;
        }
        return /^\W*yes\b/i.test(response.text);
      }
      case 'expression': {
        if (!this.deps.evaluate) {
          this.trace({ kind: 'note', message: `expression ${condition.expression} not evaluated (no sandbox yet): taken as false` });
          return false;
        }
        try {
          return this.deps.evaluate(condition.expression, Object.freeze(structuredClone(this.s.state)));
        } catch (error) {
          this.trace({ kind: 'note', message: `expression ${condition.expression} threw (${(error as Error).message}): taken as false` });
          return false;
        }
      }
    }
  }

  /** The first edge, in written order, whose conditions all hold (short-circuit). */
  async winningEdge(external: string | undefined): Promise<Edge | undefined> {
    if (this.s.stageId === null) return undefined;
    for (const edge of edgesFrom(this.doc, this.s.stageId)) {
      let all = true;
      for (const condition of edge.conditions) {
        if (!(await this.holds(condition, external))) {
          all = false;
          break;
        }
      }
      if (all) return edge;
    }
    return undefined;
  }

  /** Loops counted on the current stage since the call last entered it. */
  loopCount(): number {
    let count = 0;
    for (let i = this.s.trace.length - 1; i >= 0; i--) {
      const t = this.s.trace[i];
      if (t.kind !== 'stage-change') continue;
      if (t.via === VIA_LOOP && t.edgeId !== undefined && byId(this.doc.edges, t.edgeId)?.from === this.s.stageId) count++;
      else break;
    }
    return count;
  }

  /** How many times looping has jumped out of a stage of this block before (picks the next message). */
  loopingJumps(blockId: string): number {
    const names = new Set(this.doc.stages.filter((st) => st.blockId === blockId).map((st) => st.name));
    return this.s.trace.filter((t) => t.kind === 'stage-change' && t.via === VIA_LOOPING && names.has(t.from)).length;
  }

  /** Steps 4–5: try the edges and follow the winner. */
  async tryEdges(external: string | undefined): Promise<void> {
    const stage = this.stage();
    if (!stage) return;
    const edge = await this.winningEdge(external);
    if (!edge) return;
    if (edge.kind === 'edge') return this.enter(edge.to, edge.id, edge.id);
    this.trace({ kind: 'stage-change', from: stage.name, to: stage.name, via: VIA_LOOP, edgeId: edge.id });
    const looping = byId(this.doc.blocks, stage.blockId)?.looping;
    if (!looping || looping.threshold <= 0 || this.loopCount() < looping.threshold) return;
    const messages = looping.messages;
    if (messages.length > 0) {
      const text = messages[this.loopingJumps(stage.blockId) % messages.length];
      this.s.transcript.push({ kind: 'agent', text });
    }
    this.trace({ kind: 'note', message: `looping threshold ${looping.threshold} reached on ${stage.name}; kpis: ${(looping.kpis ?? []).join(', ') || '(none)'}` });
    if (looping.connectTo) await this.enter(looping.connectTo, VIA_LOOPING);
  }

  /** Step 6: entering a stage. */
  async enter(stageId: string, via: string, edgeId?: string): Promise<void> {
    const from = this.stage()?.name ?? '';
    const target = byId(this.doc.stages, stageId);
    const to = target?.name ?? stageId;
    this.write('stage', to, via, true);
    this.s.stageId = stageId;
    this.trace({ kind: 'stage-change', from, to, via, edgeId });
    if (!target) return;
    const ends = edgesFrom(this.doc, stageId).length === 0;
    if (target.kind === 'wait' || ends) this.say(await this.complete(this.replyRequest()));
    if (ends) this.s.ended = true;
  }
}

/**
 * Runs one Block Agent step. A string is the caller's line; `{ waitAnswer }` answers the current
 * wait stage's token and tries its edges again; null opens the call with the entry stage speaking.
 */
export async function blockAgentStep(doc: AgentDocument, session: Session, input: BlockAgentInput, deps: StepDeps): Promise<Session> {
  const run = new StepRun(doc, session, deps);
  const s = run.s;
  if (s.ended) return s;
  s.turn += 1;
  if (input === null) {
    run.say(await run.complete(run.replyRequest()));
    return s;
  }
  if (typeof input === 'object') {
    const stage = run.stage();
    const { token, value } = input.waitAnswer;
    if (stage?.kind !== 'wait' || stage.waitToken !== token) {
      run.trace({ kind: 'note', message: `answer to ${token} ignored: the call is not waiting on that token` });
      return s;
    }
    run.trace({ kind: 'note', message: `${token} answered: ${value}` });
    await run.tryEdges(value);
    return s;
  }
  s.transcript.push({ kind: 'caller', text: input });
  await run.parallelCalls();
  await run.tryEdges(undefined);
  return s;
}
