// `callboard test`: its options, its help text and the checks on what was given (args.ts wires it in).
import { FORMATS_LIST, kindsDescribed } from './format-names';
import type { Target } from '../model';
// From the model, not ../runtimes (which loads every format and engine): argument parsing runs on
// every start, and --help must not load the TypeScript compiler.
import { TARGETS } from '../model';
import type { FileFormat as InputFormat } from '../formats/file-format';
import type { Options, OptionSpec } from './options';
import { UsageError } from './io';
import { API_KEY_ENV } from './api-key';
import { ANSWER_BOUNDS_HELP, answerSizeOf, answerTimeOf, budgetOf, TARGET_CHOICES, type Provider } from './simulate-args';

export const PROVIDERS: readonly Provider[] = ['offline', 'openai', 'anthropic'];
const RUNTIMES: readonly Target[] = TARGETS;
/** Enough for a pass rate; more would only spend the user's key. */
export const MAX_RUNS = 100;

export interface TestArgs {
  command: 'test';
  file: string;
  from?: InputFormat;
  fixTabs: boolean;
  /** Absent: `tests/` beside the agent file, when there is one. */
  testsDir?: string;
  provider: Provider;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  runs: number;
  minPassRate: number;
  junit?: string;
  runtime?: Target;
  /** The step budget for the agent's own code, in seconds (src/simulator/budget.ts). */
  budgetSeconds?: number;
  /** `--answer-size` and `--answer-time` (see simulate-args.ts). */
  answerBytes?: number;
  answerSeconds?: number;
  /** `--compare B`: run the tests on this agent too, side by side (issue 15, A/B runs). */
  compare?: string;
  /** Every `--model` given; two of them run the agent on each, side by side. */
  models: string[];
  /** Print the comparison as a markdown table (a pull-request comment). */
  markdown: boolean;
  /** Print a TestJson or TestCompareJson (json-shapes.ts) instead of lines. */
  json: boolean;
}

export const TEST_OPTIONS: OptionSpec[] = [
  { name: 'tests', takesValue: true },
  { name: 'provider', takesValue: true },
  { name: 'base-url', takesValue: true },
  { name: 'model', takesValue: true, repeatable: true },
  { name: 'compare', takesValue: true },
  { name: 'markdown', takesValue: false },
  { name: 'json', takesValue: false },
  { name: 'api-key', takesValue: true },
  { name: 'runs', takesValue: true },
  { name: 'min-pass-rate', takesValue: true },
  { name: 'junit', takesValue: true },
  { name: 'runtime', takesValue: true },
  { name: 'budget', takesValue: true },
  { name: 'answer-size', takesValue: true },
  { name: 'answer-time', takesValue: true },
  { name: 'from', takesValue: true },
  { name: 'fix-tabs', takesValue: false },
  { name: 'help', short: 'h', takesValue: false },
];

