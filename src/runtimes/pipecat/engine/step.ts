// One Pipecat Flows step, as pipecat-ai 1.14.0's FlowManager runs a flow (flows/manager.py, flows/
// flow.py), read from its installed source and checked against it (conformance/pipecat_run):
// - One model call per turn with the node's functions, the global ones first. The system
//   instruction is the last role message set (it persists across nodes), with Pipecat's ASYNC TOOLS
//   guidance after it whenever a function is offered (Flows' functions are asynchronous by default).
// - Entering a node: its pre_actions, then its task messages appended to the context (replacing it
//   under `context_strategy: reset`), then a model call at once unless `respond_immediately: false`,
//   then its post_actions after that answer (deferred to the first answer after the caller speaks).
// - A function's result goes back to the model as Python's json.dumps writes it (`COMPLETED` when
//   falsy); a transition-only function answers {"status": "acknowledged"}. A function with a
//   transition moves the call once every call of the answer ran, and the model answers in the new
//   node; a function without one lets the model answer again in the same node.
// - A branch table reads result[field] (a missing field is an error result and no move); no case and
//   no default: the call stays. A placeholder the state lacks stops the move, in Pipecat's words.
// Handlers are Python, which no sandbox here runs: a mock answers, or the arguments.
import { byId, type AgentDocument, type Edge, type Stage, type Tool } from '../../../model';
import { PIPECAT_SKIPS } from './skips';
import { pipecatCaseKey, pipecatKeptOf } from '../kept';
import { stepDepsWithBudget } from '../../../simulator/budget';
import { historyMessages } from '../../../simulator/messages';
import { StepBase } from '../../../simulator/step-base';
import { parseArguments } from '../../../simulator/tool-arguments';
import { MAX_MODEL_CALLS_PER_STEP, type Line, type Session, type StepDeps, type ToolCallRequest, type ToolRun, type ToolSpec } from '../../../simulator/types';
import { MissingStateKey, nodeOf, renderPlaceholders, resultForModel, stageNamed, type NodeConfig } from './node';

/** Pipecat's guidance composed into the system instruction when an asynchronous tool is registered (processors/aggregators/async_tool_messages.py). */
export const ASYNC_TOOL_INSTRUCTIONS = `ASYNC TOOLS:
Some of your tools keep running after you have replied. Their results arrive later as messages in the conversation, on whatever turn happens to be in progress by then.

A result that has arrived is owed to the user, whatever the conversation has moved on to. If the user has said something you have not answered yet, answer that first, then add the result at the end of that same reply — never before your answer. If you have already answered everything the user said, deliver just the result — do not repeat or rephrase your earlier reply. State a short result outright; for a long one, say what came back and offer the details. Say it once, and do not repeat it in later replies.`;

const ACKNOWLEDGED = { status: 'acknowledged' };

export const notAvailable = (name: string) => `The function \`${name}\` is not currently available.`;

/** Where a function's call moves the flow: a stage, nowhere (stay), or an error result instead. */
type Destination = { stage?: Stage; edge?: Edge; error?: string };

class PipecatRun extends StepBase {
  /** The node's post actions waiting for its first answer. */
  private pendingPost: NodeConfig | undefined;

  /** The last node entry line, and where it stands. */
  private lastEntry(): { line: Extract<Line, { kind: 'node' }>; at: number } | undefined {
    const t = this.s.transcript;
    for (let i = t.length - 1; i >= 0; i--) {
      const line = t[i];
      if (line.kind === 'node') return { line, at: i };
    }
    return undefined;
  }

  /** The system instruction in force: the last role message a node set. */
  private systemInstruction(): string {
    const t = this.s.transcript;
    for (let i = t.length - 1; i >= 0; i--) {
      const line = t[i];
      if (line.kind === 'node' && line.system !== undefined) return line.system;
    }
    return '';
  }

  /** The node the call is in (its functions are what the model is offered). */
  node(): NodeConfig | undefined {
    const stage = this.stage();
    return stage ? nodeOf(this.doc, stage) : undefined;
  }

