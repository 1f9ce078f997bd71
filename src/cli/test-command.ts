// `callboard test`: the agent's conversation tests (its own and tests/*.golden.json) run N times
// each on the simulator's engine (runSuite), against the same providers as `simulate`. Prints a pass
// rate per test and why runs failed; optionally JUnit XML; exit 1 when a test is under the minimum.
import { lossesFor } from '../formats/losses';
import type { AgentDocument, ConversationTest } from '../model';
import { GOLDEN_SUFFIX } from '../formats/bundle';
import { runSuite, type TestSuiteEntry } from '../simulator/conversation-tests';
import { createModel } from '../simulator/providers';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { sandboxToolRunner } from '../simulator/sandbox-runner';
import type { StepDeps } from '../simulator/types';
import { withApiKey } from './api-key';
import { EXIT_ERRORS, EXIT_OK, type CliIo } from './io';
import { readRunInput } from './run-input';
import { answerBounds, localToday } from './simulate';
import type { TestArgs } from './test-args';
import { readGoldens, withGoldensFrom } from './test-files';
import { entryText, junitXml, summaryText } from './test-report';
import { compareCommand, type Side } from './test-compare';

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

function depsFor(args: TestArgs, doc: AgentDocument, test: ConversationTest, key: string | undefined, evaluate: StepDeps['evaluate'], modelName = args.model): StepDeps {
  const call = { today: localToday(), ...test.call };
  const today = typeof call.today === 'string' ? call.today : undefined;
  const model = createModel({ provider: args.provider, baseUrl: args.baseUrl, model: modelName, apiKey: key, temperature: doc.llm.temperature, today, ...answerBounds(args) });
  const budgetMs = args.budgetSeconds === undefined ? undefined : args.budgetSeconds * 1000;
  return { model, runner: sandboxToolRunner(doc), evaluate, losses: lossesFor, revision: 0, call: { today: localToday() }, temperature: doc.llm.temperature, ...(budgetMs ? { budgetMs } : {}) };
}

export async function testCommand(args: TestArgs, rawIo: CliIo): Promise<number> {
  // Every line and the JUnit file go through `io`, which never shows the key (api-key.ts).
  const { key, io } = withApiKey(args, rawIo, 'test');
  const input = await readRunInput(io, args, 'test', 'a whole agent');
  if (!input.ok) return input.exit;
  const { doc, failed } = withGoldensFrom(io, input.doc, readGoldens(io, args.file, args.testsDir, 'test'));
  const tests = doc.tests ?? [];
  if (tests.length === 0) {
    io.err(`${input.file}: no tests: save runs as tests in the app, or put *${GOLDEN_SUFFIX} files in ${args.testsDir ?? 'a tests/ folder beside the agent'}\n`);
    return EXIT_ERRORS;
  }
  if (args.compare !== undefined || args.models.length === 2) return compare(args, io, input.file, doc, key, failed);
  const evaluate = await prepareSandboxEvaluate();
  const entries: TestSuiteEntry[] = [];
  for (const test of tests) {
    // One test at a time, so each test's line prints as soon as its runs are done.
    const [entry] = await runSuite(doc, [test], () => depsFor(args, doc, test, key, evaluate), { runs: args.runs });
    entries.push(entry);
    io.out(entryText(entry, args.minPassRate));
  }
  io.out(summaryText(entries, args.minPassRate));
  if (args.junit !== undefined) {
    try {
      io.writeText(args.junit, junitXml(doc.name, entries));
    } catch (error) {
      io.err(`callboard test: cannot write ${args.junit}: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_ERRORS;
    }
  }
  const under = entries.some((e) => e.runs.length === 0 || e.passRate < args.minPassRate);
  // A golden left out is a test not run: CI must not pass on it.
  return under || failed ? EXIT_ERRORS : EXIT_OK;
}
