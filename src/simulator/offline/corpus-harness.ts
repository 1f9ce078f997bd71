// The offline corpus harness (issue 14, point 8): agents the offline model was not written for,
// each read through the app's own importer (importAny) and played to its end by the offline model
// on the simulator's own engines, one caller line at a time. What comes back says, per agent,
// whether the happy path completed, which tools ran against which were expected, where the call
// ended, and the first place the run left the path. Used by corpus.test.ts, the paraphrase matrix
// and `npx tsx scripts/offline-corpus.ts` (the table a person reads while fixing the model).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importAny } from '../../formats/import-any';
import { lossesFor } from '../../formats/losses';
import { byId, type AgentDocument, type Target } from '../../model';
import { calledTools } from '../conversation-tests/expectations';
import { numberWordValue } from './ids';
import { prepareSandboxEvaluate } from '../sandbox-evaluate';
import { sandboxToolRunner } from '../sandbox-runner';
import { runStep, startSession } from '../simulation';
import type { Line, Model, ModelRequest, ModelResponse, Session, SimInput, StepDeps } from '../types';
import { createOfflineModel } from './index';
import { toolsOpenIn } from '../open-tools';

/** The day every corpus run counts "today", "tomorrow" and weekdays from (a Tuesday). */
export const CORPUS_TODAY = '2026-12-01';

/** The sidecar `<agent>.script.json`: a natural happy path and what it must do. */
export interface CorpusScript {
  /** Caller lines, in order. */
  lines: string[];
  /** Answers to wait tokens (Block Agent), given whenever the call sits on that token's wait stage. */
  waits?: Record<string, string>;
  /** Tools that must run, in the order of their first run; other tools may run between them. */
  expectTools: string[];
  /**
   * The arguments a model walking the path passes each expected tool: how corpus.test.ts shows
   * the path exists (and that the script's expectations are right) apart from the offline model.
   */
  calls: Record<string, Record<string, unknown>>;
  /** The stage (Block Agent turn) the call must end on. */
  endStage: string;
  /**
   * State the call must end with (exact JSON values), by field name or dotted path into an object
   * field ("redelivery.day"). Free text said in the caller's words is left out: its wording may vary.
   */
  expectState?: Record<string, unknown>;
  /** The agent speaks first. */
  agentFirst?: boolean;
  /**
   * State fields (dotted paths allowed) the caller never gives a value for: they must end unset (a
   * Block Agent variable never captured; a Pinecall field still at its declared default).
   */
  noWrite?: string[];
}

export interface CorpusAgent {
  /** The file's stem: "vet-visit" for vet-visit.yaml. */
  name: string;
  file: string;
  runtime: Target;
  doc: AgentDocument;
  script: CorpusScript;
}

/** One caller line (or wait answer) and what followed it. */
export interface CorpusStep {
  input: string;
  /** Tools that ran in this step (their arguments passed the check), in order. */
  tools: { name: string; args: unknown; error?: string }[];
  stage: string | undefined;
  /** What the caller heard in this step. */
  heard: string[];
  /** The model's notes on each call of the step (why it chose what it did), for `-v`. */
  notes: string[];
  /** Why the model's rules could not read this step's line, when they could not (where the Simulator offers Play the model and `simulate` ends). */
  undecided?: string;
}

export interface CorpusResult {
  agent: string;
  runtime: Target;
  completed: boolean;
  /** Tools run, each once, in the order of their first run. */
  called: string[];
  expectTools: string[];
  endStage: string | undefined;
  expectStage: string;
  ended: boolean;
  steps: CorpusStep[];
  transcript: string[];
  /** Where the run first left the path, said for a person; undefined when it completed. */
  divergence?: string;
  /**
   * Values the model wrote that the caller did not give, or gave otherwise (wrongValues): an
   * argument of an expected tool unlike the script's, an argument the script does not pass, a state
   * field unlike expectState, a noWrite field written. Each says where and what.
   */
  wrongValues: string[];
}

