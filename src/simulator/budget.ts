// The step's budget for agent code. Each piece of an agent's own code — a template, a `when`
// predicate, an expression condition, a tool body — already has a deadline of its own, but an
// agent with 60 looping predicates would still hold a step for a minute. So one step may spend at
// most `budgetMs` (5 s by default, a setting) in agent code altogether: each piece is given
// min(its own deadline, what is left), and once the budget is spent nothing more of the agent's
// code runs in that step; the step ends before its next model call with a failure that names the
// piece that ran out (StepBase.send). Time is measured on a monotonic clock, apart from the
// injectable `now` the trace uses (tests fix that one at 0).
import type { Tool } from '../model';
import { DEFAULT_TEMPLATE_TIMEOUT_MS, prepareTemplateSandbox, type JinjaResult, type RenderTemplate } from './sandbox/templates';
import type { DeriveState, Evaluate, RenderView, StepBudgetView, StepDeps, ToolRunner } from './types';

export const DEFAULT_STEP_BUDGET_MS = 5000;
/** A `when` is a one-line predicate: 1 s stops a runaway one without failing on a slow, busy machine. */
export const DEFAULT_PREDICATE_TIMEOUT_MS = 1000;
/** A kept render() builds the prompt's view before each model call: prose, so 1 s is ample for a sound one. */
export const DEFAULT_VIEW_TIMEOUT_MS = 1000;

const DEFAULT_TOOL_TIMEOUT_S = 30;
const MAX_TOOL_TIMEOUT_S = 300;

/** A tool's own timeout in ms: its `timeout` (seconds) or 30 s, never above 300 s. */
export function toolTimeoutMs(tool: Tool): number {
  const s = typeof tool.timeout === 'number' && tool.timeout > 0 ? tool.timeout : DEFAULT_TOOL_TIMEOUT_S;
  return Math.min(s, MAX_TOOL_TIMEOUT_S) * 1000;
}

/** Thrown by a predicate that ran past its deadline (the engine takes it as false and says so). */
export class OutOfTime extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutOfTime';
  }
}

const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

export class StepBudget implements StepBudgetView {
  private spentMs = 0;
  /** What was running when the budget ran out, once it has. */
  exhaustedBy: string | undefined;

  constructor(readonly totalMs: number) {}

  remaining(): number {
    return Math.max(0, this.totalMs - this.spentMs);
  }

  get exhausted(): boolean {
    return this.exhaustedBy !== undefined;
  }

  /** The failure message the chat shows. */
  message(): string {
    return `The step stopped: the agent's own code used up the step's budget of ${seconds(this.totalMs)} s (${this.exhaustedBy} was running when it ran out). Fix or shorten that code, or raise the step budget in ⚙ LLM.`;
  }

  /**
   * Runs one piece of agent code with min(ownMs, remaining) ms; `timedOut` tells from its outcome
   * whether it ran past that. When the budget (not the piece's own deadline) was the limit, the
   * budget is spent and `what` is named.
   */
  run<T>(what: string, ownMs: number, piece: (ms: number) => T, timedOut: (outcome: T | undefined, error: unknown) => boolean): T {
    const left = this.remaining();
    const ms = Math.min(ownMs, left);
    const started = clock();
    let outcome: T | undefined;
    let error: unknown;
    try {
      outcome = piece(ms);
      return outcome;
    } catch (thrown) {
      error = thrown;
      throw thrown;
    } finally {
      this.spentMs += clock() - started;
      if (ms < ownMs && timedOut(outcome, error)) this.exhaustedBy ??= what;
      else if (this.remaining() <= 0) this.exhaustedBy ??= what;
    }
  }

  async runAsync<T>(what: string, ownMs: number, piece: (ms: number) => Promise<T>, timedOut: (outcome: T | undefined) => boolean): Promise<T> {
    const ms = Math.min(ownMs, this.remaining());
    const started = clock();
    let outcome: T | undefined;
    try {
      outcome = await piece(ms);
      return outcome;
    } finally {
      this.spentMs += clock() - started;
      if ((ms < ownMs && timedOut(outcome)) || this.remaining() <= 0) this.exhaustedBy ??= what;
    }
  }
}

