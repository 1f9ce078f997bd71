// The one rule every view of a run masks by (change log, state panel, chat tool rows, turn
// inspector, the CLI's events). Masking by name alone leaked: a tool that copies the caller's name
// into a field not marked pii (`this.greeting = name`), a record holding it under another key, a
// prompt or a raw request quoting it. So a value is masked when its key names pii (a pii state field
// or a tool's pii parameter, model/pii.ts) and also when it holds a value the run saw under such a
// name. The session keeps the real values (tools and conditions need them); only what is shown is
// masked. Pure: no React, so the panels, the CLI and unit tests share it.
import { piiNames } from '../model/pii';
import type { AgentDocument, Tool } from '../model';
import { sharedPrefixFrom, type Compared } from './append-only';
import type { Change, Line, Session } from './types';

export const MASK = '***';

/** Values shorter than this are masked only where a whole value equals them: "Al" must not blank every "al" of a prompt. */
const MIN_IN_TEXT = 3;
/** Deeper than this a value is not walked (a view shows so much of it at most). */
const MAX_WALK = 32;

export interface PiiMasker {
  /** Whether a name (a state field, a parameter, a key) holds pii. */
  isPii(name: string): boolean;
  /** A value with every key naming pii masked at any depth, and every known pii value masked inside strings. */
  value(value: unknown, tool?: Tool): unknown;
  /** A state field's value: all of it when the field is pii, else as `value`. */
  field(name: string, value: unknown): unknown;
  /** Free text (a prompt, a message, raw JSON): each known pii value in it replaced by `***`. */
  text(text: string): string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The scalar leaves of a value as text (strings trimmed, numbers as written), none empty. */
function leaves(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > MAX_WALK || value === null || value === undefined) return;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s) out.add(s);
  } else if (typeof value === 'number' || typeof value === 'bigint') out.add(String(value));
  else if (typeof value === 'object') for (const v of Object.values(value)) leaves(v, out, depth + 1);
}

/** The leaves found under any key in `secret`, at any depth. */
function underKeys(value: unknown, secret: ReadonlySet<string>, out: Set<string>, depth = 0): void {
  if (depth > MAX_WALK || value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (secret.has(k)) leaves(v, out);
    else underKeys(v, secret, out, depth + 1);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    return undefined;
  }
}

/** What one list's entries held under a pii name, read once per entry (append-only.ts). */
interface Fold<T> {
  /** The pii names it was read with: another set of names reads the list again. */
  names: string;
  entries: T[];
  out: Set<string>;
  compared: Compared<T>;
}

/**
 * The values `read` finds in a list's entries, carried from call to call: the CLI and the views
 * ask after every step, and reading the whole run each time made a long call's steps grow with it.
 * Keyed on the list's first entry; a list that is no longer the one read (an entry replaced, a
 * shorter run) is read again whole.
 */
function folded<T extends object>(folds: WeakMap<T, Fold<T>>, list: readonly T[], names: string, read: (entry: T, out: Set<string>) => void): ReadonlySet<string> {
  const first = list[0];
  if (first === undefined) return new Set();
  let fold = folds.get(first);
  if (!fold || fold.names !== names || sharedPrefixFrom(list, fold.entries, fold.compared) < fold.entries.length) {
    fold = { names, entries: [], out: new Set(), compared: { upTo: 0 } };
    folds.set(first, fold);
  }
  for (let i = fold.entries.length; i < list.length; i++) {
    read(list[i], fold.out);
    fold.entries.push(list[i]);
  }
  fold.compared = { array: list, upTo: list.length };
  return fold.out;
}

type Traced = Session['trace'][number];
const changeFolds = new WeakMap<Change, Fold<Change>>();
const lineFolds = new WeakMap<Line, Fold<Line>>();
const traceFolds = new WeakMap<Traced, Fold<Traced>>();

/**
 * Every value the run held under a pii name: the pii fields' values (now and in the change log),
 * and what the tool calls, runs and results carried under a pii key. In the order first met:
 * state, change log, transcript, trace.
 */
