// What each command prints on standard output with --json: one JSON document (one value, pretty
// printed), the same shape every time, so a script or a coding agent reads it without scraping
// text. These types are the documentation (the README lists them); test/cli/json-output.test.ts
// parses every command's output against them. Human lines (counts, notes) stay on standard error.
//
// Every shape but diff's carries `command` and `ok` (what the exit code says: ok is exit 0). diff
// kept the bare array of differences it printed before there were shapes, as scripts read it.
import type { AgentDifference } from '../model/diff';
import type { Target } from '../model';
import type { FileFormat } from '../formats/file-format';
import { escapeInvisibleInJson } from '../model/invisible';
import type { TestSuiteEntry } from '../simulator/conversation-tests';
import type { SimEvent } from '../simulator/simulation-events';
import type { Diagnostic } from './read';
import { failureLines } from './test-report';

export type { Diagnostic } from './read';

/** `callboard lint --json`: the findings lint prints as lines (--quiet leaves out the info ones). */
export interface LintJson {
  command: 'lint';
  ok: boolean;
  file: string;
  errors: number;
  warnings: number;
  infos: number;
  findings: Diagnostic[];
  /** How to fix what stopped the reading (a tab-indented YAML: --fix-tabs). */
  hint?: string;
}

/** `callboard convert --json`: the result and everything said about it. */
export interface ConvertJson {
  command: 'convert';
  ok: boolean;
  file: string;
  /** A kind of file's name (FILE_KINDS: json, ts, py, rb, yaml, flow), or openai. */
  to: FileFormat | 'openai';
  /** The converted text; null when it went to -o, or nothing was converted. */
  output: string | null;
  /** The files written: -o and the tests beside it. */
  written: string[];
  /** What the target format cannot express (the lines "warning: <path>: <message>" of the text output). */
  losses: { path: string; message: string }[];
  notes: string[];
  /** Import errors and warnings of the input, and lint's findings when the import failed part way. */
  diagnostics: Diagnostic[];
}

/** `callboard diff --json`: the differences, as before --json was on every command. */
export type DiffJson = AgentDifference[];

/** One failed run of a test: its number (from 1) and why, one reason a line, as the text output says them. */
export interface TestFailureJson {
  run: number;
  reasons: string[];
}

/** One conversation test's runs. */
export interface TestEntryJson {
  name: string;
  /** Passed at least --min-pass-rate of its runs. */
  ok: boolean;
  passes: number;
  runs: number;
  passRate: number;
  failures: TestFailureJson[];
}

/** `callboard test --json` (one agent). */
export interface TestJson {
  command: 'test';
  ok: boolean;
  file: string;
  /** Runs of each test (--runs). */
  runsEach: number;
  minPassRate: number;
  tests: TestEntryJson[];
  totals: { tests: number; runs: number; passes: number; under: number };
}

/** One test's pass rate on each side of `test --compare B` or `--model X --model Y`. */
export interface CompareRowJson {
  name: string;
  a: { passes: number; runs: number; passRate: number };
  b: { passes: number; runs: number; passRate: number };
  regression: boolean;
  fixed: boolean;
}

/** `callboard test --json` with --compare B or two --model. */
export interface TestCompareJson {
  command: 'test';
  mode: 'compare';
  ok: boolean;
  /** The two sides' labels: files, or model names. */
  sides: [string, string];
  runsEach: number;
  minPassRate: number;
  rows: CompareRowJson[];
  regressions: number;
}

/** `callboard simulate --json`: the run's events (the lines it prints without --json) as one array. */
export interface SimulateJson {
  command: 'simulate';
  ok: boolean;
  file: string;
  events: SimEvent[];
  /** What the runtime noted on the way: a template that did not render, a spent budget. */
  notes: { step: number; message: string }[];
  /**
   * Arguments the offline model guessed (evidence under the strict bar): the call still ran, but
   * the value is not one read for sure. `measured`: how its kind of evidence did on unseen agents.
   */
  guesses: { step: number; tool: string; param: string; value: unknown; said: string; measured: string }[];
}

/** `callboard check --json`: the gate's verdict and what it is made of. */
export interface CheckJson {
  command: 'check';
  ok: boolean;
  file: string;
  /** The agent's runtime (its document's target). */
  target: Target | null;
  /** The one line the text output prints. */
  summary: string;
  lint: { errors: number; warnings: number; infos: number; findings: Diagnostic[] };
  tests: {
    /** False when the tests could not run (the agent did not import, none were found, one is broken). */
    ran: boolean;
    /** Why they did not run, or why they count as failed. */
    problem?: string;
    runs: number;
    passes: number;
    /** passes / runs; null when nothing ran. */
    passRate: number | null;
    minPassRate: number;
    entries: TestEntryJson[];
  };
}

/** `callboard --version --json`. */
export interface VersionJson {
  name: 'callboard';
  version: string;
}

/** `callboard --help --json`: the commands and the exit codes. */
export interface HelpJson {
  commands: { name: string; usage: string; summary: string }[];
  exitCodes: { code: number; meaning: string }[];
}

/** `callboard <command> --help --json`: the help text and the options it takes. */
export interface CommandHelpJson {
  command: string;
  help: string;
  options: { name: string; short?: string; takesValue: boolean; repeatable?: boolean }[];
}

/** What a usage error prints on standard output when the command line asked for --json (exit 2). */
export interface UsageErrorJson {
  ok: false;
  exitCode: 2;
  command: string | null;
  error: string;
}

/**
 * A value as the JSON a command prints: pretty, one trailing line break, its invisible characters as
 * \u escapes (the same value once parsed, and a person reading the raw text sees them).
 */
export const jsonText = (value: unknown): string => `${escapeInvisibleInJson(JSON.stringify(value, null, 2))}\n`;

/** A test's runs as TestEntryJson. */
export function testEntryJson(entry: TestSuiteEntry, minPassRate: number): TestEntryJson {
  return {
    name: entry.test,
    ok: entry.runs.length > 0 && entry.passRate >= minPassRate,
    passes: entry.passes,
    runs: entry.runs.length,
    passRate: entry.passRate,
    failures: entry.runs.flatMap((run, i) => (run.passed ? [] : [{ run: i + 1, reasons: failureLines(run) }])),
  };
}