export const TEST_HELP = `Usage: callboard test <file> [options]

Runs the agent's conversation tests and prints each test's pass rate; for a failed run, the
expectation that failed next to what happened. The tests are the agent's own (a .json document
keeps them) and every *.golden.json in the tests folder.

  <file>              The agent, in any kind of agent file (its extension tells which, else --from):
                      ${kindsDescribed(22)}.
                      "-" reads standard input (needs --from).
  --tests DIR         The folder of *.golden.json tests (default: tests/ beside the agent file, if any).
  --provider P        offline (default: built in, no key, no network), openai or anthropic.
  --base-url U        An OpenAI- or Anthropic-compatible server (Groq, OpenRouter, Ollama, a proxy).
  --model M           The model name (the provider's default when not given).
  --api-key K         The key for openai/anthropic; or set ${API_KEY_ENV}. It is never printed.
  --runs N            Run each test N times (default 1, at most ${MAX_RUNS}).
  --min-pass-rate R   The share of runs each test must pass, 0 to 1 (default 1).
  --junit FILE        Also write the results as JUnit XML (one testcase per run) for CI systems.
  --runtime R         ${TARGET_CHOICES}: the semantics to run (default: the agent's target).
  --budget S          Seconds the agent's own code may run in one step, in all (default 5).
${ANSWER_BOUNDS_HELP}  --compare B         Also run these tests on agent B (any format) and print both pass rates
                      side by side; a test <file> passes and B does not is a regression (exit 1).
  --model X --model Y Run the agent on two models, side by side, the same way (Y is compared to X).
  --markdown          With --compare or two --model: the comparison as a markdown table.
  --json              Print one JSON document: {"command":"test","ok","file","runsEach",
                      "minPassRate","tests":[{name,ok,passes,runs,passRate,failures}],"totals"}
                      (with --compare or two --model: "mode":"compare" and "rows").
  --from FORMAT       Input format when the extension does not say it: ${FORMATS_LIST}.
  --fix-tabs          Re-indent a YAML file indented with tabs before reading it.
  -h, --help          Show this help.

Exit codes: 0 every test passed at least R of its runs, 1 a test did not (or no tests, a broken
test file, a broken agent file), 2 usage errors.
`;

const single = (options: Options, name: string): string | undefined => {
  const value = options.get(name);
  return typeof value === 'string' ? value : undefined;
};

export function oneOf<T extends string>(value: string, allowed: readonly T[], option: string, command = 'test'): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(', ')} (got "${value}")`, command);
}

/** `--runs N` of `test` and `check`. */
export function runsOf(value: string | undefined, command = 'test'): number {
  if (value === undefined) return 1;
  const runs = Number(value);
  if (!/^\d+$/.test(value.trim()) || runs < 1 || runs > MAX_RUNS) throw new UsageError(`--runs is a whole number from 1 to ${MAX_RUNS} (got "${value}")`, command);
  return runs;
}

/** `--min-pass-rate R` of `test` and `check`. */
export function rateOf(value: string | undefined, command = 'test'): number {
  if (value === undefined) return 1;
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) throw new UsageError(`--min-pass-rate is a number from 0 to 1, e.g. 0.8 (got "${value}")`, command);
  return rate;
}

export function testArgs(file: string, from: InputFormat | undefined, fixTabs: boolean, options: Options): TestArgs {
  const runtimeValue = single(options, 'runtime');
  const given = options.get('model');
  const models = Array.isArray(given) ? given : [];
  if (models.length > 2) throw new UsageError(`--model compares two models at most (got ${models.length})`, 'test');
  if (models.length === 2 && options.has('compare')) throw new UsageError('--compare B or --model X --model Y: one comparison at a time', 'test');
  if (options.has('markdown') && !options.has('compare') && models.length < 2) throw new UsageError('--markdown goes with --compare B or two --model', 'test');
  if (options.has('markdown') && options.has('json')) throw new UsageError('--markdown and --json: choose one', 'test');
  return {
    command: 'test',
    file,
    from,
    fixTabs,
    testsDir: single(options, 'tests'),
    provider: oneOf(single(options, 'provider') ?? 'offline', PROVIDERS, '--provider'),
    baseUrl: single(options, 'base-url'),
    model: models[0],
    models,
    compare: single(options, 'compare'),
    markdown: options.has('markdown'),
    json: options.has('json'),
    apiKey: single(options, 'api-key'),
    runs: runsOf(single(options, 'runs')),
    minPassRate: rateOf(single(options, 'min-pass-rate')),
    junit: single(options, 'junit'),
    runtime: runtimeValue === undefined ? undefined : oneOf(runtimeValue, RUNTIMES, '--runtime'),
    budgetSeconds: budgetOf(single(options, 'budget'), 'test'),
    answerBytes: answerSizeOf(single(options, 'answer-size'), 'test'),
    answerSeconds: answerTimeOf(single(options, 'answer-time'), 'test'),
  };
}
