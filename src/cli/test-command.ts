// `callboard test`: the agent's conversation tests (its own and tests/*.golden.json) run N times
// each on the simulator's engine (runSuite), against the same providers as `simulate`. Prints a pass
// rate per test and why runs failed; optionally JUnit XML; exit 1 when a test is under the minimum.
import type { AgentDocument, ConversationTest } from '../model';
import { GOLDEN_SUFFIX } from '../formats/bundle';
import { runSuite, type TestSuiteEntry } from '../simulator/conversation-tests';
import { createModel } from '../simulator/providers';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { stepDeps } from '../runtimes/step-inputs';
import type { StepDeps } from '../simulator/types';
import { withApiKey } from './api-key';
import { EXIT_ERRORS, EXIT_OK, type CliIo } from './io';
import { readRunInput } from './run-input';
import { answerBounds, localToday } from './simulate';
import type { TestArgs } from './test-args';
import { readGoldens, withGoldensFrom } from './test-files';
import { entryText, junitXml, summaryText } from './test-report';
import { compareCommand, type Side } from './test-compare';
import { jsonText, testEntryJson, type TestJson } from './json-shapes';
import { progressOf, type Progress } from './progress';

/** A/B runs: this agent's tests on agent B (--compare), or on two models (--model X --model Y). */
async function compare(args: TestArgs, io: CliIo, file: string, doc: AgentDocument, key: string | undefined, failed: boolean): Promise<number> {
  let sides: [Side, Side];
  if (args.compare !== undefined) {
    const other = await readRunInput(io, { file: args.compare, fixTabs: args.fixTabs }, 'test', 'a whole agent');
    if (!other.ok) return other.exit;
    sides = [{ label: file, doc }, { label: other.file, doc: other.doc }];
  } else {
    sides = [{ label: args.models[0], doc, model: args.models[0] }, { label: args.models[1], doc, model: args.models[1] }];
  }
  return compareCommand(args, io, doc.tests ?? [], sides, (side, test, evaluate) => depsFor(args, side.doc, test, key, evaluate, side.model ?? args.model), failed);
}

/** What a run needs from the command line: `test` and `check` both have it. */
export type RunSettings = Pick<TestArgs, 'provider' | 'baseUrl' | 'model' | 'budgetSeconds' | 'answerBytes' | 'answerSeconds' | 'runs'>;

function depsFor(args: RunSettings, doc: AgentDocument, test: ConversationTest, key: string | undefined, evaluate: StepDeps['evaluate'], modelName = args.model): StepDeps {
  const call = { today: localToday(), ...test.call };
  const today = typeof call.today === 'string' ? call.today : undefined;
  const model = createModel({ provider: args.provider, baseUrl: args.baseUrl, model: modelName, apiKey: key, temperature: doc.llm.temperature, today, ...answerBounds(args) });
  const budgetMs = args.budgetSeconds === undefined ? undefined : args.budgetSeconds * 1000;
  return stepDeps(doc, { model, evaluate, revision: 0, call: { today: localToday() }, temperature: doc.llm.temperature, ...(budgetMs ? { budgetMs } : {}) });
}

/**
 * Runs each of the document's tests `settings.runs` times, one test at a time: `onEntry` hears of
 * each test as soon as its runs are done, `progress` of each run.
 */
export async function runTests(settings: RunSettings, doc: AgentDocument, key: string | undefined, onEntry: (entry: TestSuiteEntry) => void, progress?: Progress): Promise<TestSuiteEntry[]> {
  const evaluate = await prepareSandboxEvaluate();
  const entries: TestSuiteEntry[] = [];
  for (const test of doc.tests ?? []) {
    const [entry] = await runSuite(doc, [test], () => depsFor(settings, doc, test, key, evaluate), { runs: settings.runs, onRun: (run) => progress?.run(run.passed) });
    entries.push(entry);
    onEntry(entry);
  }
  return entries;
}

/** Where `test` and `check` say there are no tests, and where to put some. */
export const noTestsText = (testsDir: string | undefined): string =>
  `no tests: save runs as tests in the app, or put *${GOLDEN_SUFFIX} files in ${testsDir ?? 'a tests/ folder beside the agent'}`;

/** Writes the JUnit report; false (said on standard error) when it cannot. */
export function writeReport(io: CliIo, command: string, path: string, text: string): boolean {
  try {
    io.writeText(path, text);
    return true;
  } catch (error) {
    io.err(`callboard ${command}: cannot write ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return false;
  }
}

export async function testCommand(args: TestArgs, rawIo: CliIo): Promise<number> {
  // Every line and the JUnit file go through `io`, which never shows the key (api-key.ts).
  const { key, io } = withApiKey(args, rawIo, 'test');
  const input = await readRunInput(io, args, 'test', 'a whole agent');
  if (!input.ok) return input.exit;
  const { doc, failed } = withGoldensFrom(io, input.doc, readGoldens(io, args.file, args.testsDir, 'test'));
  const tests = doc.tests ?? [];
  if (tests.length === 0) {
    io.err(`${input.file}: ${noTestsText(args.testsDir)}\n`);
    if (args.json) io.out(jsonText({ command: 'test', ok: false, file: input.file, runsEach: args.runs, minPassRate: args.minPassRate, tests: [], totals: { tests: 0, runs: 0, passes: 0, under: 0 } } satisfies TestJson));
    return EXIT_ERRORS;
  }
  if (args.compare !== undefined || args.models.length === 2) return compare(args, io, input.file, doc, key, failed);
  const progress = progressOf(io, 'test', tests.length * args.runs);
  const entries = await runTests(args, doc, key, (entry) => {
    if (!args.json) progress.io.out(entryText(entry, args.minPassRate));
  }, progress);
  progress.end();
  const under = entries.filter((e) => e.runs.length === 0 || e.passRate < args.minPassRate).length;
  // A golden left out is a test not run: CI must not pass on it.
  const ok = under === 0 && !failed;
  if (args.json) {
    const runs = entries.reduce((n, e) => n + e.runs.length, 0);
    const passes = entries.reduce((n, e) => n + e.passes, 0);
    const report: TestJson = {
      command: 'test', ok, file: input.file, runsEach: args.runs, minPassRate: args.minPassRate,
      tests: entries.map((e) => testEntryJson(e, args.minPassRate)),
      totals: { tests: entries.length, runs, passes, under },
    };
    io.out(jsonText(report));
  } else {
    io.out(summaryText(entries, args.minPassRate));
  }
  if (args.junit !== undefined && !writeReport(io, 'test', args.junit, junitXml(doc.name, entries))) return EXIT_ERRORS;
  return ok ? EXIT_OK : EXIT_ERRORS;
}