  /**
   * Sets `stage` as the current node (manager.py `_set_node`). False when a placeholder the state
   * lacks stops it: Pipecat logs the error and the call stays where it was.
   */
  enter(stage: Stage, via: string | undefined, edgeId?: string): boolean {
    const node = nodeOf(this.doc, stage);
    const state = this.s.state;
    let roleMessage: string | undefined;
    let tasks: { role: string; content: string }[];
    let pre: string[];
    try {
      roleMessage = node.roleMessage === undefined ? undefined : renderPlaceholders(node.roleMessage, state, stage.name);
      tasks = node.taskMessages.map((m) => ({ role: m.role, content: renderPlaceholders(m.content, state, stage.name) }));
      pre = node.preActions.map((a) => (a.type === 'tts_say' && typeof a.text === 'string' ? renderPlaceholders(a.text, state, stage.name) : ''));
      for (const a of node.postActions) if (a.type === 'tts_say' && typeof a.text === 'string') renderPlaceholders(a.text, state, stage.name);
    } catch (error) {
      if (!(error instanceof MissingStateKey)) throw error;
      const stays = this.stageName() ? `the call stays in ${this.stageName()} with its functions, and the model is not called again until the caller speaks` : 'the flow does not start';
      this.trace({ kind: 'note', chat: true, message: `Pipecat: Failed to set node ${stage.name}: ${error.message}. ${stays}; give the key a value (the test's state, or a handler that stores it in flow_manager.state)` });
      return false;
    }
    if (via !== undefined) this.moveStage(stage.id, via, edgeId);
    else this.s.stageId = stage.id;
    node.preActions.forEach((action, i) => this.act(action, stage, 'pre', pre[i]));
    if (this.s.ended) return true;
    this.s.transcript.push({ kind: 'node', node: stage.name, ...(roleMessage !== undefined ? { system: roleMessage } : {}), ...(node.reset ? { reset: true as const } : {}) });
    for (const task of tasks) this.s.transcript.push({ kind: 'context', role: task.role, text: task.content });
    this.pendingPost = node.postActions.length ? node : undefined;
    return true;
  }

  /** One action (actions.py): `tts_say` is said (and the model reads it), `end_conversation` ends the call after what is queued. */
  act(action: NodeConfig['preActions'][number], stage: Stage, when: 'pre' | 'post', text?: string): void {
    if (action.type === 'tts_say') {
      const said = text ?? (typeof action.text === 'string' ? renderPlaceholders(action.text, this.s.state, stage.name) : '');
      if (said) this.s.transcript.push({ kind: 'runtime', text: said, source: 'action', tool: stage.name });
    } else if (action.type === 'end_conversation') {
      this.s.ended = true;
      this.trace({ kind: 'note', message: `${stage.name}'s ${when}_action end_conversation ended the call` });
    } else {
      const handler = typeof action.handler === 'string' ? ` (${action.handler})` : '';
      this.trace({ kind: 'note', message: `${stage.name}'s ${when}_action ${action.type}${handler} runs Python, which Callboard cannot run: noted, not run` });
    }
  }

  /** Runs the post actions waiting for the node's first answer. */
  afterAnswer(): void {
    const node = this.pendingPost;
    if (!node) return;
    this.pendingPost = undefined;
    for (const action of node.postActions) {
      this.act(action, node.stage, 'post');
      if (this.s.ended) return;
    }
  }

  /** Post actions of a node entered with respond_immediately: false in an earlier step wait for its first answer. */
  restorePendingPost(): void {
    const entry = this.lastEntry();
    if (!entry) return;
    const answered = this.s.transcript.slice(entry.at + 1).some((l) => l.kind === 'agent' || l.kind === 'tool-call');
    const node = this.node();
    if (!answered && node && node.postActions.length && !node.respondImmediately) this.pendingPost = node;
  }

  /** What the model is offered: Pipecat's schema of each function (its whole description, `required` always written). */
  specs(tools: Tool[]): ToolSpec[] {
    return tools.map((t) => ({
      name: t.name, description: t.description,
      parameters: { type: 'object', properties: t.parameters.properties ?? {}, required: (t.parameters.required as string[] | undefined) ?? [] },
    }));
  }

  /** The context the model reads: from the last reset on. */
  messages() {
    const t = this.s.transcript;
    let from = 0;
    for (let i = t.length - 1; i >= 0; i--) {
      const line = t[i];
      if (line.kind === 'node' && line.reset) { from = i; break; }
    }
    return historyMessages(from === 0 ? t : t.slice(from));
  }

