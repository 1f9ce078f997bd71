// `callboard simulate`: its options, its help text and the checks on what was given. Kept apart
// from args.ts (which wires it in) because it has more options than the other commands together.
import { FORMATS_LIST, kindsDescribed } from './format-names';
import type { Target } from '../model';
// From the model, not ../runtimes (which loads every format and engine): argument parsing runs on
// every start, and --help must not load the TypeScript compiler.
import { TARGETS } from '../model';
import type { FileFormat as InputFormat } from '../formats/file-format';
import type { Options, OptionSpec } from './options';
import { API_KEY_ENV } from './api-key';
import { UsageError } from './io';

/** "pinecall, block-agent or pipecat": the runtimes an option takes, for the help texts. */
export const TARGET_CHOICES = `${TARGETS.slice(0, -1).join(', ')} or ${TARGETS[TARGETS.length - 1]}`;

export type Provider = 'offline' | 'openai' | 'anthropic';
const PROVIDERS: readonly Provider[] = ['offline', 'openai', 'anthropic'];
const RUNTIMES: readonly Target[] = TARGETS;

export interface SimulateArgs {
  command: 'simulate';
  file: string;
  from?: InputFormat;
  fixTabs: boolean;
  provider: Provider;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  says: string[];
  waits: Record<string, string>;
  call: Record<string, string>;
  /** `--state KEY=VALUE`: a state field's value before the call opens (a Pipecat flow's flow_manager.state); JSON when it reads as JSON, else text. */
  state: Record<string, unknown>;
  agentFirst: boolean;
  runtime?: Target;
  /** The step budget for the agent's own code, in seconds (src/simulator/budget.ts). */
  budgetSeconds?: number;
  /** `--answer-size`: the most one model answer may hold, in bytes (providers/answer-bounds.ts). */
  answerBytes?: number;
  /** `--answer-time`: the longest one model answer may take in all, in seconds. */
  answerSeconds?: number;
  /** Print one SimulateJson (json-shapes.ts) at the end instead of an event a line. */
  json: boolean;
  /** `--strict`: the offline model writes only evidence measured right nine times in ten (OfflineModelOptions.strict). */
  strict: boolean;
}

export const SIMULATE_OPTIONS: OptionSpec[] = [
  { name: 'provider', takesValue: true },
  { name: 'base-url', takesValue: true },
  { name: 'model', takesValue: true },
  { name: 'api-key', takesValue: true },
  { name: 'say', takesValue: true, repeatable: true },
  { name: 'wait', takesValue: true, repeatable: true },
  { name: 'call', takesValue: true, repeatable: true },
  { name: 'state', takesValue: true, repeatable: true },
  { name: 'agent-first', takesValue: false },
  { name: 'strict', takesValue: false },
  { name: 'runtime', takesValue: true },
  { name: 'budget', takesValue: true },
  { name: 'answer-size', takesValue: true },
  { name: 'answer-time', takesValue: true },
  { name: 'from', takesValue: true },
  { name: 'fix-tabs', takesValue: false },
  { name: 'json', takesValue: false },
  { name: 'help', short: 'h', takesValue: false },
];

/** The help lines of --answer-size and --answer-time, the same in simulate and test. */
export const ANSWER_BOUNDS_HELP = `  --answer-size SIZE  The most one model answer (its text and tool-call arguments) may hold, e.g.
                      2MB (the default), 500KB or 100000 (bytes); a server streaming past it is
                      cut off at once and the run fails saying so.
  --answer-time S     Seconds one model answer may take in all, however steadily it streams
                      (default 300). A server silent for 60 s is cut off as well.
`;

export const SIMULATE_HELP = `Usage: callboard simulate <file> [options] --say "caller line" [--say ...]

Runs a scripted call against an agent and prints what happens, one JSON object a line, in the
order it happened:
  {"type":"say","who":"caller"|"agent"|"runtime","text":...}
  {"type":"tool_call","id":...,"name":...,"args":{...}}
  {"type":"tool_result","id":...,"name":...,"result":...}   (or "error":"..." instead of "result")
  {"type":"change","seq":...,"turn":...,"field":...,"prev":...,"next":...,"author":...}
  {"type":"log","seq":...,"turn":...,"name":...,"data":...,"author":...}   this.log(name, data) in code
  {"type":"stage","from":...,"to":...,"via":...}
  {"type":"end"}                          the script ran through
  {"type":"error","message":...}          a model call failed: the run stops and exits 1
  {"type":"stuck","step":...,"line":...,"why":...}   the offline model could not read this caller
                                          line: the run ends there and exits 1
Values of pii fields and parameters print as "***".

  <file>              The agent, in any kind of agent file (its extension tells which, else --from):
                      ${kindsDescribed(22)}.
                      "-" reads standard input (needs --from).
  --provider P        offline (default: built in, no key, no network), openai or anthropic.
  --base-url U        An OpenAI- or Anthropic-compatible server (Groq, OpenRouter, Ollama, a proxy).
  --model M           The model name (the provider's default when not given).
  --api-key K         The key for openai/anthropic; or set ${API_KEY_ENV}. It is never printed.
  --say TEXT          A caller line; repeat for each line, in order. The first one opens the call.
  --agent-first       The agent speaks before the first caller line.
  --strict            Offline model only: write a value only on evidence of a kind measured right
                      nine times in ten on agents it was never tuned on; at any other guess the
                      run ends there, as at a line it cannot read (exit 1), and says the guess.
  --wait TOKEN=VALUE  Answer a wait stage's token whenever the call waits on it (Block Agent).
  --call KEY=VALUE    A fact a tool reads as this.call.KEY; this.call.today is today's date
                      unless --call today=YYYY-MM-DD says otherwise.
  --state KEY=VALUE   A state field's value before the call opens (a Pipecat flow's
                      flow_manager.state, which its {{ KEY }} placeholders read): JSON when it
                      reads as JSON (4, true, {"a":1}), else the text as given.
  --runtime R         ${TARGET_CHOICES}: the semantics to run (default: the agent's target).
  --budget S          Seconds the agent's own code (templates, when predicates, tool bodies) may
                      run in one step, in all (default 5); a step past it stops and says why.
${ANSWER_BOUNDS_HELP}  --from FORMAT       Input format when the extension does not say it: ${FORMATS_LIST}.
  --fix-tabs          Re-indent a YAML file indented with tabs before reading it.
  --json              Print one JSON document when the run ends instead of an event a line:
                      {"command":"simulate","ok","file","events":[...],"notes":[{step,message}]}.
  -h, --help          Show this help.

Tool code runs in a sandbox. Exit codes: 0 the script ran, 1 a failed model call, a line the
offline model could not read, or a broken agent file, 2 usage errors.
`;

