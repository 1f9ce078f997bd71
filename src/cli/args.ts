// Command-line parsing and the help texts. Hand-written (no dependency): three commands, a few
// options each, `--opt value` and `--opt=value` both accepted, `--` ends the options.
import { FILE_FORMATS, formatOfFileName, type FileFormat } from '../formats/file-format';
import { UsageError } from './io';
import type { Options, OptionSpec } from './options';
import { FORMATS_LIST, kindsDescribed } from './format-names';
// From the model, not ../runtimes (which loads every format and engine).
import { TARGETS } from '../model';

export type { Options, OptionSpec };
import { SIMULATE_HELP, SIMULATE_OPTIONS, simulateArgs, type SimulateArgs } from './simulate-args';
import { TEST_HELP, TEST_OPTIONS, testArgs, type TestArgs } from './test-args';
import { DIFF_HELP, DIFF_OPTIONS, diffArgs, type DiffArgs } from './diff-args';
import { CHECK_HELP, CHECK_OPTIONS, checkArgs, type CheckArgs } from './check-args';
import { EXIT_CODES_HELP } from './exit-codes';

export type { SimulateArgs } from './simulate-args';
export type { TestArgs } from './test-args';
export type { DiffArgs } from './diff-args';
export type { CheckArgs } from './check-args';

export type InputFormat = FileFormat;
/** Every kind of agent file (formats/file-kind.ts), and OpenAI's tools array of one stage. */
export type OutputFormat = InputFormat | 'openai';
export const INPUT_FORMATS: readonly InputFormat[] = FILE_FORMATS;
export const OUTPUT_FORMATS: readonly OutputFormat[] = [...FILE_FORMATS, 'openai'];

export const MAIN_HELP = `callboard: convert, lint, simulate and test Callboard agents on the command line

Usage:
  callboard convert <file> --to ${FORMATS_LIST}|openai [--from ${FORMATS_LIST}] [--stage S] [-o out]
  callboard lint <file> [--from ${FORMATS_LIST}] [--quiet]
  callboard simulate <file> [--provider offline|openai|anthropic] --say "caller line" [--say ...]
  callboard test <file> [--tests DIR] [--provider P] [--runs N] [--min-pass-rate R] [--junit FILE]
  callboard diff <A> <B> [--json | --markdown] [--layout]
  callboard check [--target ${TARGETS.join('|')}] <file-or-folder> [--min-pass-rate R] [--junit FILE]
  callboard <command> --help

Commands:
  convert   Convert an agent between the Callboard document (JSON), Block Agent YAML and
            Pinecall TypeScript, write it as a Pinecall class in Python, or print the
            OpenAI tools array offered in one stage.
  lint      Check an agent and print its problems as file:line:col: severity: message [rule].
  simulate  Run a scripted call against an agent and print what happens, one JSON event a line.
  test      Run the agent's conversation tests (N times each) and print each one's pass rate.
  diff      Compare two agents of any formats entity by entity (exit 0 same, 1 different).
  check     Gate a deploy: no lint errors, and the conversation tests pass at --min-pass-rate.

Options:
  -h, --help      Show help (also after a command).
  -v, --version   Print the version.
  --json          With any command (and with --help, --version): print one JSON document on
                  standard output instead of text (its shape: src/cli/json-shapes.ts).

${EXIT_CODES_HELP}
`;

