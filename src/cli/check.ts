// `callboard check`: one gate for a deploy. The agent's lint errors fail it; its conversation tests
// (the agent's own and tests/*.golden.json, as `test` finds them) run, and the share of all their
// runs that passed must reach --min-pass-rate. Standard output gets one line (or, with --json, a
// CheckJson); the reasons (lint's errors and warnings, each failed test) go to standard error.
import { GOLDEN_SUFFIX } from '../formats/bundle';
import { formatOfFileName, kindOf } from '../formats/file-format';
import { TARGET_LABEL, type Target } from '../model';
import { targetOfFileFormat } from '../formats/runtime-formats';
import type { TestSuiteEntry } from '../simulator/conversation-tests';
import { withApiKey } from './api-key';
import type { CheckArgs } from './check-args';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIo } from './io';
import { jsonText, testEntryJson, type CheckJson } from './json-shapes';
import { lintFile } from './lint';
import { progressOf } from './progress';
import { formatDiagnostic } from './read';
import { noTestsText, runTests, writeReport } from './test-command';
import { joinPath, readGoldens, withGoldensFrom } from './test-files';
import { entryText, junitXml, type ExtraCase } from './test-report';

/**
 * The agent file `path` names: the path itself, or, for a folder, the one agent file in it (not a
 * golden test), else the one named agent.* among several. A folder with none, or several and no
 * agent.*, is a usage error that names them.
 */
export function agentFileOf(io: CliIo, path: string): string {
  const listed = io.listDir?.(path);
  if (!listed?.ok) return path;
  const candidates = listed.names.filter((n) => formatOfFileName(n) !== undefined && !n.endsWith(GOLDEN_SUFFIX) && !n.endsWith('.d.ts')).sort();
  const named = candidates.filter((n) => /^agent\.[^.]+$/.test(n));
  const chosen = candidates.length === 1 ? candidates : named;
  if (chosen.length === 1) return joinPath(path, chosen[0]);
  if (candidates.length === 0) throw new UsageError(`${path} is a folder with no agent file in it (.json, .yaml, .yml, .ts or .tsx): name the agent file`, 'check');
  const shown = candidates.slice(0, 6).join(', ') + (candidates.length > 6 ? ', …' : '');
  throw new UsageError(`${path} holds ${candidates.length} files that could be the agent (${shown}) and none is named agent.*: name the one to check, e.g. ${joinPath(path, candidates[0])}`, 'check');
}

/** The runtime an agent is written for: its document's target, else what its file's format says. */
function runtimeOf(doc: { target: Target } | undefined, format: string): Target | undefined {
  if (doc) return doc.target;
  return targetOfFileFormat(format);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A rate as a whole percent, with one decimal where rounding would hide which side of the minimum
 * it falls on (89.6% is not "90% < 90%").
 */
function percentAgainst(rate: number, min: number): [string, string] {
  const whole = (r: number) => `${Math.round(r * 100)}%`;
  const exact = (r: number) => `${(Math.floor(r * 1000) / 10).toFixed(1)}%`;
  const hidden = whole(rate) === whole(min) && rate !== min;
  return hidden ? [exact(rate), exact(min)] : [whole(rate), whole(min)];
}

interface TestsPart {
  entries: TestSuiteEntry[];
  /** Why the tests did not run or do not count (no tests, a broken test file, an agent that did not import). */
  problem?: string;
}

export async function checkCommand(args: CheckArgs, rawIo: CliIo): Promise<number> {
  // Every line and report goes through `io`, which never shows the key (api-key.ts).
  const { key, io } = withApiKey(args, rawIo, 'check');
  const file = agentFileOf(io, args.file);
  const lint = await lintFile(io, file, args, 'check');
  const runtime = runtimeOf(lint.doc, lint.format);
  if (args.target !== undefined && runtime !== undefined && runtime !== args.target) {
    throw new UsageError(
      `${file} is a ${TARGET_LABEL[runtime]} agent (${runtime}), not ${TARGET_LABEL[args.target]}: --target ${args.target} gates ${args.target} agents only. Check the ${args.target} agent's file, or leave out --target`,
      'check',
    );
  }
  for (const d of lint.diagnostics) if (d.severity === 'error' || d.severity === 'warning') io.err(formatDiagnostic(file, d) + '\n');

  const tests: TestsPart = { entries: [] };
  if (!lint.doc) {
    tests.problem = lint.format !== undefined && kindOf(lint.format).holdsToolLists && lint.errors === 0 ? 'a list of tools is no agent: no tests to run' : 'the agent did not import, so its tests could not run';
  } else {
    const { doc, failed } = withGoldensFrom(io, lint.doc, readGoldens(io, file, args.testsDir, 'check'));
    const count = doc.tests?.length ?? 0;
    if (count === 0) tests.problem = noTestsText(args.testsDir);
    else {
      const progress = progressOf(io, 'check', count * args.runs);
      tests.entries = await runTests(args, doc, key, (entry) => {
        if (entry.passes < entry.runs.length) progress.io.err(entryText(entry, 1));
      }, progress);
      progress.end();
      // A golden left out is a test not run: the gate must not pass on it.
      if (failed) tests.problem = 'a test file is broken and was left out';
    }
  }

  const runs = tests.entries.reduce((n, e) => n + e.runs.length, 0);
  const passes = tests.entries.reduce((n, e) => n + e.passes, 0);
  const passRate = runs > 0 ? passes / runs : null;
  const testsOk = passRate !== null && passRate >= args.minPassRate && tests.problem === undefined;
  const ok = lint.errors === 0 && testsOk;

  const [rate, min] = percentAgainst(passRate ?? 0, args.minPassRate);
  const testsText = runs === 0
    ? `tests not run: ${tests.problem ?? 'no runs'}`
    : `tests ${passes}/${runs} passed (${rate} ${passRate! >= args.minPassRate ? '≥' : '<'} ${min})${tests.problem ? `; ${tests.problem}` : ''}`;
  const summary = `check: ${ok ? 'PASS' : 'FAIL'} — ${plural(lint.errors, 'lint error')}; ${testsText}`;

  if (args.json) {
    const report: CheckJson = {
      command: 'check', ok, file, target: runtime ?? null, summary,
      lint: { errors: lint.errors, warnings: lint.warnings, infos: lint.infos, findings: lint.diagnostics },
      tests: {
        ran: runs > 0, ...(tests.problem ? { problem: tests.problem } : {}), runs, passes, passRate,
        minPassRate: args.minPassRate, entries: tests.entries.map((e) => testEntryJson(e, args.minPassRate)),
      },
    };
    io.out(jsonText(report));
    io.err(`${summary}\n`);
  } else {
    io.out(`${summary}\n`);
  }
  if (args.junit !== undefined) {
    const errors = lint.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(file, d));
    const extra: ExtraCase[] = [{ name: 'lint', reasons: errors }];
    if (tests.problem) extra.push({ name: 'tests', reasons: [tests.problem] });
    if (!writeReport(io, 'check', args.junit, junitXml(lint.doc?.name ?? file, tests.entries, extra))) return EXIT_ERRORS;
  }
  return ok ? EXIT_OK : EXIT_ERRORS;
}
