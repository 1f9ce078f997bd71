// Filling a tool's arguments from its JSON Schema alone: each parameter is read by its type, enum,
// pattern and format, and by what its name and description hint at (a date, a phone, a name…).
// Caller lines are searched most recent first; nothing is invented when no rule finds a value.
import { backtrackingRisk } from '../../model/pattern-risk';
import type { JsonSchema } from '../../model';
import { getOwn, setOwn } from '../../model/own';
import { findDates, findDayPart, findTimes } from './dates';
import { findEmails, findNames, findNumbers, findPhones, findYesNo, phoneForms } from './extract';
import { clauseWith, deniedBefore, restatesTool, type ToolMeaning } from './intent';
import { pickAgreed, pickOffered, valueOfRow } from './pick';
import type { Item } from './reading';
import { callerWords, conceptOfWord, nameWords, overlap, stem, words } from './words';

export interface FillContext {
  /** Every caller line, the most recent first. */
  callerLines: string[];
  today?: string;
  offered: Item[];
  /** The agent's lines, in order (a "yes" agrees to the row the last one named). */
  agentLines?: string[];
  /** The tool being filled, and whether the caller's latest line means it. */
  tool?: ToolMeaning;
}

export interface Filled {
  value: unknown;
  rule: string;
  /** The caller's words it came from. */
  said: string;
  /** How the rule read it, when more than the words it came from says it. */
  why?: string;
  /** Taken from the latest caller line (evidence that the caller means this tool now). */
  fromLatest: boolean;
  /** A value read by a specific rule (a date, a phone, an enum value…), not the caller's words copied. */
  specific: boolean;
}

export interface FillResult {
  args: Record<string, unknown>;
  filled: Record<string, Filled>;
  /** Required parameters no rule could fill. */
  missing: string[];
}

type Kind = 'date' | 'time' | 'datetime' | 'email' | 'phone' | 'name' | 'words' | 'number' | 'none';

const has = (hints: Set<string>, ...wanted: string[]) => wanted.some((w) => hints.has(stem(w)) || hints.has(conceptOfWord(w)));

/** What a parameter asks for, from its format first, then its name and description words. */
export function kindOf(name: string, prop: JsonSchema): Kind {
  const format = typeof prop.format === 'string' ? prop.format : '';
  if (format === 'date-time') return 'datetime';
  if (format === 'date') return 'date';
  if (format === 'time') return 'time';
  if (format === 'email') return 'email';
  if (prop.type === 'number' || prop.type === 'integer') return 'number';
  const nameHints = new Set(nameWords(name).map(stem));
  const all = new Set([...nameHints, ...words(prop.description ?? '').map(stem)]);
  const hints = new Set([...all, ...[...all].map(conceptOfWord)]);
  if (has(nameHints, 'email', 'mail')) return 'email';
  if (has(nameHints, 'phone', 'telephone', 'mobile', 'cell', 'tel')) return 'phone';
  if (has(nameHints, 'date', 'day', 'birth', 'dob', 'birthday')) return 'date';
  if (has(nameHints, 'time', 'hour')) return 'time';
  if (has(nameHints, 'name')) return 'name';
  if (has(nameHints, 'utterance', 'words', 'quote', 'text', 'message', 'request', 'reason', 'note', 'comment', 'summary', 'details')) return 'words';
  if (has(hints, 'email')) return 'email';
  if (has(hints, 'phone')) return 'phone';
  if (has(hints, 'date', 'birth')) return 'date';
  if (has(hints, 'time')) return 'time';
  if (has(hints, 'utterance', 'words', 'said', 'quote', 'verbatim', 'reason')) return 'words';
  return 'none';
}

/**
 * A value the schema accepts: in the enum, and matching the pattern when there is one. The pattern
 * is the agent file's and runs on the host's RegExp here, so a shape that can backtrack
 * exponentially (model/pattern-risk.ts) is not run: the value is taken as the caller said it, and
 * the engine's argument check (in the sandbox, with a deadline) has the last word.
 */
function accepts(prop: JsonSchema, value: unknown): boolean {
  if (Array.isArray(prop.enum) && !prop.enum.includes(value)) return false;
  if (typeof prop.pattern === 'string' && typeof value === 'string' && backtrackingRisk(prop.pattern) === null) {
    try {
      if (!new RegExp(prop.pattern, 'u').test(value)) return false;
    } catch {
      return true; // a pattern JS cannot read is the engine's to report, not a reason to say nothing
    }
  }
  return true;
}

