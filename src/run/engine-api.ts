// What the engine worker (./engine.worker.ts) offers the page: a step, a retry, a replay, a
// conversation-test suite, and what the agent's own code needs and derives (./class-insight.ts);
// each built from plain settings (the provider's, the call facts, the step budget) rather than
// from live objects, since only cloneable data crosses to a worker. The
// deps are made here, on the worker's side: the model, the tool sandbox, the predicate sandbox and
// the template sandbox all run where the agent's code runs, off the page's thread. The same object
// serves in the page's thread where there are no workers (the unit tests).
import type { AgentDocument, ConversationTest, PlayedTurn, Target } from '../model';
import { runSuite, type TestRunResult } from '../simulator/conversation-tests';
import { createModel, type ProviderSettings } from '../simulator/providers';
import { replayFrom, type RunStep } from '../simulator/replay';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { stepDeps } from '../runtimes/step-inputs';
import { retryStep, runStep, startSession } from '../simulator/simulation';
import type { CallFacts, Derived, Evaluate, Session, SimInput, StepDeps } from '../simulator/types';
import { classInsight, type ClassInsight } from '../simulator/class-code/insight';
import { derivedState, stateWithStage } from '../simulator/derived';
import { renderedView } from '../simulator/view';
import type { ViewResult } from '../simulator/types';

/** Everything a step's deps are made from; the key is in `provider` and goes to the client only. */
export interface RunSettings {
  provider: ProviderSettings;
  revision: number;
  call: CallFacts;
  mcpMocks?: Record<string, unknown>;
  temperature?: number;
  budgetMs?: number;
  /** Answers a person gave in the model's place ("Play the model"), each at its step (simulator/played.ts). */
  played?: PlayedTurn[];
}

/** Live hooks of a step (callbacks proxied back to the page). */
export interface StepHooks {
  onProgress?: (session: Session) => void;
  onTextDelta?: (delta: string) => void;
}

export interface EngineApi {
  runStep(callId: number, doc: AgentDocument, session: Session, input: SimInput, runtime: Target, settings: RunSettings, hooks?: StepHooks): Promise<Session>;
  retryStep(callId: number, doc: AgentDocument, session: Session, settings: RunSettings, hooks?: StepHooks): Promise<Session>;
  replayFrom(callId: number, doc: AgentDocument, steps: RunStep[], index: number, settings: RunSettings): Promise<RunStep[]>;
  /** Runs each test `runs` times; `onRun` hears each run as it ends. */
  runTests(callId: number, doc: AgentDocument, tests: ConversationTest[], runs: number, settings: RunSettings, onRun?: (test: string, run: number, result: TestRunResult) => void): Promise<void>;
  /** What the agent's own code needs, and its getters, read without running it (class-code/insight.ts). */
  classInsight(callId: number, doc: AgentDocument): Promise<ClassInsight>;
  /**
   * The getters' values for the state a run would start from: the fields' defaults with the
   * user's initial values over them, on the entry stage (what the state panel shows before a run).
   */
  initialDerived(callId: number, doc: AgentDocument, initialState: Record<string, unknown>, call: CallFacts): Promise<Derived>;
  /** What a Pinecall class's kept render() gives for `state` (the stage in it) and the call facts: the stage inspector's preview (./view-preview.ts). */
  renderView(callId: number, doc: AgentDocument, state: Record<string, unknown>, call: CallFacts): Promise<ViewResult>;
  /** Aborts the call's model calls; the engine ends the step with an 'aborted' failure. */
  abort(callId: number): void;
}

let evaluate: Promise<Evaluate> | undefined;

/** One QuickJS module for predicates per thread: loading it costs ~40 ms, each predicate well under 1 ms. */
function predicateSandbox(): Promise<Evaluate> {
  evaluate ??= prepareSandboxEvaluate().catch((error: unknown) => {
    evaluate = undefined;
    throw error;
  });
  return evaluate;
}

export function createEngineApi(): EngineApi {
  const aborts = new Map<number, AbortController>();

  const depsFor = async (doc: AgentDocument, settings: RunSettings, signal: AbortSignal, hooks: StepHooks = {}, call = settings.call): Promise<StepDeps> => stepDeps(doc, {
    // A fresh model per step or run, so the offline model's memory of one cannot leak into the next.
    model: createModel(settings.provider),
    evaluate: await predicateSandbox(),
    revision: settings.revision,
    call,
    mcpMocks: settings.mcpMocks,
    temperature: settings.temperature,
    budgetMs: settings.budgetMs,
    ...(settings.played?.length ? { played: settings.played } : {}),
    signal,
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    ...(hooks.onTextDelta ? { onTextDelta: hooks.onTextDelta } : {}),
  });

  const withAbort = async <T,>(callId: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const abort = new AbortController();
    aborts.set(callId, abort);
    try {
      return await work(abort.signal);
    } finally {
      aborts.delete(callId);
    }
  };

  return {
    runStep: (callId, doc, session, input, runtime, settings, hooks) =>
      withAbort(callId, async (signal) => runStep(doc, session, input, await depsFor(doc, settings, signal, hooks), runtime)),
    retryStep: (callId, doc, session, settings, hooks) =>
      withAbort(callId, async (signal) => retryStep(doc, session, await depsFor(doc, settings, signal, hooks))),
    replayFrom: (callId, doc, steps, index, settings) =>
      withAbort(callId, async (signal) => replayFrom(doc, steps, index, await depsFor(doc, settings, signal))),
    runTests: (callId, doc, tests, runs, settings, onRun) =>
      withAbort(callId, async (signal) => {
        for (const test of tests) {
          if (signal.aborted) break;
          const call = { ...settings.call, ...test.call };
          const provider = { ...settings.provider, ...(typeof call.today === 'string' ? { today: call.today } : {}) };
          await runSuite(doc, [test], () => depsFor(doc, { ...settings, provider }, signal, {}, call), {
            runs,
            signal,
            onRun: (result, at) => onRun?.(test.name, at.run, result),
          });
        }
      }),
    classInsight: async (_callId, doc) => classInsight(doc),
    initialDerived: async (_callId, doc, initialState, call) => {
      const start = startSession(doc, { initialState, runtime: doc.target });
      const entry = doc.stages.find((s) => s.id === start.stageId)?.name ?? null;
      return derivedState(doc, stateWithStage(doc, start.state, entry), call);
    },
    // Bounded by the view's own deadline (1 s): nothing to abort.
    renderView: (_callId, doc, state, call) => renderedView(doc, state, call),
    abort: (callId) => aborts.get(callId)?.abort(),
  };
}