  /** Where `tool`'s call moves the flow, given its result (flow.py `_destination`). */
  destination(tool: Tool, result: unknown): Destination {
    const stage = this.stage();
    const kept = pipecatKeptOf(this.doc);
    if (tool.scope.kind === 'all') {
      const to = kept.globalTransitions?.[tool.id];
      if (typeof to === 'string') return { stage: stageNamed(this.doc, to) };
      if (to && typeof to === 'object') return this.branch(tool, result, to.field, Object.entries(to.cases).map(([key, node]) => ({ key, to: stageNamed(this.doc, node) })), to.default ? stageNamed(this.doc, to.default) : undefined);
      return {};
    }
    if (!stage) return {};
    const edges = this.doc.edges.filter((e) => e.from === stage.id && e.conditions.length === 1 && (e.conditions[0].kind === 'tool' || e.conditions[0].kind === 'result') && e.conditions[0].toolId === tool.id);
    const cases = edges.filter((e) => e.conditions[0].kind === 'result');
    const direct = edges.find((e) => e.conditions[0].kind === 'tool' && e.conditions[0].expected.trim() === '*' && e.conditions[0].field === undefined);
    if (cases.length === 0) return direct ? { stage: byId(this.doc.stages, direct.to), edge: direct } : {};
    const field = (cases[0].conditions[0] as { field: string }).field;
    const picked = this.branch(tool, result, field, cases.map((e) => ({ key: (e.conditions[0] as { expected: string }).expected, to: byId(this.doc.stages, e.to), edge: e })), direct ? byId(this.doc.stages, direct.to) : undefined, direct);
    return picked;
  }

  branch(tool: Tool, result: unknown, field: string, cases: { key: string; to?: Stage; edge?: Edge }[], fallback?: Stage, fallbackEdge?: Edge): Destination {
    const stage = this.stageName() ?? '';
    if (result === null || typeof result !== 'object' || Array.isArray(result) || !Object.hasOwn(result, field)) {
      return { error: `node '${stage}' tool '${tool.name}' branches on result field '${field}', but its result has no such field` };
    }
    const key = pipecatCaseKey((result as Record<string, unknown>)[field]);
    const hit = cases.find((c) => pipecatCaseKey(c.key) === key);
    if (hit) return { stage: hit.to, edge: hit.edge };
    if (fallback) return { stage: fallback, edge: fallbackEdge };
    this.trace({ kind: 'note', message: `node '${stage}' tool '${tool.name}': no branch case matched ${field} = ${key}, staying` });
    return {};
  }

