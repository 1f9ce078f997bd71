// `callboard test A --compare B` and `callboard test A --model X --model Y` (issue 15, A/B runs):
// A's tests run N times on each side — two agents on one model, or one agent on two models — and
// each test's pass rates print side by side. A regression is a test the first side passes (at
// --min-pass-rate) and the second does not: the command then exits 1, so a CI job can refuse it.
import type { AgentDocument } from '../model';
import { compareRow, runSuite, type TestSuiteEntry } from '../simulator/conversation-tests';
import { prepareSandboxEvaluate } from '../simulator/sandbox-evaluate';
import { EXIT_ERRORS, EXIT_OK, type CliIo } from './io';
import type { TestArgs } from './test-args';
import { compareMarkdown, compareText, type CompareRow, type Side } from './test-compare-report';

export type { Side } from './test-compare-report';
import { junitXml } from './test-report';
import { jsonText, type TestCompareJson } from './json-shapes';
import type { StepDeps } from '../simulator/types';
import type { ConversationTest } from '../model';


const rateJson = (e: TestSuiteEntry) => ({ passes: e.passes, runs: e.runs.length, passRate: e.passRate });

function compareJson(rows: CompareRow[], sides: [Side, Side], args: TestArgs, failed: boolean): TestCompareJson {
  const regressions = rows.filter((r) => r.regression).length;
  return {
    command: 'test', mode: 'compare', ok: regressions === 0 && !failed,
    sides: [sides[0].label, sides[1].label], runsEach: args.runs, minPassRate: args.minPassRate,
    rows: rows.map((r) => ({ name: r.test, a: rateJson(r.a), b: rateJson(r.b), regression: r.regression, fixed: r.fixed })),
    regressions,
  };
}

export type DepsFor = (side: Side, test: ConversationTest, evaluate: StepDeps['evaluate']) => StepDeps;

export async function compareCommand(args: TestArgs, io: CliIo, tests: ConversationTest[], sides: [Side, Side], depsFor: DepsFor, failed: boolean): Promise<number> {
  const evaluate = await prepareSandboxEvaluate();
  const rows: CompareRow[] = [];
  const entries: [TestSuiteEntry[], TestSuiteEntry[]] = [[], []];
  for (const test of tests) {
    const results = [] as TestSuiteEntry[];
    for (const [i, side] of sides.entries()) {
      // A's tests on B's agent: B's own tests do not count, A's are what the change must keep passing.
      const doc: AgentDocument = { ...side.doc, tests: [test] };
      const [entry] = await runSuite(doc, [test], () => depsFor({ ...side, doc }, test, evaluate), { runs: args.runs });
      results.push(entry);
      entries[i].push(entry);
    }
    const [a, b] = results;
    const row = compareRow(test.name, a, b, args.minPassRate);
    rows.push(row);
    if (!args.markdown && !args.json) io.out(compareText([row], sides, args.minPassRate, false));
  }
  if (args.json) io.out(jsonText(compareJson(rows, sides, args, failed)));
  else io.out(args.markdown ? compareMarkdown(rows, sides, args) : compareText(rows, sides, args.minPassRate, true));
  if (args.junit !== undefined) {
    try {
      // The second side is the one under review: its runs are what CI reports.
      io.writeText(args.junit, junitXml(`${sides[1].doc.name} (${sides[1].label})`, entries[1]));
    } catch (error) {
      io.err(`callboard test: cannot write ${args.junit}: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_ERRORS;
    }
  }
  return rows.some((r) => r.regression) || failed ? EXIT_ERRORS : EXIT_OK;
}
