// What `callboard test` prints, and its JUnit XML. Pure text from the suite's results.
import type { ExpectationResult, TestRunResult, TestSuiteEntry } from '../simulator/conversation-tests';
import { oneLineText } from '../model/visible-text';

const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

/** One expectation as a person reads it: `says "booked"` / `state {"phone":"600"}`. */
export function expectationText(e: ExpectationResult): string {
  return `${e.rule} ${oneLineText(JSON.stringify(e.expected))}`;
}

/**
 * Why a run failed, one line per reason: its error, then each expectation that did not hold. What
 * the model said is quoted in them: kept to one line, its escape sequences and carriage returns
 * shown, so a reply cannot print "PASS 1/1" over its own failure.
 */
export function failureLines(run: TestRunResult): string[] {
  const lines = run.error !== undefined ? [`error: ${oneLineText(run.error)}`] : [];
  for (const e of run.expectations) if (!e.passed) lines.push(`expected ${expectationText(e)}, but ${oneLineText(e.actual)}`);
  return lines;
}

/** `PASS name  3/3 (100%)` and, under a failing test, each failed run's reasons. */
export function entryText(entry: TestSuiteEntry, minPassRate: number): string {
  const ok = entry.runs.length > 0 && entry.passRate >= minPassRate;
  const head = `${ok ? 'PASS' : 'FAIL'} ${oneLineText(entry.test)}  ${entry.passes}/${entry.runs.length} (${percent(entry.passRate)})\n`;
  const runs = entry.runs.flatMap((run, i) => (run.passed ? [] : failureLines(run).map((line) => `  run ${i + 1}: ${line}\n`)));
  return head + runs.join('');
}

export function summaryText(entries: TestSuiteEntry[], minPassRate: number): string {
  const under = entries.filter((e) => e.runs.length === 0 || e.passRate < minPassRate).length;
  const runs = entries.reduce((n, e) => n + e.runs.length, 0);
  const passes = entries.reduce((n, e) => n + e.passes, 0);
  const tests = `${entries.length} test${entries.length === 1 ? '' : 's'}`;
  return `${tests}, ${passes}/${runs} runs passed; ${under ? `${under} under` : 'none under'} the minimum pass rate ${percent(minPassRate)}\n`;
}

/** Characters XML 1.0 cannot hold at all (control characters but tab, line feed, carriage return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text safe inside an XML attribute or element. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** A testcase that is no test run: `check`'s lint, or tests that could not run. Fails with `reasons` when any are given. */
export interface ExtraCase {
  name: string;
  reasons: string[];
}

/**
 * JUnit XML, as CI systems read it: one testsuite for the agent, one testcase per run ("name run
 * 2"). A run whose model call or engine failed is an `error`; one whose expectations did not hold
 * is a `failure`, its message the first reason and its body all of them. `extra` cases (check's
 * lint) come first, failing when they have reasons.
 */
export function junitXml(suiteName: string, entries: TestSuiteEntry[], extra: ExtraCase[] = []): string {
  const runs = entries.flatMap((entry) => entry.runs.map((run, i) => ({ entry, run, n: i + 1 })));
  const errors = runs.filter(({ run }) => !run.passed && run.error !== undefined).length;
  const failures = runs.filter(({ run }) => !run.passed && run.error === undefined).length + extra.filter((c) => c.reasons.length > 0).length;
  const time = seconds(runs.reduce((t, { run }) => t + run.ms, 0));
  const counts = `tests="${runs.length + extra.length}" failures="${failures}" errors="${errors}" time="${time}"`;
  const testcase = (classname: string, name: string, ms: number) => `    <testcase classname="${xmlEscape(classname)}" name="${xmlEscape(name)}" time="${seconds(ms)}"`;
  const closed = (open: string, tag: 'failure' | 'error', reasons: string[]) =>
    `${open}>\n      <${tag} message="${xmlEscape(reasons[0] ?? 'failed')}">${xmlEscape(reasons.join('\n'))}</${tag}>\n    </testcase>\n`;
  const extraCases = extra.map((c) => {
    const open = testcase(`${suiteName}.${c.name}`, c.name, 0);
    return c.reasons.length ? closed(open, 'failure', c.reasons) : `${open}/>\n`;
  });
  const cases = runs.map(({ entry, run, n }) => {
    const open = testcase(`${suiteName}.${entry.test}`, `${entry.test} run ${n}`, run.ms);
    if (run.passed) return `${open}/>\n`;
    return closed(open, run.error !== undefined ? 'error' : 'failure', failureLines(run));
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="callboard" ${counts}>\n` +
    `  <testsuite name="${xmlEscape(suiteName)}" ${counts}>\n` +
    extraCases.join('') +
    cases.join('') +
    '  </testsuite>\n</testsuites>\n'
  );
}