export const CORPUS_DIR = fileURLToPath(new URL('../../../test/fixtures/offline-corpus/', import.meta.url));
const AGENT_FILE = /\.(ya?ml|tsx?|json)$/;
const SCRIPT_FILE = /\.script\.json$/;

/** Reads one agent file and its sidecar through importAny, as the import dialog does. */
export async function loadCorpusAgent(file: string, dir = CORPUS_DIR): Promise<CorpusAgent> {
  const text = readFileSync(`${dir}${file}`, 'utf8');
  const outcome = await importAny(text, { fileName: file });
  if (outcome.kind !== 'agent') throw new Error(`${file} does not import as an agent: ${JSON.stringify(outcome.kind === 'error' ? outcome.errors : outcome.kind)}`);
  const name = file.replace(AGENT_FILE, '');
  const script = JSON.parse(readFileSync(`${dir}${name}.script.json`, 'utf8')) as CorpusScript;
  return { name, file, runtime: outcome.doc.target, doc: outcome.doc, script };
}

/** Every agent file of the corpus (sorted), each with its sidecar. */
export function corpusFiles(dir = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => AGENT_FILE.test(f) && !SCRIPT_FILE.test(f))
    .sort();
}

export async function loadCorpus(dir = CORPUS_DIR): Promise<CorpusAgent[]> {
  return Promise.all(corpusFiles(dir).map((f) => loadCorpusAgent(f, dir)));
}

export async function corpusDeps(doc: AgentDocument, options: { strict?: boolean } = {}): Promise<StepDeps> {
  return {
    model: createOfflineModel({ today: CORPUS_TODAY, ...options }),
    runner: sandboxToolRunner(doc),
    evaluate: await prepareSandboxEvaluate(),
    losses: lossesFor,
    revision: 0,
    call: { today: CORPUS_TODAY, caller: '+15550000000' },
    now: () => 0,
  };
}

const lineText = (line: Line): string | undefined => {
  if (line.kind === 'caller') return `caller: ${line.text}`;
  if (line.kind === 'agent') return `agent: ${line.text}`;
  if (line.kind === 'runtime') return `runtime (${line.source}): ${line.text}`;
  if (line.kind === 'tool-call') return `  → ${line.name}(${line.arguments})`;
  if (line.kind === 'context') return `  [${line.role}] ${line.text}`;
  if (line.kind === 'node') return `  → node ${line.node}${line.reset ? ' (context reset)' : ''}`;
  return `  ← ${line.name}: ${line.error ? `error: ${line.error}` : line.modelReads}`;
};

/**
 * The tools called in the trace entries added since `from`: every call of a used model answer whose
 * check passed (Block Agent captures a tool's arguments without running anything), with the error
 * of its run when it ran and threw. The same reading as the conversation tests' calledTools.
 */
function toolsSince(session: Session, from: number): CorpusStep['tools'] {
  const added = session.trace.slice(from);
  const failed = new Set(added.flatMap((t) => (t.kind === 'check-failed' ? [t.toolCallId] : [])));
  const runError = new Map(added.flatMap((t) => (t.kind === 'tool-run' && t.error !== undefined ? [[t.toolCallId, t.error] as const] : [])));
  return added.flatMap((t) => {
    if (t.kind !== 'model-call' || t.error !== undefined) return [];
    return (t.response?.toolCalls ?? [])
      .filter((c) => !failed.has(c.id))
      .map((c) => ({ name: c.name, args: parseArgs(c.arguments), ...(runError.has(c.id) ? { error: runError.get(c.id) } : {}) }));
  });
}