/** A date the parameter wants as the caller said it ("as they said it"), or as YYYY-MM-DD. */
const wantsWordsAsSaid = (prop: JsonSchema) => !prop.pattern && !prop.format && /\bas (?:they|the caller|you) (?:said|say|named|gave)|\bas said\b|\bin their (?:own )?words\b/i.test(prop.description ?? '');

/** Values found in one line for a kind of parameter, best first. */
function candidates(kind: Kind, line: string, prop: JsonSchema, today: string | undefined): { value: unknown; said: string; rule: string }[] {
  switch (kind) {
    case 'date':
      return findDates(line, today).map((d) => ({ value: wantsWordsAsSaid(prop) ? d.said : d.iso, said: d.said, rule: d.rule }));
    case 'time': {
      const times = findTimes(line).map((t) => ({ value: wantsWordsAsSaid(prop) ? t.said : t.hhmm, said: t.said, rule: t.rule }));
      const part = findDayPart(line);
      // "in the morning" stands for a time only when the schema needs a clock time.
      if (part && (prop.pattern || prop.format)) times.push({ value: part.hhmm, said: part.part, rule: 'time-day-part' });
      return times;
    }
    case 'datetime': {
      const date = findDates(line, today)[0];
      const time = findTimes(line)[0] ?? (findDayPart(line) && { hhmm: findDayPart(line)!.hhmm, said: findDayPart(line)!.part });
      return date && time ? [{ value: `${date.iso}T${time.hhmm}:00`, said: `${date.said} ${time.said}`, rule: 'date-time' }] : [];
    }
    case 'email':
      return findEmails(line).map((f) => ({ value: f.value, said: f.said, rule: f.rule }));
    case 'phone':
      // Each number in the forms its digits can be written in; the first the schema accepts wins.
      return findPhones(line).flatMap((f) => phoneForms(f).map((value, i) => ({ value, said: f.said, rule: i === 0 ? f.rule : 'phone-to-pattern' })));
    case 'name':
      return findNames(line).map((f) => ({ value: f.value, said: f.said, rule: f.rule }));
    case 'number': {
      const busy = [...findPhones(line), ...findDates(line, today), ...findTimes(line)].map((f) => [f.index, f.index + f.said.length] as [number, number]);
      return findNumbers(line, busy).map((f) => ({ value: prop.type === 'integer' ? Math.round(f.value) : f.value, said: f.said, rule: f.rule }));
    }
    default:
      return [];
  }
}

/** An enum value the line names (directly, stemmed, or through a synonym); only when exactly one is named. */
export function enumFromLine(values: unknown[], line: string): { value: unknown; said: string } | undefined {
  const said = words(line);
  // "check-up" and "check up" name "checkup": two words said together are the value written as one.
  const joined = said.slice(1).map((w, i) => said[i] + w);
  const hits = values.filter((v) => typeof v === 'string' || typeof v === 'number').filter((v) => overlap(said, nameWords(String(v))).concepts.length > 0 || said.includes(String(v).toLowerCase()) || joined.some((j) => stem(j) === stem(String(v))));
  if (hits.length !== 1) return undefined;
  const pair = overlap(said, nameWords(String(hits[0]))).pairs[0];
  return { value: hits[0], said: pair?.mine ?? joined.find((j) => stem(j) === stem(String(hits[0]))) ?? String(hits[0]) };
}

/** A search with the pattern itself, anchors dropped, for a value no other rule reads. */
function byPattern(prop: JsonSchema, line: string): { value: string; said: string } | undefined {
  if (typeof prop.pattern !== 'string') return undefined;
  for (const alternative of prop.pattern.split('|')) {
    const body = alternative.replace(/^\^/, '').replace(/\$$/, '');
    if (!body || backtrackingRisk(body) !== null) continue;
    try {
      const m = new RegExp(`(?<![\\w])(?:${body})(?![\\w])`, 'u').exec(line);
      if (m && m[0] && accepts(prop, m[0])) return { value: m[0], said: m[0] };
    } catch {
      // An alternative that is not a whole regex on its own (a `|` inside a group): try the next.
    }
  }
  return undefined;
}

/** A parameter that takes one of the offered rows: an id, a key of the rows, or "offered" in its words. */
export function picksOffered(name: string, prop: JsonSchema, offered: Item[]): boolean {
  if (!offered.length || !(prop.type === 'string' || prop.type === 'number' || prop.type === 'integer' || prop.type === undefined)) return false;
  const hints = [...nameWords(name), ...words(prop.description ?? '')];
  // A key of the rows counts only when its values tell the rows apart (not one value all rows share).
  const tellsApart = new Set(offered.map((r) => JSON.stringify(getOwn(r, name)))).size > 1 && offered.some((r) => Object.hasOwn(r, name));
  return hints.includes('id') || tellsApart || hints.some((h) => stem(h) === stem('offered'));
}