export const CONVERT_HELP = `Usage: callboard convert <file> --to ${FORMATS_LIST}|openai [options]

Reads an agent and writes it in another format.

  <file>           The agent, in any kind of agent file (its extension tells which, else
                   --from): ${kindsDescribed(19)}.
                   "-" reads standard input (needs --from).
                   A Block Agent list of tools (not a whole agent) converts to yaml, json
                   or openai.
  --to FORMAT      A kind of agent file (as <file>), or openai (the OpenAI tools array
                   offered in one stage). Files that go beside it are written beside the -o
                   file: a Python class's view (views/<slug>.jinja), a Ruby class's
                   (views/<slug>.erb), a flow's handlers.py. Optional when -o's extension
                   names a kind.
  --from FORMAT    Input format when the file's extension does not say it: ${FORMATS_LIST}.
  --stage S        With --to openai: the stage, by name (or turn_id). Needed unless the
                   agent has a single stage.
  -o, --output F   Write the result to F instead of standard output.
  --fix-tabs       Re-indent a YAML file indented with tabs (YAML allows only spaces)
                   before reading it; the file itself is not changed.
  --json           Print {"command":"convert","ok","file","to","output","written","losses",
                   "notes","diagnostics"} on standard output instead of the bare result.
  -h, --help       Show this help.

What the target format cannot express is printed to standard error as
"warning: <document path>: <message>"; the result alone goes to standard output or -o.
Errors in the file print as "file:line:col: error: message" and exit 1.
`;

export const LINT_HELP = `Usage: callboard lint <file> [options]

Reads an agent (any format) and prints its problems, one a line:
  file:line:col: error|warning|info: message [rule]
or "file: <document path>: severity: message [rule]" where no line is known.
Exits 1 when there is any error, 0 otherwise.

  <file>           .json, .yaml/.yml or .ts/.tsx; "-" reads standard input (needs --from).
  --from FORMAT    Input format when the extension does not say it: ${FORMATS_LIST}.
  -q, --quiet      Hide info lines (what the agent's target cannot express).
  --fix-tabs       Re-indent a YAML file indented with tabs before reading it.
  --json           Print {"command":"lint","ok","file","errors","warnings","infos","findings"}
                   instead of lines; each finding has severity, message, line, column, path, rule.
  -h, --help       Show this help.
`;

export const HELP: Record<Command, string> = { convert: CONVERT_HELP, lint: LINT_HELP, simulate: SIMULATE_HELP, test: TEST_HELP, diff: DIFF_HELP, check: CHECK_HELP };

export interface ConvertArgs {
  command: 'convert';
  file: string;
  to: OutputFormat;
  from?: InputFormat;
  stage?: string;
  output?: string;
  fixTabs: boolean;
  /** Print a ConvertJson (json-shapes.ts) instead of the bare result. */
  json: boolean;
}
export interface LintArgs {
  command: 'lint';
  file: string;
  from?: InputFormat;
  quiet: boolean;
  fixTabs: boolean;
  json: boolean;
}
export type HelpArgs = { command: 'help'; topic?: string; json: boolean };
export type ParsedArgs = ConvertArgs | LintArgs | SimulateArgs | TestArgs | DiffArgs | CheckArgs | HelpArgs | { command: 'version'; json: boolean };


export type Command = 'convert' | 'lint' | 'simulate' | 'test' | 'diff' | 'check';
export const COMMANDS: readonly Command[] = ['convert', 'lint', 'simulate', 'test', 'diff', 'check'];

export const OPTIONS: Record<Command, OptionSpec[]> = {
  convert: [
    { name: 'to', takesValue: true },
    { name: 'from', takesValue: true },
    { name: 'stage', takesValue: true },
    { name: 'output', short: 'o', takesValue: true },
    { name: 'fix-tabs', takesValue: false },
    { name: 'json', takesValue: false },
    { name: 'help', short: 'h', takesValue: false },
  ],
  lint: [
    { name: 'from', takesValue: true },
    { name: 'quiet', short: 'q', takesValue: false },
    { name: 'fix-tabs', takesValue: false },
    { name: 'json', takesValue: false },
    { name: 'help', short: 'h', takesValue: false },
  ],
  simulate: SIMULATE_OPTIONS,
  test: TEST_OPTIONS,
  diff: DIFF_OPTIONS,
  check: CHECK_OPTIONS,
};

