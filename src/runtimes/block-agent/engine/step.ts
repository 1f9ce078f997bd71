// One Block Agent step, as formats/block-agent.md ("The step, exactly as Callboard simulates it")
// sets out. Pure: the session passed in is never changed; a new one is returned. A failed model call
// ends the step where it stands (session.failure) and blockAgentRetry picks it up from there.
import { byId, edgesFrom, kpiName, type AgentDocument, type Condition, type Edge } from '../../../model';
import { BLOCK_AGENT_SKIPS } from './skips';
import { getOwn } from '../../../model/own';
import { historyMessages } from '../../../simulator/messages';
import { parseArguments } from '../../../simulator/tool-arguments';
import { stepDepsWithBudget } from '../../../simulator/budget';
import { StepBase, type RequestBody } from '../../../simulator/step-base';
import type { ModelResponse, RetryPoint, Session, StepDeps, ToolCallRequest, ToolRun } from '../../../simulator/types';
import { checkToolCall } from './check';
import { preparePatternSandbox } from '../../../simulator/sandbox/patterns';
import { asCompared, loopCount, loopingJumps, matchesExpected, VIA_LOOP, VIA_LOOPING } from './conditions';
import { mcpStubResult, offeredTools, type Offered } from './offered';
import { blockAgentSystemPrompt, nluSystemPrompt } from './prompt';

export { asCompared, matchesExpected, VIA_LOOP, VIA_LOOPING } from './conditions';

/** What one step is given: a caller line, the answer to the current wait stage's token, or null (the agent opens). */
export type BlockAgentInput = string | { waitAnswer: { token: string; value: string } } | null;

export const EMPTY_REPLY =
  'The reply call answered with no text, so the agent said nothing this turn. Send another line, or Restart from here to ask again.';

class BlockAgentRun extends StepBase {
  /** Tools that fired validly in this step, by tool id (a retry of the edges brings them back). */
  readonly fired = new Set<string>();

  /** A capture: an empty string never overwrites a non-empty earlier capture. */
  capture(field: string, value: unknown, author: string): void {
    if (value === '' && asCompared(getOwn(this.s.state, field)) !== '') return;
    this.write(field, value, author);
  }

  /** The reply call's body: personality and stage content as Jinja, the caller and agent lines. */
  replyBody(): RequestBody {
    const prompt = blockAgentSystemPrompt(this.doc, this.stage(), this.s, this.deps.call, this.deps.render);
    for (const note of prompt.notes) this.noteOnce(note);
    return { system: prompt.system, messages: historyMessages(this.s.transcript), tools: [], toolChoice: 'none' };
  }

  say(response: ModelResponse | undefined): void {
    if (response && response.text.trim()) this.s.transcript.push({ kind: 'agent', text: response.text });
    // Said in the chat, or the user would wait for a line that never comes.
    else if (response) this.trace({ kind: 'note', chat: true, message: EMPTY_REPLY });
  }

  /** A reply-only call (the agent opening, or entering a wait or end stage); its text streams. */
  async reply(): Promise<void> {
    this.say(await this.complete(this.replyBody(), 'reply', { phase: 'reply' }, true));
  }

  /**
   * Step 2: the reply call and the tool call, started at the same moment. If either fails, the
   * step stops with neither acted on (no tools run, no edges tried): a retry redoes both.
   */
  async parallelCalls(): Promise<boolean> {
    const offered = offeredTools(this.doc, this.stage());
    const body = this.replyBody();
    const reply = this.request(body, 'reply');
    const tools = this.request({ ...body, tools: offered.map((o) => o.spec), toolChoice: 'required' }, 'tools');
    const started = this.now();
    const [replied, called] = await Promise.all([this.send(reply, true, started), this.send(tools, false, started)]);
    const failed = !replied.ok ? replied : !called.ok ? called : undefined;
    const unused = failed && `not used: the ${failed === replied ? 'reply' : 'tool'} call of this step failed`;
    // Traced in a fixed order, with the reply's line between: the agent speaks, then tools fire.
    this.traceCall(reply, replied, unused);
    if (replied.ok && !failed) this.say(replied.response);
    this.traceCall(tools, called, unused);
    if (failed) {
      this.fail(failed, { phase: 'parallel' });
      return false;
    }
    this.progress();
    for (const call of called.ok ? called.response.toolCalls : []) await this.runCall(call, offered);
    return true;
  }