const SPENT = 'not run: the step has used up its budget for agent code';

function budgetedEvaluate(evaluate: Evaluate, budget: StepBudget): Evaluate {
  return (source, state, options = {}) => {
    if (budget.exhausted) throw new OutOfTime(SPENT);
    const what = options.what ?? 'a predicate';
    return budget.run(what, options.timeoutMs ?? DEFAULT_PREDICATE_TIMEOUT_MS, (ms) => evaluate(source, state, { ...options, timeoutMs: ms }), (_out, error) => error instanceof OutOfTime);
  };
}

/** The getters, like a predicate: min(their deadline, what is left); once spent, none is computed. */
function budgetedDerive(derive: DeriveState, budget: StepBudget): DeriveState {
  return (doc, state, call, options = {}) => {
    if (budget.exhausted) return { values: {}, errors: {}, needs: {}, failure: SPENT };
    const timedOut = (out: ReturnType<DeriveState> | undefined) => out?.failure?.startsWith('the getters took longer than') ?? false;
    return budget.run('the getters', options.timeoutMs ?? DEFAULT_PREDICATE_TIMEOUT_MS, (ms) => derive(doc, state, call, { ...options, timeoutMs: ms }), timedOut);
  };
}

/** A kept view, like the getters: min(its deadline, what is left); once spent, it renders nothing and says why. */
function budgetedRenderView(renderView: RenderView, budget: StepBudget): RenderView {
  return (doc, state, call, options = {}) => {
    if (budget.exhausted) return { text: '', error: SPENT, failure: 'timeout' };
    return budget.run('render()', options.timeoutMs ?? DEFAULT_VIEW_TIMEOUT_MS, (ms) => renderView(doc, state, call, { ...options, timeoutMs: ms }), (out) => out?.failure === 'timeout');
  };
}

function budgetedRender(render: RenderTemplate, budget: StepBudget): RenderTemplate {
  return (text, scope, options = {}) => {
    if (budget.exhausted) return { ok: false, text, error: SPENT, failure: 'timeout' } satisfies JinjaResult;
    return budget.run(options.what ?? 'a template', options.timeoutMs ?? DEFAULT_TEMPLATE_TIMEOUT_MS, (ms) => render(text, scope, { ...options, timeoutMs: ms }), (out) => out?.ok === false && out.failure === 'timeout');
  };
}

function budgetedRunner(runner: ToolRunner, budget: StepBudget): ToolRunner {
  return {
    run: async (tool, args, state, call, options = {}) => {
      const what = `tool ${tool.name}`;
      if (budget.exhausted) return { error: `${tool.name} was ${SPENT}`, failure: 'timeout', writes: {}, logs: [] };
      const run = await budget.runAsync(what, options.timeoutMs ?? toolTimeoutMs(tool), (ms) => runner.run(tool, args, state, call, { timeoutMs: ms }), (out) => out?.failure === 'timeout');
      if (budget.exhaustedBy === what && run.failure === 'timeout') return { ...run, error: `${tool.name} stopped: the step's budget of ${seconds(budget.totalMs)} s for agent code ran out` };
      return run;
    },
  };
}

/**
 * The deps a step runs on: the template sandbox when none was given, and every piece of agent
 * code (templates, predicates, getters, a kept view, tool bodies) held to one budget for the step.
 */
export async function stepDepsWithBudget(deps: StepDeps): Promise<StepDeps> {
  const budget = new StepBudget(deps.budgetMs ?? DEFAULT_STEP_BUDGET_MS);
  const render = deps.render ?? (await prepareTemplateSandbox()).render;
  return {
    ...deps,
    budget,
    render: budgetedRender(render, budget),
    runner: budgetedRunner(deps.runner, budget),
    ...(deps.evaluate ? { evaluate: budgetedEvaluate(deps.evaluate, budget) } : {}),
    ...(deps.derive ? { derive: budgetedDerive(deps.derive, budget) } : {}),
    ...(deps.renderView ? { renderView: budgetedRenderView(deps.renderView, budget) } : {}),
  };
}
