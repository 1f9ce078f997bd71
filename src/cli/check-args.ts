// `callboard check`: its options, its help text and the checks on what was given (args.ts wires it in).
import { FORMATS_LIST } from './format-names';
import type { FileFormat as InputFormat } from '../formats/file-format';
import type { Target } from '../model';
import { TARGETS } from '../model';
import { TARGET_CHOICES } from './simulate-args';
import { API_KEY_ENV } from './api-key';
import { UsageError } from './io';
import type { Options, OptionSpec } from './options';
import { answerSizeOf, answerTimeOf, budgetOf, type Provider } from './simulate-args';
import { MAX_RUNS, oneOf, PROVIDERS, rateOf, runsOf } from './test-args';

/**
 * Runtimes named on the way that `check` cannot gate yet. The word is accepted only to be refused
 * with this reason: a gate that said PASS without checking the runtime would be a lie.
 */
export const NOT_YET_TARGETS: Record<string, string> = {};

export interface CheckArgs {
  command: 'check';
  /** The agent file, or a folder holding one. */
  file: string;
  from?: InputFormat;
  fixTabs: boolean;
  /** Absent: any runtime. */
  target?: Target;
  testsDir?: string;
  provider: Provider;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  runs: number;
  minPassRate: number;
  junit?: string;
  json: boolean;
  budgetSeconds?: number;
  answerBytes?: number;
  answerSeconds?: number;
}

export const CHECK_OPTIONS: OptionSpec[] = [
  { name: 'target', takesValue: true },
  { name: 'tests', takesValue: true },
  { name: 'provider', takesValue: true },
  { name: 'base-url', takesValue: true },
  { name: 'model', takesValue: true },
  { name: 'api-key', takesValue: true },
  { name: 'runs', takesValue: true },
  { name: 'min-pass-rate', takesValue: true },
  { name: 'junit', takesValue: true },
  { name: 'json', takesValue: false },
  { name: 'budget', takesValue: true },
  { name: 'answer-size', takesValue: true },
  { name: 'answer-time', takesValue: true },
  { name: 'from', takesValue: true },
  { name: 'fix-tabs', takesValue: false },
  { name: 'help', short: 'h', takesValue: false },
];

export const CHECK_HELP = `Usage: callboard check [--target ${TARGETS.join('|')}] <file-or-folder> [options]

Gates a deploy: the agent must have no lint errors, and its conversation tests (found as
"callboard test" finds them) must pass at least --min-pass-rate of all their runs. Prints one
line, e.g.
  check: FAIL — 2 lint errors; tests 7/9 passed (78% < 90%)

  <file-or-folder>    The agent (.json, .yaml/.yml, .ts/.tsx), or a folder holding one agent
                      file (or several, one of them named agent.*).
  --target T          ${TARGET_CHOICES}: refuse (exit 2) an agent written for another
                      runtime.
  --min-pass-rate R   The share of all test runs that must pass, 0 to 1 (default 1).
  --runs N            Run each test N times (default 1, at most ${MAX_RUNS}).
  --tests DIR         The folder of *.golden.json tests (default: tests/ beside the agent file).
  --provider P        offline (default), openai or anthropic; --base-url U, --model M and
                      --api-key K (or ${API_KEY_ENV}) as for "callboard test".
  --budget S, --answer-size SIZE, --answer-time S   As for "callboard test".
  --junit FILE        Also write JUnit XML: a testcase for lint, one per test run.
  --json              Print {"command":"check","ok","file","target","summary","lint","tests"}
                      instead of the line (the line goes to standard error).
  --from FORMAT       Input format when the extension does not say it: ${FORMATS_LIST}.
  --fix-tabs          Re-indent a YAML file indented with tabs before reading it.
  -h, --help          Show this help.

No tests, a broken test file or an agent that does not import fail the gate. Exit codes: 0 the
gate passes, 1 it fails, 2 usage errors (a missing file, a --target the agent is not for).
`;

const single = (options: Options, name: string): string | undefined => {
  const value = options.get(name);
  return typeof value === 'string' ? value : undefined;
};

function targetOf(value: string | undefined): Target | undefined {
  if (value === undefined) return undefined;
  const notYet = NOT_YET_TARGETS[value];
  if (notYet) throw new UsageError(`--target ${value}: ${notYet}`, 'check');
  return oneOf(value, TARGETS, '--target', 'check');
}

export function checkArgs(file: string, from: InputFormat | undefined, fixTabs: boolean, options: Options): CheckArgs {
  return {
    command: 'check',
    file,
    from,
    fixTabs,
    target: targetOf(single(options, 'target')),
    testsDir: single(options, 'tests'),
    provider: oneOf(single(options, 'provider') ?? 'offline', PROVIDERS, '--provider', 'check'),
    baseUrl: single(options, 'base-url'),
    model: single(options, 'model'),
    apiKey: single(options, 'api-key'),
    runs: runsOf(single(options, 'runs'), 'check'),
    minPassRate: rateOf(single(options, 'min-pass-rate'), 'check'),
    junit: single(options, 'junit'),
    json: options.has('json'),
    budgetSeconds: budgetOf(single(options, 'budget'), 'check'),
    answerBytes: answerSizeOf(single(options, 'answer-size'), 'check'),
    answerSeconds: answerTimeOf(single(options, 'answer-time'), 'check'),
  };
}