  /** Step 3: check, capture, run. An mcp stub is checked as an open object and returns its mock. */
  async runCall(call: ToolCallRequest, offered: Offered[]): Promise<void> {
    const entry = offered.find((o) => o.name === call.name);
    if (!entry) {
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: call.name, message: `${call.name}: no tool of that name is offered in this block: nothing captured` });
      return;
    }
    const { tool, stub } = entry;
    const checked = stub !== undefined ? parseArguments({ ...tool, name: stub }, call.arguments) : checkToolCall(tool, call.arguments, this.deps.evaluate ?? (await preparePatternSandbox()));
    if ('error' in checked) {
      this.trace({ kind: 'check-failed', toolCallId: call.id, tool: entry.name, message: `${checked.error}: nothing captured` });
      return;
    }
    const args = checked.args;
    this.fired.add(tool.id);
    let run: ToolRun;
    if (stub !== undefined) {
      // A server's arguments are not the agent's declared parameters: nothing is captured from them.
      run = { result: mcpStubResult(this.deps, tool, stub, args), writes: {}, logs: [] };
    } else {
      for (const [field, value] of Object.entries(args)) this.capture(field, value, tool.name);
      if (tool.implementation === undefined && tool.mock === undefined) return this.progress();
      run = await this.runTool(tool, args);
    }
    this.traceToolRun(call, entry.name, args, run);
    for (const [field, value] of Object.entries(run.writes)) if (field !== 'stage') this.capture(field, value, tool.name);
    this.progress();
  }

  /** Step 4: one condition; nlu makes its model call only here, when reached. */
  async holds(condition: Condition, external: string | undefined): Promise<boolean> {
    switch (condition.kind) {
      case 'tool': {
        if (!this.fired.has(condition.toolId)) return false;
        const tool = byId(this.doc.tools, condition.toolId);
        const field = condition.field ?? Object.keys(tool?.parameters.properties ?? {})[0];
        if (field === undefined) return condition.expected.trim() === '*';
        return matchesExpected(condition.expected, getOwn(this.s.state, field));
      }
      case 'external':
        return external !== undefined && matchesExpected(condition.expected, external);
      case 'nlu': {
        const body: RequestBody = { system: nluSystemPrompt(condition.sentence), messages: historyMessages(this.s.transcript), tools: [], toolChoice: 'none' };
        const retry: RetryPoint = { phase: 'edges', fired: [...this.fired], ...(external !== undefined ? { external } : {}) };
        const response = await this.complete(body, 'condition', retry);
        return response !== undefined && /^\W*yes\b/i.test(response.text);
      }
      case 'result':
        // Block Agent writes it as a sentence the model judges (a loss); the simulator does not guess it.
        this.trace({ kind: 'note', message: `a condition on ${byId(this.doc.tools, condition.toolId)?.name ?? 'a tool'}'s result is not read in Block Agent: taken as false` });
        return false;
      case 'expression': {
        if (!this.deps.evaluate) {
          this.trace({ kind: 'note', message: `expression ${condition.expression} not evaluated (no sandbox yet): taken as false` });
          return false;
        }
        try {
          return this.deps.evaluate(condition.expression, Object.freeze(structuredClone(this.s.state)), { what: `the condition ${condition.expression}` });
        } catch (error) {
          this.trace({ kind: 'note', message: `expression ${condition.expression} threw (${(error as Error).message}): taken as false` });
          return false;
        }
      }
    }
  }

  /** The first edge, in written order, whose conditions all hold (short-circuit); none after a failed call. */
  async winningEdge(external: string | undefined): Promise<Edge | undefined> {
    if (this.s.stageId === null) return undefined;
    for (const edge of edgesFrom(this.doc, this.s.stageId)) {
      let all = true;
      for (const condition of edge.conditions) {
        const held = await this.holds(condition, external);
        if (this.failed) return undefined;
        if (!held) {
          all = false;
          break;
        }
      }
      if (all) return edge;
    }
    return undefined;
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
    if (!looping || looping.threshold <= 0 || loopCount(this.doc, this.s) < looping.threshold) return;
    const messages = looping.messages;
    // Said by the runtime, not the model (the model reads it as its own line, like announce).
    const blockName = byId(this.doc.blocks, stage.blockId)?.name ?? stage.blockId;
    if (messages.length > 0) this.s.transcript.push({ kind: 'runtime', source: 'looping', tool: blockName, text: messages[loopingJumps(this.doc, this.s, stage.blockId) % messages.length] });
    this.trace({ kind: 'note', message: `looping threshold ${looping.threshold} reached on ${stage.name}; kpis: ${(looping.kpis ?? []).map(kpiName).join(', ') || '(none)'}` });
    if (looping.connectTo) await this.enter(looping.connectTo, VIA_LOOPING);
  }

  /** Step 6: entering a stage. A stage with no edges ends the call, even if its goodbye call fails. */
  async enter(stageId: string, via: string, edgeId?: string): Promise<void> {
    const target = this.moveStage(stageId, via, edgeId);
    if (!target) return;
    const ends = edgesFrom(this.doc, stageId).length === 0;
    if (ends) this.s.ended = true;
    if (target.kind === 'wait' || ends) await this.reply();
  }

  /** A caller line's step from step 2 on (also what retrying the parallel calls redoes). */
  async afterCallerLine(): Promise<void> {
    if (await this.parallelCalls()) await this.tryEdges(undefined);
  }
}

/**
 * Runs one Block Agent step. A string is the caller's line; `{ waitAnswer }` answers the current
 * wait stage's token and tries its edges again; null opens the call with the entry stage speaking.
 */
export async function blockAgentStep(doc: AgentDocument, session: Session, input: BlockAgentInput, deps: StepDeps): Promise<Session> {
  const run = new BlockAgentRun(doc, session, await stepDepsWithBudget(deps));
  const s = run.s;
  if (s.ended) return s;
  run.beginStep();
  if (input === null) {
    await run.reply();
    return run.finish();
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
    return run.finish();
  }
  s.transcript.push({ kind: 'caller', text: input });
  run.traceSkipped(BLOCK_AGENT_SKIPS);
  await run.afterCallerLine();
  return run.finish();
}

/** Re-issues what failed in the last step (the caller's line is not added again) and goes on. */
export async function blockAgentRetry(doc: AgentDocument, session: Session, deps: StepDeps): Promise<Session> {
  const retry = session.failure?.retry;
  if (!retry || retry.phase === 'agent' || retry.phase === 'flow') return session;
  const run = new BlockAgentRun(doc, session, await stepDepsWithBudget(deps));
  if (retry.phase === 'reply') await run.reply();
  else if (retry.phase === 'parallel') await run.afterCallerLine();
  else {
    for (const id of retry.fired) run.fired.add(id);
    await run.tryEdges(retry.external);
  }
  return run.finish();
}