/** The format an extension names, if any. */
function oneOf<T extends string>(value: string, allowed: readonly T[], option: string, command: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(', ')} (got "${value}")`, command);
}

function parseOptions(command: Command, argv: string[]): { positional: string[]; options: Options } {
  const specs = OPTIONS[command];
  const positional: string[] = [];
  const options: Options = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    const spec = long ? specs.find((s) => s.name === long[1]) : specs.find((s) => s.short !== undefined && arg === `-${s.short}`);
    if (!spec) throw new UsageError(`unknown option ${long ? `--${long[1]}` : arg}`, command);
    const inline = long?.[2];
    if (!spec.takesValue) {
      if (inline !== undefined) throw new UsageError(`--${spec.name} takes no value`, command);
      options.set(spec.name, true);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('-') && value !== '-')) {
      throw new UsageError(`--${spec.name} needs a value`, command);
    }
    if (spec.repeatable) {
      const list = options.get(spec.name);
      options.set(spec.name, [...(Array.isArray(list) ? list : []), value]);
      continue;
    }
    if (options.has(spec.name)) throw new UsageError(`--${spec.name} is given twice`, command);
    options.set(spec.name, value);
  }
  return { positional, options };
}

/** The one input file; a usage error when there is none or more than one. */
function theFile(command: string, positional: string[]): string {
  if (positional.length === 0) throw new UsageError('missing the agent file', command);
  if (positional.length > 1) throw new UsageError(`one file at a time (got ${positional.map((p) => `"${p}"`).join(', ')})`, command);
  return positional[0];
}

const isCommand = (word: string): word is Command => (COMMANDS as readonly string[]).includes(word);

export function parseArgs(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv;
  // --json goes with --help and --version too: `callboard --version --json`.
  const json = rest.includes('--json');
  const extra = rest.filter((a) => a !== '--json');
  if (first === undefined || first === '-h' || first === '--help') return { command: 'help', json };
  if (first === '-v' || first === '--version') return { command: 'version', json };
  if (first === 'help') {
    if (extra[0] !== undefined && !isCommand(extra[0])) throw new UsageError(`unknown command "${extra[0]}"`);
    return { command: 'help', topic: extra[0], json };
  }
  if (!isCommand(first)) {
    throw new UsageError(first.startsWith('-') ? `unknown option ${first}` : `unknown command "${first}"`);
  }
  const { positional, options } = parseOptions(first, rest);
  if (options.has('help')) return { command: 'help', topic: first, json: options.has('json') };
  const fromValue = options.get('from') as string | undefined;
  const from = fromValue === undefined ? undefined : oneOf(fromValue, INPUT_FORMATS, '--from', first);
  if (first === 'diff') return diffArgs(positional, from, options);
  const file = theFile(first, positional);
  const fixTabs = options.has('fix-tabs');
  if (first === 'check') return checkArgs(file, from, fixTabs, options);
  if (first === 'lint') return { command: 'lint', file, from, quiet: options.has('quiet'), fixTabs, json: options.has('json') };
  if (first === 'simulate') return simulateArgs(file, from, fixTabs, options);
  if (first === 'test') return testArgs(file, from, fixTabs, options);

  const output = options.get('output') as string | undefined;
  const toValue = options.get('to') as string | undefined;
  const inferred = output === undefined ? undefined : formatOfFileName(output);
  if (toValue === undefined && inferred === undefined) {
    throw new UsageError(`--to is required: ${FILE_FORMATS.join(', ')} or openai${output === undefined ? '' : ` (the extension of ${output} does not say)`}`, first);
  }
  const to = toValue === undefined ? inferred! : oneOf(toValue, OUTPUT_FORMATS, '--to', first);
  const stage = options.get('stage') as string | undefined;
  if (stage !== undefined && to !== 'openai') throw new UsageError('--stage goes with --to openai', first);
  return { command: 'convert', file, to, from, stage, output, fixTabs, json: options.has('json') };
}