const list = (options: Options, name: string): string[] => {
  const value = options.get(name);
  return Array.isArray(value) ? value : [];
};
const single = (options: Options, name: string): string | undefined => {
  const value = options.get(name);
  return typeof value === 'string' ? value : undefined;
};

/** `--answer-size SIZE`: bytes, with an optional KB/MB (decimal), from 1 KB to 1 GB. */
export function answerSizeOf(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|bytes?|kb|mb|gb)?\s*$/i.exec(value);
  const unit = { b: 1, byte: 1, bytes: 1, kb: 1e3, mb: 1e6, gb: 1e9 }[(match?.[2] ?? 'b').toLowerCase() as 'b'];
  const bytes = match ? Math.round(Number(match[1]) * unit) : NaN;
  if (!(bytes >= 1e3 && bytes <= 1e9)) throw new UsageError(`--answer-size is a size from 1KB to 1GB, e.g. 2MB, 500KB or 100000 (got "${value}")`, command);
  return bytes;
}

/** `--answer-time S`: seconds, from 0.1 to 3600. */
export function answerTimeOf(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600) throw new UsageError(`--answer-time is a number of seconds from 0.1 to 3600, e.g. 300 (got "${value}")`, command);
  return seconds;
}

/** `--budget S`: seconds, from 0.1 to 300. */
export function budgetOf(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.1 || seconds > 300) throw new UsageError(`--budget is a number of seconds from 0.1 to 300, e.g. 5 (got "${value}")`, command);
  return seconds;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(', ')} (got "${value}")`, 'simulate');
}

/** `NAME=VALUE` pairs; the value may itself hold `=`. */
function pairs(values: string[], option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0) throw new UsageError(`${option} takes NAME=VALUE (got "${value}")`, 'simulate');
    out[value.slice(0, at).trim()] = value.slice(at + 1);
  }
  return out;
}

/** `--state` values: JSON when they read as JSON, else the text itself ("Le Petit"). */
function stateValues(pairs: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(pairs)) {
    try {
      out[key] = JSON.parse(text);
    } catch {
      out[key] = text;
    }
  }
  return out;
}

export function simulateArgs(file: string, from: InputFormat | undefined, fixTabs: boolean, options: Options): SimulateArgs {
  const provider = oneOf(single(options, 'provider') ?? 'offline', PROVIDERS, '--provider');
  const runtimeValue = single(options, 'runtime');
  const says = list(options, 'say');
  const agentFirst = options.has('agent-first');
  if (says.length === 0 && !agentFirst) throw new UsageError('nothing to simulate: give the caller\'s lines with --say (or --agent-first)', 'simulate');
  if (options.has('strict') && provider !== 'offline') throw new UsageError(`--strict is a setting of the offline model: drop it, or use --provider offline (not ${provider})`, 'simulate');
  return {
    command: 'simulate',
    file,
    from,
    fixTabs,
    provider,
    baseUrl: single(options, 'base-url'),
    model: single(options, 'model'),
    apiKey: single(options, 'api-key'),
    says,
    waits: pairs(list(options, 'wait'), '--wait'),
    call: pairs(list(options, 'call'), '--call'),
    state: stateValues(pairs(list(options, 'state'), '--state')),
    agentFirst,
    runtime: runtimeValue === undefined ? undefined : oneOf(runtimeValue, RUNTIMES, '--runtime'),
    budgetSeconds: budgetOf(single(options, 'budget'), 'simulate'),
    answerBytes: answerSizeOf(single(options, 'answer-size'), 'simulate'),
    answerSeconds: answerTimeOf(single(options, 'answer-time'), 'simulate'),
    json: options.has('json'),
    strict: options.has('strict'),
  };
}