function parseArgs(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const stageOf = (doc: AgentDocument, session: Session) => (session.stageId === null ? undefined : byId(doc.stages, session.stageId)?.name);

/** Wait answers in a row at most, as runScript: a cycle of wait stages must stop. */
const MAX_WAITS = 20;

/** Plays a script (the agent's own by default) and says how far it got. Never throws for a model's failure. */
export async function playCorpusAgent(agent: CorpusAgent, lines: string[] = agent.script.lines, deps?: StepDeps): Promise<CorpusResult> {
  const { doc, script } = agent;
  const stepDeps = deps ?? (await corpusDeps(doc));
  let session = startSession(doc);
  const steps: CorpusStep[] = [];
  let failure: string | undefined;
  const play = async (input: SimInput, label: string) => {
    const from = session.trace.length;
    const heardFrom = session.transcript.length;
    session = await runStep(doc, session, input, stepDeps);
    const heard = session.transcript.slice(heardFrom).flatMap((l) => (l.kind === 'agent' || l.kind === 'runtime' ? [l.text] : []));
    const notes = session.trace.slice(from).flatMap((t) => (t.kind === 'model-call' ? (t.response?.notes ?? []).map((n) => `${t.request.purpose}: ${n}`) : []));
    const undecided = session.trace.slice(from).find((t) => t.kind === 'model-call' && t.response?.undecided);
    const why = undecided?.kind === 'model-call' ? undecided.response?.undecided?.why : undefined;
    steps.push({ input: label, tools: toolsSince(session, from), stage: stageOf(doc, session), heard, notes, ...(why !== undefined ? { undecided: why } : {}) });
    if (session.failure) failure = `step ${session.failure.step} failed: ${session.failure.message}`;
  };
  const answerWaits = async () => {
    for (let i = 0; i < MAX_WAITS && doc.target === 'block-agent' && !session.ended && !failure; i++) {
      const stage = byId(doc.stages, session.stageId);
      const token = stage?.kind === 'wait' ? stage.waitToken : undefined;
      if (token === undefined || !Object.hasOwn(script.waits ?? {}, token)) return;
      const waitingOn = session.stageId;
      await play({ kind: 'wait', token, value: script.waits![token] }, `[${token} = ${script.waits![token]}]`);
      if (session.stageId === waitingOn) return;
    }
  };
  try {
    if (script.agentFirst) {
      await play({ kind: 'open' }, '[the agent opens]');
      await answerWaits();
    }
    for (const text of lines) {
      if (session.ended || failure) break;
      await play({ kind: 'say', text }, text);
      await answerWaits();
    }
  } catch (thrown) {
    failure = `the engine stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
  }
  return judge(agent, session, steps, failure);
}

/** The expected tools as a subsequence of the tools run: the index of the first one missing, or -1. */
function firstMissing(expected: string[], called: string[]): number {
  let at = 0;
  for (let i = 0; i < expected.length; i++) {
    const found = called.indexOf(expected[i], at);
    if (found < 0) return i;
    at = found + 1;
  }
  return -1;
}

/** A state value by field name, or by a dotted path into an object field ("redelivery.day"). */
function stateAt(state: Record<string, unknown>, path: string): unknown {
  let value: unknown = state;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * Whether two values are the same: as JSON, except that a list of plain values (the garments in a
 * bag, the vaccines wanted) is the same selection in any order — a multi-choice has no order the
 * caller gave, and a script may list it in the caller's order or the schema's.
 */
export function sameJson(actual: unknown, expected: unknown): boolean {
  const plainList = (v: unknown): v is (string | number | boolean)[] => Array.isArray(v) && v.every((x) => ['string', 'number', 'boolean'].includes(typeof x));
  if (plainList(actual) && plainList(expected)) {
    const sorted = (list: unknown[]) => JSON.stringify(list.map((x) => JSON.stringify(x)).sort());
    return sorted(actual) === sorted(expected);
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}

const stateDiffers = (session: Session, want: Record<string, unknown> | undefined): string[] =>
  Object.entries(want ?? {}).flatMap(([path, value]) => {
    const actual = stateAt(session.state, path);
    return sameJson(actual, value) ? [] : [`${path} = ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`];
  });

function judge(agent: CorpusAgent, session: Session, steps: CorpusStep[], failure: string | undefined): CorpusResult {
  const { doc, script } = agent;
  // A tool whose run threw did not do its job: it counts as called only once a run of it succeeded.
  const called = calledTools(session).filter((name) => steps.some((s) => s.tools.some((t) => t.name === name && t.error === undefined)));
  const endStage = stageOf(doc, session);
  const missing = firstMissing(script.expectTools, called);
  const wrongState = stateDiffers(session, script.expectState);
  let divergence: string | undefined;
  if (failure) divergence = failure;
  else if (missing >= 0) {
    const tool = script.expectTools[missing];
    const previous = script.expectTools[missing - 1];
    // The path was left in the step after the one where the previous expected tool ran; the
    // steps from there on (three at most) say what the model did instead.
    const after = previous === undefined ? -1 : steps.findIndex((s) => s.tools.some((t) => t.name === previous && t.error === undefined));
    const from = steps.slice(after + 1, after + 4);
    const said = (s: CorpusStep) => {
      const ran = s.tools.map((t) => (t.error ? `${t.name} (error: ${t.error})` : t.name)).join(', ') || 'no tool';
      return `"${s.input}" → ${ran}, stage ${s.stage ?? 'none'}, heard "${s.heard.at(-1) ?? ''}"`;
    };
    divergence = from.length ? `expected ${tool}: ${from.map(said).join(' | ')}` : `expected ${tool}, but the script ran out of lines`;
  } else if (endStage !== script.endStage) divergence = `ended on stage ${endStage ?? 'none'}, expected ${script.endStage}`;
  else if (wrongState.length) divergence = `state: ${wrongState.join('; ')}`;
  return {
    agent: agent.name,
    runtime: agent.runtime,
    completed: divergence === undefined,
    called,
    expectTools: script.expectTools,
    endStage,
    expectStage: script.endStage,
    ended: session.ended,
    steps,
    transcript: session.transcript.flatMap((l) => lineText(l) ?? []),
    ...(divergence !== undefined ? { divergence } : {}),
    wrongValues: wrongValues(agent, session, steps),
  };
}

/** Lower case, letters and digits only, split into words: "07700 900-123" and "07700900123" read alike. */
export const words = (text: string): string[] => text.toLowerCase().normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether a value the model wrote is the one the script expects. Numbers, booleans and enum-like
 * strings compare exactly (after the spacing and punctuation of the words: a phone number read with
 * or without its spaces is the same number); a free text (three words or more expected) is the
 * caller's answer when it holds at least half of the expected words and adds none the caller never
 * said: its wording may vary, its content may not.
 */
/** A word as a value: "five" and "5" are the same number ("a" stays a word). */
const asValue = (w: string) => {
  const n = /^(?:a|an)$/i.test(w) ? undefined : numberWordValue(w);
  return n === undefined ? w : String(n);
};

function sameValue(actual: unknown, expected: unknown, callerWords: Set<string>): boolean {
  // One token (an email, a code, a date, an id) is the same only as written, whatever its case:
  // "one@btinternet.com" shares two of "alan.pickering61@btinternet.com"'s words and is still wrong.
  if (typeof expected === 'string' && typeof actual === 'string' && !/\s/.test(expected.trim())) {
    // (Spaces inside a code are how it was read out: "ORB 447 291" is ORB447291.)
    return actual.replace(/\s+/g, '').toLowerCase() === expected.replace(/\s+/g, '').toLowerCase();
  }
  if (typeof expected === 'string' && typeof actual === 'string') {
    const want = words(expected).map(asValue);
    const got = words(actual).map(asValue);
    callerWords = new Set([...callerWords].map(asValue));
    if (want.join('') === got.join('')) return true;
    if (want.length < 3) return false;
    const shared = want.filter((w) => got.includes(w)).length;
    return shared * 2 >= want.length && got.every((w) => callerWords.has(w) || want.includes(w));
  }
  if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object' && !Array.isArray(expected)) {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    return Object.keys(a).every((k) => Object.hasOwn(e, k) && sameValue(a[k], e[k], callerWords));
  }
  return sameJson(actual, expected);
}

/** Where an object argument departs from the script's: each key written that is unlike (or absent from) the expected one. */
export function argumentDepartures(path: string, actual: unknown, expected: unknown, callerWords: Set<string>): string[] {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected) && actual !== null && typeof actual === 'object' && !Array.isArray(actual)) {
    const e = expected as Record<string, unknown>;
    return Object.entries(actual as Record<string, unknown>).flatMap(([key, value]) =>
      Object.hasOwn(e, key)
        ? argumentDepartures(`${path}.${key}`, value, e[key], callerWords)
        : [`${path}.${key} = ${JSON.stringify(value)}, which the caller never gave`]);
  }
  return sameValue(actual, expected, callerWords) ? [] : [`${path} = ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
}

/** A state field's value before anything is said: a Pinecall field's default, a Block Agent variable's absence. */
function initialAt(doc: AgentDocument, path: string): unknown {
  const [field, ...rest] = path.split('.');
  const declared = doc.state.find((f) => f.name === field);
  if (declared === undefined) return undefined;
  return rest.length ? stateAt({ [field]: declared.default }, path) : declared.default;
}

/**
 * Every value written that the caller did not give, or that says the opposite of what they said
 * (issue 32: "never a wrong value"). Unlike `divergence`, a value not written at all is not wrong:
 * the run may simply not have got there.
 */
export function wrongValues(agent: CorpusAgent, session: Session, steps: CorpusStep[]): string[] {
  const { doc, script } = agent;
  const callerWords = new Set(script.lines.flatMap(words).concat(Object.values(script.waits ?? {}).flatMap(words)));
  const wrong: string[] = [];
  for (const step of steps) {
    for (const call of step.tools) {
      if (!Object.hasOwn(script.calls, call.name)) continue;
      wrong.push(...argumentDepartures(call.name, call.args, script.calls[call.name], callerWords).map((w) => `after "${step.input}": ${w}`));
    }
  }
  for (const [path, value] of Object.entries(script.expectState ?? {})) {
    const actual = stateAt(session.state, path);
    if (actual === undefined || JSON.stringify(actual) === JSON.stringify(initialAt(doc, path))) continue;
    if (!sameValue(actual, value, callerWords)) wrong.push(`state ${path} = ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`);
  }
  for (const path of script.noWrite ?? []) {
    const actual = stateAt(session.state, path);
    if (actual !== undefined && JSON.stringify(actual) !== JSON.stringify(initialAt(doc, path))) wrong.push(`state ${path} = ${JSON.stringify(actual)}, which the caller never gave`);
  }
  return wrong;
}

/**
 * A model that plays the script's path and nothing else: at most one tool per caller line, the next
 * expected tool as soon as the stage offers it, with the script's arguments; otherwise a plain reply.
 * It shows a script's path exists (and its expectations are right) apart from the offline model.
 */
export function pathModel(script: CorpusScript): Model {
  let next = 0;
  let lastLine = -1;
  return {
    complete: async (request: ModelRequest): Promise<ModelResponse> => {
      if (request.purpose === 'condition') return { text: 'no', toolCalls: [] };
      const line = request.messages.filter((m) => m.role === 'user').length;
      const tool = script.expectTools[next];
      const mayCall = request.purpose === 'tools' || request.purpose === 'agent';
      if (mayCall && line !== lastLine && tool && toolsOpenIn(request).some((t) => t.name === tool) && request.messages.at(-1)?.role !== 'tool') {
        next++;
        lastLine = line;
        return { text: '', toolCalls: [{ id: `path_${next}`, name: tool, arguments: JSON.stringify(script.calls[tool] ?? {}) }] };
      }
      return { text: 'Right.', toolCalls: [] };
    },
  };
}
