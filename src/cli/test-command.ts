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
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIo } from './io';
import { formatDiagnostic, loadAgent, readSource, reportFailure } from './read';
import { localToday } from './simulate';
import { API_KEY_ENV } from './simulate-args';
import type { TestArgs } from './test-args';
import { readGoldens, withGoldensFrom } from './test-files';
import { entryText, junitXml, summaryText } from './test-report';

const MIN_SCRUBBED_KEY = 8;

/** As in `simulate`: should any message quote the key, it is replaced before it is printed. */
function keyScrubbingIo(io: CliIo, key: string | undefined): CliIo {
  if (!key || key.length < MIN_SCRUBBED_KEY) return io;
  const scrub = (text: string) => text.split(key).join('***');
  return { ...io, out: (text) => io.out(scrub(text)), err: (text) => io.err(scrub(text)), writeText: (path, text) => io.writeText(path, scrub(text)) };
}

function theKey(args: TestArgs, io: CliIo): string | undefined {
  if (args.provider === 'offline') return undefined;
  const key = args.apiKey?.trim() || io.env?.(API_KEY_ENV)?.trim();
  if (!key) throw new UsageError(`--provider ${args.provider} needs an API key: pass --api-key KEY, or set ${API_KEY_ENV} in the environment`, 'test');
  return key;
}

function depsFor(args: TestArgs, doc: AgentDocument, test: ConversationTest, key: string | undefined, evaluate: StepDeps['evaluate']): StepDeps {
  const call = { today: localToday(), ...test.call };
  const today = typeof call.today === 'string' ? call.today : undefined;
  const model = createModel({ provider: args.provider, baseUrl: args.baseUrl, model: args.model, apiKey: key, temperature: doc.llm.temperature, today });
  const budgetMs = args.budgetSeconds === undefined ? undefined : args.budgetSeconds * 1000;
  return { model, runner: sandboxToolRunner(doc), evaluate, losses: lossesFor, revision: 0, call: { today: localToday() }, temperature: doc.llm.temperature, ...(budgetMs ? { budgetMs } : {}) };
}

export async function testCommand(args: TestArgs, rawIo: CliIo): Promise<number> {
  const key = theKey(args, rawIo);
  const io = keyScrubbingIo(rawIo, key);
  const source = readSource(io, args.file, args.from, 'test');
  const loaded = await loadAgent(source, { fixTabs: args.fixTabs });
  if (!loaded.ok) return reportFailure(io, source.file, loaded);
  if (loaded.kind !== 'agent') {
    io.err(`${source.file}: a list of tools, not an agent: test needs a whole agent\n`);
    return EXIT_ERRORS;
  }
  for (const d of loaded.diagnostics) if (d.severity === 'warning' || d.severity === 'error') io.err(formatDiagnostic(source.file, d) + '\n');
  const { doc, failed } = withGoldensFrom(io, loaded.doc, readGoldens(io, args.file, args.testsDir, 'test'));
  const tests = doc.tests ?? [];
  if (tests.length === 0) {
    io.err(`${source.file}: no tests: save runs as tests in the app, or put *${GOLDEN_SUFFIX} files in ${args.testsDir ?? 'a tests/ folder beside the agent'}\n`);
    return EXIT_ERRORS;
  }
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