export function knownPiiValues(doc: AgentDocument, session: Pick<Session, 'state' | 'changeLog' | 'trace' | 'transcript'> | null | undefined): string[] {
  if (!session) return [];
  const names = piiNames(doc);
  if (names.size === 0) return [];
  const out = new Set<string>();
  const secretOf = (toolName: string) => new Set([...names, ...(doc.tools.find((t) => t.name === toolName)?.pii ?? [])]);
  // What the lists' readings depend on besides their entries: the names, and each tool's pii parameters.
  const key = JSON.stringify([[...names], doc.tools.map((t) => [t.name, t.pii])]);
  for (const name of names) if (Object.hasOwn(session.state, name)) leaves(session.state[name], out);
  underKeys(session.state, names, out);
  const fromLog = folded(changeFolds, session.changeLog, key, (c, found) => {
    if (names.has(c.field)) {
      leaves(c.prev, found);
      leaves(c.next, found);
    } else {
      underKeys(c.next, secretOf(c.author), found);
    }
  });
  const fromLines = folded(lineFolds, session.transcript, key, (line, found) => {
    if (line.kind === 'tool-call') underKeys(parsed(line.arguments), secretOf(line.name), found);
    else if (line.kind === 'tool-result') underKeys(line.result, secretOf(line.name), found);
  });
  const fromTrace = folded(traceFolds, session.trace, key, (t, found) => {
    if (t.kind === 'tool-run') {
      underKeys(t.args, secretOf(t.tool), found);
      underKeys(t.result, secretOf(t.tool), found);
    } else if (t.kind === 'model-call') {
      for (const call of t.response?.toolCalls ?? []) underKeys(parsed(call.arguments), secretOf(call.name), found);
    }
  });
  for (const found of [fromLog, fromLines, fromTrace]) for (const v of found) out.add(v);
  return [...out];
}

/** The masker of a document's pii names and the values a run saw under them (knownPiiValues). */
export function piiMasker(doc: AgentDocument, known: Iterable<string> = []): PiiMasker {
  const names = piiNames(doc);
  const exact = new Set(known);
  // A value as JSON writes it inside a string too (quotes escaped), so raw request text is caught.
  const inText = [...new Set([...exact].flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]))].filter((v) => v.length >= MIN_IN_TEXT);
  // Longest first, so "Dana Whitfield" is masked whole before "Dana" would split it.
  inText.sort((a, b) => b.length - a.length);
  const pattern = inText.length > 0 ? new RegExp(inText.map(escapeRegExp).join('|'), 'gi') : null;

  const text = (s: string): string => {
    if (exact.has(s.trim())) return MASK;
    return pattern ? s.replace(pattern, MASK) : s;
  };
  const walk = (v: unknown, secret: ReadonlySet<string>, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if ((typeof v === 'number' || typeof v === 'bigint') && String(v).length >= MIN_IN_TEXT && exact.has(String(v))) return MASK;
    if (depth > MAX_WALK || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, secret, depth + 1));
    // Built as entries: a key named __proto__ stays a key of the copy.
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, secret.has(k) ? MASK : walk(x, secret, depth + 1)]));
  };
  const value = (v: unknown, tool?: Tool) => walk(v, tool && tool.pii.length > 0 ? new Set([...names, ...tool.pii]) : names, 0);
  return {
    isPii: (name) => names.has(name),
    value,
    field: (name, v) => (names.has(name) ? MASK : value(v)),
    text,
  };
}

/** What a view shows once the user chose Reveal (the turn inspector only): every value as it is. */
export const NO_MASK: PiiMasker = { isPii: () => false, value: (v) => v, field: (_name, v) => v, text: (s) => s };

/** The masker for what a session shows: its document's pii names and the values the session saw under them. */
export const sessionMasker = (doc: AgentDocument, session: Parameters<typeof knownPiiValues>[1]): PiiMasker => piiMasker(doc, knownPiiValues(doc, session));