/** The caller's line as a pick's source, cut short for notes. */
const line0Said = (line: string) => (line.length > 60 ? `${line.slice(0, 57)}…` : line);

function fillOne(name: string, prop: JsonSchema, ctx: FillContext): Filled | undefined {
  const [latest = ''] = ctx.callerLines;
  const made = (value: unknown, rule: string, said: string, fromLatest: boolean, specific = true): Filled | undefined =>
    accepts(prop, value) ? { value, rule, said, fromLatest, specific } : undefined;
  if (picksOffered(name, prop, ctx.offered)) {
    // A bare "yes" agrees to the one row the agent's last line named ("Shall I go ahead with …?").
    const agreed = findYesNo(latest)?.value === true ? pickAgreed(ctx.agentLines?.at(-1) ?? '', ctx.offered) : undefined;
    const picked = pickOffered(latest, ctx.offered, ctx.today) ?? agreed;
    const value = picked && valueOfRow(picked.row, name);
    const filled = picked && value !== undefined ? made(value, picked.rule, line0Said(latest), true) : undefined;
    if (filled) return { ...filled, why: picked!.why };
  }
  if (prop.type === 'boolean') {
    const yn = findYesNo(latest);
    if (yn) return made(yn.value, 'boolean-from-yes-no', yn.said, true);
    // "True when the caller wants X": true when the caller's words meet that description's words.
    const shared = overlap(callerWords(latest), words(`${prop.description ?? ''} ${nameWords(name).join(' ')}`)).pairs;
    if (shared.length) return made(!deniedBefore(latest, shared[0].mine), 'boolean-by-description', shared[0].mine, true, false);
    // A flag that restates its tool's purpose ("schedule_appointment" of a scheduling tool) holds
    // when the caller means the tool, and is false when they deny it.
    const meant = ctx.tool?.meant;
    if (meant && restatesTool(name, prop, ctx.tool!)) {
      const f = made(!meant.negated, 'boolean-by-tool-meaning', meant.said, true, false);
      return f && { ...f, why: `the caller means ${ctx.tool!.name} ("${meant.said}"${meant.negated ? ', denied' : ''}) and ${name} restates its purpose` };
    }
    return undefined;
  }
  if (prop.type === 'array') {
    const items = (Array.isArray(prop.items) ? prop.items[0] : prop.items) ?? {};
    if (!Array.isArray(items.enum)) return undefined;
    const hits = items.enum.filter((v) => enumFromLine([v], latest));
    return hits.length ? made(hits, 'enum-values', hits.join(', '), true) : undefined;
  }
  const kind = kindOf(name, prop);
  for (const [i, line] of ctx.callerLines.entries()) {
    if (Array.isArray(prop.enum)) {
      const hit = enumFromLine(prop.enum, line);
      if (hit) return made(hit.value, 'enum-value', hit.said, i === 0);
      const part = findDayPart(line);
      if (part && prop.enum.includes(part.part)) return made(part.part, 'enum-day-part', part.part, i === 0);
      continue;
    }
    if (kind === 'words') {
      // The sentence that means the tool, when the line has several; else the whole line.
      const said = ctx.tool?.meant ? clauseWith(line, ctx.tool.meant.said) : line.trim();
      return i === 0 && said ? made(said, said === line.trim() ? 'words-as-said' : 'words-clause', said, true, false) : undefined;
    }
    for (const c of candidates(kind, line, prop, ctx.today)) {
      const filled = made(c.value, c.rule, c.said, i === 0);
      if (filled) return filled;
    }
    const found = prop.type === 'string' || prop.type === undefined ? byPattern(prop, line) : undefined;
    if (found) return made(found.value, 'pattern-search', found.said, i === 0);
  }
  return undefined;
}

/** The arguments every rule could fill, and the required parameters left without a value. */
export function fillArguments(parameters: JsonSchema, ctx: FillContext): FillResult {
  const args: Record<string, unknown> = {};
  const filled: Record<string, Filled> = {};
  for (const [name, prop] of Object.entries(parameters.properties ?? {})) {
    const f = fillOne(name, prop ?? {}, ctx);
    if (f) {
      setOwn(args, name, f.value);
      setOwn(filled, name, f);
    }
  }
  const missing = (parameters.required ?? []).filter((name) => !Object.hasOwn(args, name));
  return { args, filled, missing };
}
