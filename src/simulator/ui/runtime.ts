// Everything a run needs that is heavy — the engine, the providers (openai / anthropic clients),
// the QuickJS sandbox — in one module that the controller imports dynamically when the first step
// starts, so none of it is part of first paint. Tool code runs in a worker (./worker-runner.ts);
// where there are no workers (Node: the unit tests) it runs in this thread.
import type { AgentDocument } from '../../model';
import { prepareSandboxEvaluate } from '../sandbox-evaluate';
import type { Evaluate, ToolRunner } from '../types';

export { runStep, retryStep, startSession } from '../simulation';
export { createModel } from '../providers';
export { replayFrom } from '../replay';
export { runSimulatedCaller, describeOutcome } from '../caller';

/** The step's tool runner: in the tool worker when the platform has workers. */
export async function toolRunner(doc: AgentDocument, signal: AbortSignal): Promise<ToolRunner> {
  if (typeof Worker !== 'undefined') return (await import('./worker-runner')).workerToolRunner(doc, signal);
  return (await import('../sandbox-runner')).sandboxToolRunner(doc);
}

let evaluate: Promise<Evaluate> | undefined;

/** One QuickJS module for predicates per page: loading it costs ~40 ms, each predicate well under 1 ms. */
export function sandboxEvaluate(): Promise<Evaluate> {
  evaluate ??= prepareSandboxEvaluate().catch((error: unknown) => {
    evaluate = undefined;
    throw error;
  });
  return evaluate;
}
