// Running conversation tests: one run of one test on the simulator's own engine (runScript), and a
// suite of N runs each. A run never throws and never touches the document it is given: mocks go
// into a copy, and a failed model call or an engine error becomes the run's `error`.
import type { AgentDocument, Target } from '../../model';
import { runScript, startSession } from '../simulation';
import type { Session, StepDeps, ToolRunner } from '../types';
import { checkExpectations } from './expectations';
import type { ConversationTest, ExpectationResult, TestRunResult, TestSuiteEntry } from './types';

/**
 * The document as the test runs it: a function tool named in `mocks` gets that mock, so Block Agent
 * calls the runner for it even when the tool has neither implementation nor mock of its own.
 */
function mockedDocument(doc: AgentDocument, mocks: Record<string, unknown>): AgentDocument {
  if (Object.keys(mocks).length === 0) return doc;
  return { ...doc, tools: doc.tools.map((tool) => (tool.kind === 'function' && Object.hasOwn(mocks, tool.name) ? { ...tool, mock: structuredClone(mocks[tool.name]) } : tool)) };
}

/** A mocked tool returns its mock and writes nothing: its implementation does not run. */
function mockingRunner(runner: ToolRunner, mocks: Record<string, unknown>): ToolRunner {
  return {
    // `options` carries the step budget's deadline: dropped, a looping tool would run its own 300 s.
    run: (tool, args, state, call, options) => (Object.hasOwn(mocks, tool.name) ? Promise.resolve({ result: structuredClone(mocks[tool.name]), writes: {}, logs: [] }) : runner.run(tool, args, state, call, options)),
  };
}

/** An mcp stub is called by its allowed tool's name, so a mock under that name is its result. */
function mcpMocksFor(doc: AgentDocument, mocks: Record<string, unknown>, given: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = { ...given };
  for (const tool of doc.tools) {
    for (const stub of tool.kind === 'mcp' ? (tool.mcp?.allowedTools ?? []) : []) if (Object.hasOwn(mocks, stub)) out[`${tool.id}/${stub}`] = structuredClone(mocks[stub]);
  }
  return Object.keys(out).length ? out : given;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Where and with what a test's call opens: `start.state` over the test's `state`, on `start.stage`
 * (by name). A stage the agent does not have is an error naming the test and the stages there are,
 * rather than a run quietly on the entry stage.
 */
export function testStart(doc: AgentDocument, test: ConversationTest): { initialState?: Record<string, unknown>; startStageId?: string; error?: string } {
  const initialState = test.start?.state ? { ...test.state, ...test.start.state } : test.state;
  if (!test.start) return { initialState };
  const stage = doc.stages.find((s) => s.name === test.start!.stage);
  if (!stage) {
    const names = doc.stages.map((s) => s.name).join(', ') || 'none';
    return { initialState, error: `test ${test.name} starts at stage ${test.start.stage}, which the agent does not have (stages: ${names}); write a stage's name in start.stage` };
  }
  return { initialState, startStageId: stage.id };
}

/** One run: see index.ts for the contract. */
export async function runConversationTest(
  doc: AgentDocument,
  test: ConversationTest,
  deps: StepDeps,
  options: { runtime?: Target; signal?: AbortSignal; now?: () => number } = {},
): Promise<TestRunResult> {
  const clock = options.now ?? deps.now ?? Date.now;
  const started = clock();
  const mocks = test.mocks ?? {};
  const runDoc = mockedDocument(doc, mocks);
  const start = testStart(doc, test);
  let latest: Session = startSession(runDoc, start);
  if (start.error !== undefined) return { test: test.name, passed: false, expectations: [], error: start.error, session: latest, ms: 0 };
  const runDeps: StepDeps = {
    ...deps,
    runner: mockingRunner(deps.runner, mocks),
    call: { ...deps.call, ...test.call },
    mcpMocks: mcpMocksFor(doc, mocks, deps.mcpMocks),
    // The model's turns a person played ("Play the model") answer at their steps, on any model.
    ...(test.model?.length ? { played: test.model } : {}),
    signal: options.signal ?? deps.signal,
    now: options.now ?? deps.now,
    // Kept so that an engine throw still reports how far the run got.
    onProgress: (session) => {
      latest = session;
      deps.onProgress?.(session);
    },
  };
  let session: Session;
  let error: string | undefined;
  try {
    session = await runScript(runDoc, { says: test.input, waits: test.waits, agentFirst: doc.opening === 'agent', runtime: options.runtime ?? doc.target, initialState: start.initialState, startStageId: start.startStageId }, runDeps);
    if (session.failure) error = `step ${session.failure.step}: ${session.failure.message}`;
  } catch (thrown) {
    session = latest;
    error = `the engine stopped: ${messageOf(thrown)}`;
  }
  let expectations: ExpectationResult[];
  try {
    expectations = checkExpectations(doc, test, session);
  } catch (thrown) {
    expectations = [];
    error ??= `the expectations could not be checked: ${messageOf(thrown)}`;
  }
  const passed = error === undefined && expectations.every((e) => e.passed);
  return { test: test.name, passed, expectations, ...(error !== undefined ? { error } : {}), session, ms: Math.max(0, clock() - started) };
}

/** A run whose deps cannot be made fails like any other run, so the suite goes on. */
async function oneRun(doc: AgentDocument, test: ConversationTest, makeDeps: () => StepDeps | Promise<StepDeps>, signal: AbortSignal | undefined): Promise<TestRunResult> {
  let deps: StepDeps;
  try {
    deps = await makeDeps();
  } catch (thrown) {
    return { test: test.name, passed: false, expectations: [], error: `could not set the run up: ${messageOf(thrown)}`, session: startSession(doc, testStart(doc, test)), ms: 0 };
  }
  return runConversationTest(doc, test, deps, { signal });
}

/** Each test `runs` times, in order: see index.ts. Stops early (with the runs made) when `signal` aborts. */
export async function runSuite(
  doc: AgentDocument,
  tests: ConversationTest[],
  makeDeps: () => StepDeps | Promise<StepDeps>,
  options: { runs: number; signal?: AbortSignal; onRun?: (result: TestRunResult, at: { test: string; run: number }) => void },
): Promise<TestSuiteEntry[]> {
  const entries: TestSuiteEntry[] = [];
  for (const test of tests) {
    const entry: TestSuiteEntry = { test: test.name, runs: [], passes: 0, passRate: 0 };
    entries.push(entry);
    for (let run = 1; run <= options.runs && !options.signal?.aborted; run++) {
      const result = await oneRun(doc, test, makeDeps, options.signal);
      entry.runs.push(result);
      if (result.passed) entry.passes++;
      entry.passRate = entry.passes / entry.runs.length;
      options.onRun?.(result, { test: test.name, run });
    }
  }
  return entries;
}