  /** One function call: run (a mock), the result the model reads, and where it moves the flow. */
  async runCall(call: ToolCallRequest, offered: Tool[]): Promise<{ moveTo?: Stage; edge?: Edge; via?: string; stays: boolean; runsModel?: boolean }> {
    const tool = offered.find((t) => t.name === call.name);
    if (!tool) {
      const reads = notAvailable(call.name);
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: call.name, message: reads });
      this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, error: reads, modelReads: reads });
      return { stays: true, runsModel: true };
    }
    const parsed = parseArguments(tool, call.arguments);
    if ('error' in parsed) {
      const reads = resultForModel({ status: 'error', error: parsed.error });
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: tool.name, message: parsed.error });
      this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, error: parsed.error, modelReads: reads });
      return { stays: true, runsModel: true };
    }
    const transitionOnly = pipecatKeptOf(this.doc).transitionOnly?.includes(tool.id) ?? false;
    let result: unknown;
    let error: string | undefined;
    let ran: ToolRun | undefined;
    if (transitionOnly) result = ACKNOWLEDGED;
    else {
      const run = await this.runTool(tool, parsed.args);
      ran = run;
      const writes = pipecatKeptOf(this.doc).stateWrites?.[tool.name]?.length ?? 0;
      const state = writes ? `the ${writes} plain flow_manager.state write(s) read from its Python are done, anything else it stores is not` : 'what it stores in flow_manager.state does not happen here';
      this.noteOnce(`${tool.name} is a Python function in handlers.py, which Callboard cannot run: ${tool.mock !== undefined ? 'its mock answered' : 'it answered with its arguments (give it a mock to answer otherwise)'}, and ${state}`);
      for (const [field, value] of Object.entries(run.writes)) if (field !== 'stage') this.write(field, value, tool.name);
      result = run.result ?? ACKNOWLEDGED;
      error = run.error;
      // The plain `flow_manager.state["k"] = …` of the handler's Python, read at import: done as Pipecat would before the function returns.
      if (error === undefined) for (const w of pipecatKeptOf(this.doc).stateWrites?.[tool.name] ?? []) this.write(w.key, 'param' in w ? parsed.args[w.param] : w.value, tool.name);
    }
    const to = error === undefined ? this.destination(tool, result) : {};
    // Traced once the transition is decided: a branch that cannot read the result fails the call (flow.py `_destination` raises inside the handler).
    if (ran) this.traceToolRun(call, tool.name, parsed.args, to.error !== undefined ? { ...ran, error: to.error } : ran);
    if (error !== undefined) {
      const reads = resultForModel({ status: 'error', error });
      this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, error, modelReads: reads });
      return { stays: true, runsModel: true };
    }
    if (to.error !== undefined) {
      this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, error: to.error, modelReads: resultForModel({ status: 'error', error: to.error }) });
      return { stays: true, runsModel: true };
    }
    this.s.transcript.push({ kind: 'tool-result', id: call.id, name: call.name, result, modelReads: resultForModel(result) });
    this.progress();
    // Pipecat's context aggregator runs the model after a result only when the result is truthy (llm_response_universal.py: `if frame.result`):
    // a function that returns nothing (COMPLETED) leaves the model waiting for the caller.
    return to.stage ? { moveTo: to.stage, edge: to.edge, via: tool.name, stays: false } : { stays: true, runsModel: resultForModel(result) !== 'COMPLETED' };
  }

  /** Model calls until one answers with no function call, the call ends, or the limit. */
  async loop(): Promise<Session> {
    const s = this.s;
    while (!s.ended && this.answeredCalls() < MAX_MODEL_CALLS_PER_STEP) {
      const node = this.node();
      const tools = node?.functions ?? [];
      const instruction = this.systemInstruction();
      const system = [instruction, tools.length ? ASYNC_TOOL_INSTRUCTIONS : ''].filter(Boolean).join('\n\n');
      const call = this.nextCallNumber();
      const response = await this.complete({ system, messages: this.messages(), tools: this.specs(tools), toolChoice: 'auto' }, 'agent', { phase: 'flow' }, true);
      if (!response) return s;
      if (response.text.trim()) s.transcript.push({ kind: 'agent', text: response.text });
      if (response.toolCalls.length === 0) {
        if (!response.text.trim()) this.trace({ kind: 'note', chat: true, message: 'The model answered with neither text nor a function call, so the agent said nothing. Send another line, or Restart from here to ask again.' });
        this.afterAnswer();
        return s;
      }
      for (const tc of response.toolCalls) s.transcript.push({ kind: 'tool-call', id: tc.id, name: tc.name, arguments: tc.arguments, call });
      this.progress();
      // Every call of the answer runs; the last transition is the one taken once all are done (manager.py `_pending_transition`).
      let move: { moveTo?: Stage; edge?: Edge; via?: string } | undefined;
      let runsModel = false;
      for (const tc of response.toolCalls) {
        const ran = await this.runCall(tc, tools);
        if (ran.moveTo) move = ran;
        if (ran.runsModel) runsModel = true;
      }
      this.afterAnswer();
      if (s.ended) return s;
      if (move?.moveTo) {
        if (!this.enter(move.moveTo, move.via, move.edge?.id)) return s;
        if (s.ended) return s;
        if (!nodeOf(this.doc, move.moveTo).respondImmediately) return s;
      } else if (!runsModel) {
        this.trace({ kind: 'note', message: 'every result of this answer was empty (the model reads COMPLETED), and Pipecat runs the model after a result only when it holds something: the agent waits for the caller' });
        return s;
      }
    }
    if (!s.ended) this.trace({ kind: 'limit', message: `the step stopped after ${MAX_MODEL_CALLS_PER_STEP} model calls without a text answer, so that a looping model cannot spend the key` });
    return s;
  }
}

/** A caller line (or the call opening when `callerLine` is null) and what follows it. */
export async function pipecatStep(doc: AgentDocument, session: Session, callerLine: string | null, deps: StepDeps): Promise<Session> {
  const run = new PipecatRun(doc, session, await stepDepsWithBudget(deps));
  const s = run.s;
  const opening = s.turn === 0;
  run.beginStep();
  if (opening) {
    // FlowManager.initialize: the initial node is set, and answers at once unless it says otherwise.
    const stage = run.stage() ?? byId(doc.stages, doc.entryStageId) ?? doc.stages[0];
    if (!stage) {
      run.trace({ kind: 'note', chat: true, message: 'The flow has no node to start in: add a stage.' });
      return run.finish();
    }
    if (!run.enter(stage, undefined)) return run.finish();
    if (run.s.ended) return run.finish();
    if (nodeOf(doc, stage).respondImmediately) await run.loop();
    if (run.failed || run.s.ended) return run.finish();
  } else run.restorePendingPost();
  if (callerLine === null) return run.finish();
  s.transcript.push({ kind: 'caller', text: callerLine });
  run.traceSkipped(PIPECAT_SKIPS);
  await run.loop();
  return run.finish();
}

export async function pipecatRetry(doc: AgentDocument, session: Session, deps: StepDeps): Promise<Session> {
  if (session.failure?.retry?.phase !== 'flow') return session;
  const run = new PipecatRun(doc, session, await stepDepsWithBudget(deps));
  run.restorePendingPost();
  await run.loop();
  return run.finish();
}
