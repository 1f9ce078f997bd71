// Filling a tool's arguments from its JSON Schema alone: each parameter is read by its type, enum,
// pattern and format, and by what its name and description hint at (a date, a phone, a name…).
// Caller lines are searched most recent first; nothing is invented when no rule finds a value.
import type { JsonSchema } from '../../model';
import { getOwn, setOwn } from '../../model/own';
import { answerContent, YES_NO_QUESTION } from './asked';
import { narrowedCopy } from './copied-text';
import { negationAt } from './polarity';
import { whenName } from './speech';
import { findDates, findDayPart, findTimes, looksLikeClock } from './dates';
import { LATE_DAY_PART } from './history-fold';
import type { PatternReader } from './patterns';
import { nextEnumLine, readEnum } from './history-memo'; // read once per line (a long call's steps stay flat)
import { findEmails, findNumbers, findPhones, findTitles, findYesNo, phoneForms } from './extract';
import { findSpelledCodes } from './spoken';
import { findDurations, findHouseNumbers, findIdentifiers, findLargeNumberWords, findPostcodes, findStreetAddresses, unitOf } from './ids';
import { clauseWith } from './intent';
import { fillBoolean, flagMeaningInTool } from './flags';
import type { Candidate, FillContext, Filled, Made } from './fill-types';
import { askedByInstructions, beforeOtherAnswers, CHOICE_OF_OPTIONS, FIRST_PERSON_CLAUSE, namedBy, purposeOf, saysOnlyWhen, sentenceAbout, withoutFillers } from './answer-text';
import { namePart, namesFor } from './name-parts';
import { ID_WORDS, scopeCodes } from './scope-codes';
import { scopeCounts } from './scope-counts';
import { pickAgreed, pickEnumByTime, pickListed, pickOffered, pickTime, valueOfRow } from './pick';
import { legMarkedAt, legOf, placeForLeg } from './route';
import { countByAges } from './ages';
import type { Item } from './reading';
import { callerWords, conceptOfWord, isStopWord, nameWords, stem, words } from './words';

export type { FillContext, Filled } from './fill-types';

export interface FillResult {
  args: Record<string, unknown>;
  filled: Record<string, Filled>;
  /** Required parameters no rule could fill. */
  missing: string[];
  /** Enum parameters the caller's line names two values of equally: the agent asks which. */
  ties: Record<string, unknown[]>;
  /** Object parameters some of whose required fields were read: the fields still missing, asked one by one. */
  partial: Record<string, string[]>;
}

type Kind = 'date' | 'time' | 'datetime' | 'email' | 'phone' | 'name' | 'title' | 'words' | 'number' | 'identifier' | 'postcode' | 'house' | 'colour' | 'maker' | 'sort' | 'none';

/** Colours as people name them (a car's, a bag's, a door's). */
const COLOURS = 'black white grey gray silver red blue navy green yellow orange purple pink brown beige cream gold maroon burgundy turquoise teal'.split(' ');
const COLOUR = new RegExp(`\\b(?:(?:dark|light|pale|bright|metallic)\\s+)?(?:${COLOURS.join('|')})\\b`, 'gi');

const PHONE_WORDS = ['phone', 'telephone', 'mobile', 'cell', 'tel', 'callback'];
/** Whether the words just before `index` name a phone: "my mobile's", "the number is", "call me on". */
const saidAsPhone = (line: string, index: number) =>
  /\b(?:(?:mobile|phone|cell|landline|telephone)(?:\s+number)?(?:['’]s|\s+is|\s+number['’]s)?|(?:call|ring|reach|text)\s+(?:me|us)\s+on|(?:my|our|the|a|best|contact|home|work|daytime)\s+number(?:['’]s|\s+is))\s*:?\s*$/i.test(line.slice(Math.max(0, index - 40), index));
/** Literal stems only: the synonym table makes "number" a phone, which a policy number is not. */
const hasWord = (stems: Set<string>, list: string[]) => list.some((w) => stems.has(stem(w)));

const has = (hints: Set<string>, ...wanted: string[]) => wanted.some((w) => hints.has(stem(w)) || hints.has(conceptOfWord(w)));

/** What a parameter asks for, from its format first, then its name and description words. */
export function kindOf(name: string, prop: JsonSchema): Kind {
  const format = typeof prop.format === 'string' ? prop.format : '';
  if (format === 'date-time') return 'datetime';
  if (format === 'date') return 'date';
  if (format === 'time') return 'time';
  if (format === 'email') return 'email';
  if (prop.type === 'number' || prop.type === 'integer') return 'number';
  // A description that spells the written form ("YYYY-MM-DD", "HH:MM") says what the value is.
  const description = prop.description ?? '';
  if (/\bYYYY-MM-DD[T ]HH:MM/i.test(description)) return 'datetime';
  if (/\bYYYY-MM-DD\b/i.test(description)) return 'date';
  if (/\bHH:MM\b/i.test(description)) return 'time';
  const nameHints = new Set(nameWords(name).map(stem));
  const all = new Set([...nameHints, ...words(prop.description ?? '').map(stem)]);
  const hints = new Set([...all, ...[...all].map(conceptOfWord)]);
  if (has(nameHints, 'email', 'mail')) return 'email';
  if (hasWord(nameHints, PHONE_WORDS)) return 'phone';
  if (hasWord(nameHints, ['postcode', 'zip', 'postal', 'zipcode'])) return 'postcode';
  // "house_number", "flat_no": the number on a door, not a code.
  if (hasWord(nameHints, ['houses', 'flats', 'apartments', 'doors', 'buildings']) && hasWord(nameHints, ['numbers', 'no'])) return 'house';
  if (hasWord(nameHints, ID_WORDS) && !hasWord(all, PHONE_WORDS)) return 'identifier';
  if (hasWord(nameHints, ['colours', 'colors']) && !prop.enum) return 'colour';
  // A breed, a species, a variety: what the thing is, said as "she's a border collie".
  if (nameWords(name).some((w) => /^(?:breeds?|species|variet(?:y|ies))$/i.test(w)) && !prop.enum && prop.type !== 'boolean') return 'sort';
  // "make", "brand", "manufacturer": a maker's name, said in capitals ("a grey Ford Focus").
  if (hasWord(nameHints, ['makes', 'brands', 'manufacturers']) && !prop.enum && prop.type !== 'boolean') return 'maker';
  if (has(nameHints, 'surname', 'forename')) return 'name';
  if (has(nameHints, 'date', 'day', 'birth', 'dob', 'birthday')) return 'date';
  if (has(nameHints, 'time', 'hour')) return 'time';
  if (has(nameHints, 'name')) return 'name';
  // "The full name of the person remembered": a name, by the description's opening.
  if (/^\s*(?:the\s+)?(?:full\s+)?name\s+of\b/i.test(prop.description ?? '')) return 'name';
  // A title is written in Title Case ("The Remains of the Day"): read as the caller wrote it.
  if (hasWord(nameHints, ['title'])) return 'title';
  if (has(nameHints, 'utterance', 'words', 'quote', 'text', 'message', 'request', 'reason', 'note', 'comment', 'summary', 'details', 'description')) return 'words';
  // An address is the caller's words, whatever numbers it holds ("including the room number").
  // (Plurals: hasWord compares stems, and a bare parameter name as a literal would look borrowed
  // from the examples to no-example-strings.test.ts.)
  if (hasWord(nameHints, ['addresses', 'locations', 'whereabouts'])) return 'words';
  if (has(hints, 'email')) return 'email';
  if (hasWord(all, PHONE_WORDS)) return 'phone';
  if (hasWord(all, ['postcode', 'zip'])) return 'postcode';
  // ("a birthday or anniversary" is an occasion, not a date: a birth date says "date", "born" or "dob".)
  if (has(hints, 'date') || /\b(?:date of birth|born|dob)\b/i.test(prop.description ?? '')) return 'date';
  if (has(hints, 'time')) return 'time';
  if (has(hints, 'utterance', 'words', 'said', 'quote', 'verbatim', 'reason')) return 'words';
  // "The room number", "the booking reference": a code, by the description's words.
  if (/\b(?:number|code|reference|ref|id|digits)\b/i.test(prop.description ?? '') && !/\bnumber of\b|\bhow many\b/i.test(prop.description ?? '')) return 'identifier';
  if (typeof prop.pattern === 'string' && /\\d|\[0-9|\[A-Z/.test(prop.pattern)) return 'identifier';
  // A name that ends in "at" or "on" says when, by the English naming habit (starts_at, paid_on),
  // when no description says otherwise.
  // "The problem as the caller put it": the caller's words, kept as said.
  if (AS_SAID.test(prop.description ?? '') && !prop.enum && prop.type !== 'boolean') return 'words';
  const when = prop.description ? undefined : whenName(name);
  return when === 'time' ? 'time' : when === 'day' ? 'date' : 'none';
}

/**
 * A value the schema accepts: in the enum, and matching the pattern when there is one. The pattern
 * is the agent file's, so it runs in the sandbox with a deadline (`patterns`); one that runs out
 * of time cannot read the value (the trace says so), and one JS cannot read is the engine's to
 * report, not a reason to say nothing.
 */
function accepts(prop: JsonSchema, value: unknown, patterns: PatternReader, place: string): boolean {
  if (Array.isArray(prop.enum) && !prop.enum.includes(value)) return false;
  if (typeof prop.pattern === 'string' && typeof value === 'string') {
    const answer = patterns.test(prop.pattern, value, place);
    if ('unusable' in answer) return answer.unusable === 'invalid';
    if (answer.matched === null) return false;
  }
  return true;
}

/** A date the parameter wants as the caller said it ("as they said it"), or as YYYY-MM-DD. */
const AS_SAID = /\bas (?:they|you|the \w+) (?:said|say|named|gave|put) it\b|\bas (?:they|the caller|you) (?:said|say|named|gave)|\bas said\b|\bin their (?:own )?words\b/i;
/** "in the customer's words", "in their own words": free text kept as said. */
const IN_WORDS = /\bin (?:their|his|her|your|the \w+['’]s?) (?:own )?words\b/i;
/** Said of the parameter itself, or by a clause of its tool's description that names it ("the day the caller chose, as they said it"). */
const wantsWordsAsSaid = (prop: JsonSchema, name = '', toolDescription = '') =>
  !prop.pattern && !prop.format && (AS_SAID.test(prop.description ?? '') || toolDescription.split(/[;:.]\s*/).some((clause) => AS_SAID.test(clause) && nameWords(name).some((w) => words(clause).includes(w))));

/** "seven" said after "evening" is 19:00: an hour under twelve without am/pm, in a part of day after noon. */
function inDayPart(hhmm: string, said: string, context: string): { hhmm: string; why?: string } {
  const h = +hhmm.slice(0, 2);
  if (h < 1 || h > 11 || /[ap]\.?m\b|noon|midnight|o['’]?clock in the morning/i.test(said)) return { hhmm };
  const part = LATE_DAY_PART.exec(context);
  if (!part || (part[1].toLowerCase() === 'afternoon' && h > 7)) return { hhmm };
  return { hhmm: `${String(h + 12).padStart(2, '0')}${hhmm.slice(2)}`, why: `"${said}" read as after noon: the caller said "${part[1]}"` };
}

const isBirth = (name: string, prop: JsonSchema) => /\b(?:birth|born|dob|birthday)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
/**
 * A day gone by by its meaning: a birth, or when something started, happened or was bought
 * ("started_on", "the day it started"). A day to come ("Thursday's fine") answers something else.
 */
const isPastDay = (name: string, prop: JsonSchema, toolDescription = '') =>
  isBirth(name, prop) || /\b(?:started|start(?:ed)? on|began|begun|happened|occurred|noticed|bought|purchased|broke|broken|went wrong|first (?:saw|noticed))\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
const isoToday = () => new Date().toISOString().slice(0, 10);

/** Values found in one line for a kind of parameter, best first; `context` is the rest of the conversation, nearest first. */
function candidates(kind: Kind, name: string, line: string, prop: JsonSchema, today: string | undefined, context = '', toolDescription = '', split = true): Candidate[] {
  const asSaid = wantsWordsAsSaid(prop, name, toolDescription);
  switch (kind) {
    case 'date':
      // "No thanks, not today": a day the caller denies is no day they gave.
      // A birth date is a day gone by: a day to come ("Wednesday next week") is an answer to something else.
      return findDates(line, today).filter((d) => !negationAt(line, d.index) && !(isPastDay(name, prop, toolDescription) && d.iso > (today ?? isoToday())) && !(isBirth(name, prop) && d.iso >= (today ?? isoToday()))).map((d) => ({ value: asSaid ? d.said : d.iso, said: d.said, rule: d.rule }));
    case 'time': {
      const times: Candidate[] = findTimes(line).filter((t) => !negationAt(line, t.index)).map((t) => {
        const fitted = inDayPart(t.hhmm, t.said, `${line} ${context}`);
        return { value: asSaid ? t.said : fitted.hhmm, said: t.said, rule: fitted.why ? 'time-in-day-part' : t.rule, why: fitted.why };
      });
      const part = findDayPart(line);
      // "in the morning" stands for a time only when the schema needs a clock time.
      if (part && (prop.pattern || prop.format)) times.push({ value: part.hhmm, said: part.part, rule: 'time-day-part' });
      return times;
    }
    case 'datetime': {
      const date = findDates(line, today)[0];
      const time = findTimes(line)[0] ?? (findDayPart(line) && { hhmm: findDayPart(line)!.hhmm, said: findDayPart(line)!.part });
      return date && time ? [{ value: `${date.iso}T${inDayPart(time.hhmm, time.said, `${line} ${context}`).hhmm}:00`, said: `${date.said} ${time.said}`, rule: 'date-time' }] : [];
    }
    case 'email':
      return findEmails(line).map((f) => ({ value: f.value, said: f.said, rule: f.rule }));
    case 'phone':
      // Each number in the forms its digits can be written in; the first the schema accepts wins.
      return findPhones(line).flatMap((f) => phoneForms(f).map((value, i) => ({ value, said: f.said, rule: i === 0 ? f.rule : 'phone-to-pattern' })));
    case 'name':
      return namesFor(name, prop, line, split);
    case 'title':
      return findTitles(line).map((f) => ({ value: f.value, said: f.said, rule: f.rule }));
    case 'colour':
      // A colour the caller denies ("not the black one") is none they gave.
      return [...line.matchAll(COLOUR)].filter((m) => !negationAt(line, m.index ?? 0)).map((m) => ({ value: m[0].toLowerCase(), said: m[0], rule: 'colour-word' }));
    case 'sort': {
      // "she's a border collie, six years old": the words after "she's a", up to the clause's end,
      // and no count or age among them.
      const m = /\b(?:she|he|it|they)(?:['’]s|\s+is|['’]re|\s+are)\s+an?\s+((?:[a-z][a-z'’-]*\s+){0,2}[a-z][a-z'’-]*)(?=\s*(?:[,.;!?]|$|\s+(?:and|but|who|that|aged|about)\b))/i.exec(line);
      if (!m || findNumbers(m[1]).length || /\b(?:years?|months?|old|bit|lot|little)\b/i.test(m[1])) return [];
      return [{ value: m[1], said: m[0], rule: 'sort-named' }];
    }
    case 'maker':
      // The first word of a name in capitals that does not open the sentence ("a grey Ford Focus": Ford).
      return findTitles(line).filter((f) => f.index > 0 && !/[.!?]\s*$/.test(line.slice(0, f.index))).map((f) => ({ value: f.value.split(/\s+/)[0], said: f.said, rule: 'maker-name' }));
    case 'postcode': {
      // A postcode the line marks as the journey's other end ("to EH3 9AB" for from_postcode) is not this one.
      const leg = legOf(name);
      const found = findPostcodes(line);
      return found
        .map((f, i) => ({ f, marked: legMarkedAt(line, f.index, i ? found[i - 1].index + found[i - 1].said.length : 0) }))
        .filter(({ marked }) => !leg || !marked || marked === leg)
        .sort((a, b) => Number(b.marked === leg) - Number(a.marked === leg))
        .map(({ f, marked }) => ({ value: f.value, said: f.said, rule: leg && marked === leg ? 'postcode-journey-end' : f.rule }));
    }
    case 'house':
      return findHouseNumbers(line).map((f) => ({ value: prop.type === 'integer' || prop.type === 'number' ? parseInt(f.value, 10) : f.value, said: f.said, rule: f.rule }));
    case 'identifier':
      // The code as said, then without its separators (a pattern may want "HX5530921" or "HX-5530921").
      // Digits the caller gives as their phone ("my mobile's oh seven seven…") are no reference or code.
      return findIdentifiers(line).filter((f) => !saidAsPhone(line, f.index)).flatMap((f) => [...new Set([f.value, f.value.replace(/[\s./-]/g, '')])].map((value, i) => ({ value, said: f.said, rule: i === 0 ? f.rule : 'identifier-to-pattern' })));
    case 'number': {
      const unit = unitOf(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
      const round = (v: number) => (prop.type === 'integer' ? Math.round(v) : v);
      const durations = unit ? findDurations(line, unit).map((f) => ({ value: round(f.value), said: f.said, rule: f.rule, why: f.rule === 'duration-converted' ? `"${f.said}" counted in ${unit}s` : undefined })) : [];
      // A count said with a unit ("two weeks") is a duration, not a count of something else.
      const spans = unit ? [] : findDurations(line, 'day');
      // Numbers inside a phone, a date, a time, a postcode or a code said letter by letter count nothing.
      const busy = [...findPhones(line), ...findDates(line, today), ...findTimes(line), ...spans, ...findPostcodes(line).filter((p) => /[A-Z]/i.test(p.value)), ...findSpelledCodes(line)].map((f) => [f.index, f.index + f.said.length] as [number, number]);
      // A number before a name in capitals is a house number ("8 Larch Close"), not a count.
      const houseNumber = (f: { index: number; said: string }) => /^\d+[a-z]?$/i.test(f.said) && /^\s+[A-Z][a-z]/.test(line.slice(f.index + f.said.length));
      const plain = [...findNumbers(line, busy), ...findLargeNumberWords(line).filter((f) => !busy.some(([a, b]) => f.index >= a && f.index < b))].filter((f) => !houseNumber(f)).sort((a, b) => a.index - b.index);
      // "one of the boys uses a wheelchair": one, counted by what the clause says of it (scope-counts.ts);
      // only for a count whose thing the clause names, never alone.
      const thing = new Set(words(`${nameWords(name).join(' ')} ${prop.description ?? ''}`).filter((w) => w.length > 3).map(stem));
      const oneOf = [...line.matchAll(/\bone of (?:the|us|them|my|our|your)\b[^,.;!?]*/gi)].filter((m) => words(m[0]).slice(3).some((w) => thing.has(stem(w)))).map((m) => ({ value: 1, said: m[0].trim(), rule: 'number-one-of' }));
      return [...durations, ...plain.map((f) => ({ value: round(f.value), said: f.said, rule: f.rule })), ...oneOf];
    }
    default:
      return [];
  }
}

/** An enum value the line names (directly, stemmed, or through a synonym); only when exactly one is named. */
export function enumFromLine(values: unknown[], line: string): { value: unknown; said: string } | undefined {
  const read = readEnum(values, line, []);
  return read && 'value' in read ? { value: read.value, said: read.said } : undefined;
}

/** A search with the pattern itself, anchors dropped, for a value no other rule reads; in the sandbox, as every pattern. */
function byPattern(prop: JsonSchema, line: string, patterns: PatternReader, place: string): { value: string; said: string } | undefined {
  if (typeof prop.pattern !== 'string') return undefined;
  for (const alternative of prop.pattern.split('|')) {
    const body = alternative.replace(/^\^/, '').replace(/\$$/, '');
    if (!body) continue;
    // An alternative that is not a whole regex on its own (a `|` inside a group) is invalid: try the next.
    const found = patterns.exec(`(?<![\\w])(?:${body})(?![\\w])`, 'u', line, { pattern: prop.pattern, place });
    // A slow pattern is slow in every alternative's search: it reads nothing.
    if ('unusable' in found && found.unusable === 'slow') return undefined;
    if ('matched' in found && found.matched && accepts(prop, found.matched, patterns, place)) return { value: found.matched, said: found.matched };
  }
  return undefined;
}

/**
 * A free string that takes one of the texts a tool listed: by what it says of itself ("exactly as
 * the search gave it", "one of the times you read out"), or a required one no other rule reads.
 */
function takesListed(name: string, prop: JsonSchema, kind: Kind, toolDescription: string, required: boolean): boolean {
  if (prop.enum || !(prop.type === 'string' || prop.type === undefined)) return false;
  const said = `${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`;
  return (kind === 'none' && required) || /\b(?:offered|gave|given|listed|read out|one of|chose|chosen|exactly as)\b/i.test(said);
}

/** A parameter that takes one of the offered rows: an id, a key of the rows, or "offered" in its words. */
export function picksOffered(name: string, prop: JsonSchema, offered: Item[]): boolean {
  if (!offered.length || !(prop.type === 'string' || prop.type === 'number' || prop.type === 'integer' || prop.type === undefined)) return false;
  const hints = [...nameWords(name), ...words(prop.description ?? '')];
  // A key of the rows counts only when its values tell the rows apart (not one value all rows share).
  const tellsApart = new Set(offered.map((r) => JSON.stringify(getOwn(r, name)))).size > 1 && offered.some((r) => Object.hasOwn(r, name));
  return hints.includes('id') || tellsApart || hints.some((h) => stem(h) === stem('offered'));
}

/**
 * A row's text for an enum parameter: itself when the enum holds it, else the one value the text
 * names as a word ("afternoon (12 to 5)" is "afternoon"); none when it names none or several.
 */
function enumValueOfText(prop: JsonSchema, value: unknown): unknown {
  if (!Array.isArray(prop.enum) || prop.enum.includes(value) || typeof value !== 'string') return value;
  const named = prop.enum.filter((v) => typeof v === 'string' && new RegExp(`(?<![\\w])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'i').test(value));
  return named.length === 1 ? named[0] : value;
}

/** The caller's line as a pick's source, cut short for notes. */
const line0Said = (line: string) => (line.length > 60 ? `${line.slice(0, 57)}…` : line);

/**
 * For a parameter without a description of its own, what its tool's description says right after
 * its name ("by the room number (digits only)" says room is a number to read, not free words).
 */
function wordsAfterName(name: string, toolDescription: string): string {
  const ws = nameWords(name);
  if (!ws.length || !toolDescription) return '';
  const spelled = ws.join('[\\s_-]+');
  // "move_in: YYYY-MM-DD." — a docstring's "name: what it is" describes the parameter, to the clause's end.
  const colon = new RegExp(`\\b${spelled}\\s*:\\s*([^;]+?)(?:[.;](?:\\s|$)|$)`, 'i').exec(toolDescription);
  if (colon) return `${ws.join(' ')}: ${colon[1]}`;
  // "drop_off and pick_up are dates, YYYY-MM-DD": what a list of parameters together are.
  const together = new RegExp(`\\b(?:\\w+\\s*,\\s*)*(?:\\w+\\s+and\\s+)?${spelled}(?:\\s*,\\s*\\w+)*(?:\\s+and\\s+\\w+)?\\s+are\\s+([^;]+?)(?:[.;](?:\\s|$)|$)`, 'i').exec(toolDescription);
  if (together) return `${ws.join(' ')}: ${together[1]}`;
  const m = new RegExp(`\\b${spelled}\\b((?:[\\s(]+[\\w'’-]+\\)?){0,3})`, 'i').exec(toolDescription);
  return m ? `${ws.join(' ')}${m[1]}` : '';
}

/**
 * Free text that describes a thing (what it looks like), not the caller's problem or request: by
 * the parameter's description, or by what its tool's description says of it ("description: what
 * it looks like…").
 */
function describesAThing(name: string, prop: JsonSchema, toolDescription = ''): boolean {
  const spelled = [name, nameWords(name).join(' ')].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const clause = new RegExp(`\\b(?:${spelled.join('|')})\\b\\s*(?::|is|means)\\s*([^;.]*)`, 'i').exec(toolDescription)?.[1] ?? '';
  return /\b(?:looks? like|appearance|colour|color|what it is like)\b/i.test(`${prop.description ?? ''} ${clause}`);
}

/** The concepts a parameter's name says, its phrases too ("pick up" is collecting). */
const nameConcepts = (name: string) => new Set(callerWords(nameWords(name).join(' ')).filter((w) => !isStopWord(w)).map(conceptOfWord));

/**
 * Days of one line sorted to the parameter whose name their clause says: the clause before each
 * day, back to the day before it. A day said in another day parameter's clause is dropped.
 */
function daysByClause(name: string, others: string[], line: string, found: Candidate[]): Candidate[] {
  const mine = nameConcepts(name);
  const theirs = others.map(nameConcepts);
  let from = 0;
  const scored = found.map((c) => {
    const at = line.indexOf(c.said, from);
    const clause = at >= 0 ? line.slice(from, at) : '';
    if (at >= 0) from = at + c.said.length;
    const said = callerWords(clause).map(conceptOfWord);
    return { c, own: said.some((w) => mine.has(w)), other: theirs.some((t) => said.some((w) => t.has(w))) };
  });
  if (!scored.some((x) => x.own || x.other)) return found;
  return [...scored.filter((x) => x.own), ...scored.filter((x) => !x.own && !x.other)].map((x) => (x.own ? { ...x.c, rule: 'date-of-its-clause', why: `"${x.c.said}" is said in the clause that names ${name}` } : x.c));
}

/** A parameter that holds why: its name or description says reason, why or purpose. */
const REASON = /\b(?:reasons?|why|purpose|what (?:it|the \w+) is for)\b/i;

/** Words that add to what was said before ("as well", "too", "also"). */
const ADDING = /\b(?:as well|too|also|both|on top)\b/i;

/**
 * "…and yes, I'll see the hygienist as well" after an earlier line named the checkup: the enum
 * value that joins both ("checkup_and_hygienist"), when the line adds and an earlier line named the other.
 */
function alsoEarlier(values: unknown[], value: unknown, line: string, older: string[]): { value: string; said: string; why: string } | undefined {
  const add = ADDING.exec(line);
  if (!add || typeof value !== 'string') return undefined;
  for (const joined of values) {
    if (typeof joined !== 'string') continue;
    const parts = joined.split(/_and_|-and-|\s+and\s+/);
    if (parts.length !== 2 || !parts.includes(value)) continue;
    const other = parts.find((p) => p !== value)!;
    const earlier = older.find((l) => enumFromLine([other], l));
    if (earlier) return { value: joined, said: add[0], why: `"${add[0]}" adds ${value} to ${other}, named earlier ("${line0Said(earlier)}"): ${joined}` };
  }
  return undefined;
}

/** The agent's question right before caller line `i` (most recent first), as far as the context holds it. */
const askedLine = (ctx: FillContext, i: number) => (i === 0 ? (ctx.agentLines?.at(-1) ?? '') : '');


/**
 * An object parameter (`pet: Pet`) filled field by field, each field read as a parameter of its
 * own; written only when every required field has a value, else the fields still missing are
 * noted so that the agent asks for them one by one.
 */
function fillObject(name: string, prop: JsonSchema, ctx: FillContext, made: Made, partial: Record<string, string[]>): Filled | undefined {
  // The agent's question for the object asked for the fields its words name ("What is the pet breed?").
  const fields = Object.keys(prop.properties ?? {});
  const question = words(ctx.agentLines?.at(-1) ?? '');
  const asked = ctx.asked?.map((qs, i) => qs.flatMap((q) => (q.param !== name || (ctx.tool && q.tool !== ctx.tool.name) ? [q] : i > 0 ? [] : fields.filter((f) => nameWords(f).every((w) => question.includes(w))).map((f) => ({ ...q, param: f })))));
  // A name field with nothing of its own, in an object that is an animal or a child ("pet.name"), is
  // that one's name, not the caller's (name-parts.ts reads "she's called Nala" for it, never "I'm Ruth").
  const ofAnother = nameWords(name).some((w) => /^(?:pets?|animals?|dogs?|cats?|child(?:ren)?|baby|pupil|student|patient)$/i.test(w));
  const fieldsSaid: JsonSchema = !ofAnother ? prop : {
    ...prop,
    properties: Object.fromEntries(Object.entries(prop.properties ?? {}).map(([f, p]) => [f, p && !p.description && nameWords(f).includes('name') ? { ...p, description: `The ${nameWords(name).join(' ')}'s ${nameWords(f).join(' ')}.` } : p])),
  };
  const inner = fillArguments(fieldsSaid, { ...ctx, ...(asked ? { asked } : {}) });
  const got = Object.keys(inner.args);
  if (!got.length) return undefined;
  if (inner.missing.length) {
    setOwn(partial, name, inner.missing);
    return undefined;
  }
  const read = got.map((k) => getOwn(inner.filled, k)!);
  const f = made(inner.args, 'object-fields', read.map((x) => x.said).join(', '), read.some((x) => x.fromLatest), read.every((x) => x.specific));
  return f && { ...f, why: `each field read on its own: ${got.map((k, i) => `${k} ← "${read[i].said}" (${read[i].rule})`).join(', ')}` };
}

function fillOne(name: string, prop: JsonSchema, ctx: FillContext, ties: Record<string, unknown[]>, partial: Record<string, string[]> = {}): Filled | undefined {
  const [latest = ''] = ctx.callerLines;
  const place = `${ctx.tool?.name ?? 'the tool'}.${name}`;
  const made: Made = (value, rule, said, fromLatest, specific = true) => (accepts(prop, value, ctx.patterns, place) ? { value, rule, said, fromLatest, specific } : undefined);
  const askedAt = (i: number) => ctx.asked?.[i]?.find((q) => q.param === name && (!ctx.tool || q.tool === ctx.tool.name));
  if (picksOffered(name, prop, ctx.offered)) {
    // A bare "yes" agrees to the one row the agent's last line named ("Shall I go ahead with …?").
    const agreed = findYesNo(latest)?.value === true ? pickAgreed(ctx.agentLines?.at(-1) ?? '', ctx.offered) : undefined;
    const picked = pickOffered(latest, ctx.offered, ctx.today) ?? agreed;
    const value = picked && enumValueOfText(prop, valueOfRow(picked.row, name));
    const filled = picked && value !== undefined ? made(value, picked.rule, line0Said(latest), true) : undefined;
    if (filled) return { ...filled, why: picked!.why };
  }
  if (prop.type === 'object' && prop.properties && Object.keys(prop.properties).length) return fillObject(name, prop, ctx, made, partial);
  if (prop.type === 'boolean') {
    const described = prop.description ? prop : { ...prop, description: flagMeaningInTool(name, ctx.tool?.description ?? '') };
    return fillBoolean(name, described, ctx, askedAt, made);
  }
  if (prop.type === 'array') {
    const items = (Array.isArray(prop.items) ? prop.items[0] : prop.items) ?? {};
    if (!Array.isArray(items.enum)) return undefined;
    const hits = items.enum.filter((v) => enumFromLine([v], latest));
    return hits.length ? made(hits, 'enum-values', hits.join(', '), true) : undefined;
  }
  // A parameter with no description is read by what its tool's description says of it; a tool
  // with one parameter describes that parameter whole ("Send someone for the time asked, HH:MM").
  const only = Object.keys(ctx.parameters?.properties ?? {}).length === 1;
  const named = kindOf(name, prop.description ? prop : { ...prop, description: wordsAfterName(name, ctx.tool?.description ?? '') });
  const bare = named === 'none' && !prop.description && only ? kindOf(name, { ...prop, description: ctx.tool?.description ?? '' }) : named;
  // A free string with nothing of its own, when the tool says it takes "the caller's words".
  const kind = bare === 'none' && !prop.description && !prop.enum && (prop.type === 'string' || prop.type === undefined) && IN_WORDS.test(ctx.tool?.description ?? '') ? 'words' : bare;
  // Of a tool's description, the clause that describes this parameter ("category: "plumbing" (leaks,
  // taps)…") when it has one: the other parameters' clauses ("priority: … a leak that's being
  // contained") use words that would tell this one's values apart no longer.
  const ownClause = prop.description ? '' : wordsAfterName(name, ctx.tool?.description ?? '');
  const descriptions = [prop.description ?? '', /^[^:]*:/.test(ownClause) ? ownClause : (ctx.tool?.description ?? '')];
  const next = Array.isArray(prop.enum) ? nextEnumLine(prop.enum, descriptions, ctx.nearestOlder) : (i: number) => i + 1;
  for (let i = 0; i >= 0 && i < ctx.callerLines.length; i = next(i)) {
    const line = ctx.callerLines[i];
    if (Array.isArray(prop.enum)) {
      // An enum of clock times is the times on offer: the caller's time is read against them.
      const time = prop.enum.every((v) => typeof v === 'string' && looksLikeClock(v)) ? pickTime(line, prop.enum as string[]) : undefined;
      if (time) {
        const f = made(time.hhmm, 'pick-offered-time', time.said, i === 0);
        return f && { ...f, why: time.why };
      }
      // Values the description gives times for, picked as offered times ("the later one").
      const byTime = i === 0 ? pickEnumByTime(prop.enum, descriptions, line) : undefined;
      if (byTime) {
        const f = made(byTime.value, 'pick-enum-by-time', byTime.said, true);
        if (f) return { ...f, why: byTime.why };
      }
      const read = readEnum(prop.enum, line, descriptions);
      if (read && 'tie' in read) {
        // Two values named as strongly: only the latest line's tie is worth a question.
        if (i === 0) setOwn(ties, name, read.tie);
        if (i === 0) return undefined;
        continue;
      }
      const both = read && 'value' in read && i === 0 ? alsoEarlier(prop.enum, read.value, line, ctx.callerLines.slice(1)) : undefined;
      if (both) {
        const f = made(both.value, 'enum-both', both.said, true);
        if (f) return { ...f, why: both.why };
      }
      if (read) {
        const f = made(read.value, 'enum-value', read.said, i === 0);
        return f && { ...f, why: `${name} = ${JSON.stringify(read.value)}: the caller's line ${read.why}` };
      }
      const part = findDayPart(line);
      if (part && prop.enum.includes(part.part)) return made(part.part, 'enum-day-part', part.part, i === 0);
      continue;
    }
    // A code is read from the line that gives it: an older line's digits are a phone or a date.
    if (i > 0 && (kind === 'identifier' || kind === 'postcode') && typeof prop.pattern !== 'string') break;
    // Only a late part of day is read off the rest (inDayPart): the nearest line naming one stands for them all.
    const older = ctx.olderLatePart ? [ctx.olderLatePart(i)] : ctx.callerLines.slice(i + 1);
    const context = [...older, ctx.agentLines?.at(-1) ?? ''].join(' ');
    // A time picked from the times the agent's last line offered ("12:30, 13:00 or 14:15"), else
    // those the last tool result listed: the offered one it matches, not the same hour before noon.
    const saidTimes = findTimes(ctx.agentLines?.at(-1) ?? '').map((t) => t.hhmm);
    const offeredTimes = i === 0 && kind === 'time' && !wantsWordsAsSaid(prop, name, ctx.tool?.description) ? pickTime(line, saidTimes.length > 1 ? saidTimes : (ctx.offeredTimes ?? [])) : undefined;
    if (offeredTimes) {
      const f = made(offeredTimes.hhmm, 'pick-offered-time', offeredTimes.said, true);
      if (f) return { ...f, why: offeredTimes.why };
    }
    // One of the texts the last tool listed ("2026-12-08 14:00"), for a parameter that takes one.
    const listed = i === 0 && takesListed(name, prop, kind, ctx.tool?.description ?? '', (ctx.parameters?.required ?? []).includes(name)) ? pickListed(line, ctx.offeredValues ?? [], ctx.today) : undefined;
    if (listed) {
      const f = made(listed.value, 'pick-listed', listed.said, true);
      if (f) return { ...f, why: listed.why };
    }
    // "The eldest is nine, then six, and the littlest is four" for "Children aged 5 to 15": 2.
    const byAges = kind === 'number' && i === 0 ? countByAges(prop.description ?? '', line) : undefined;
    if (byAges) {
      const f = made(byAges.count, 'number-by-ages', byAges.said, true);
      if (f) return { ...f, why: byAges.why };
    }
    const readHere = candidates(kind, name, line, prop, ctx.today, context, ctx.tool?.description, ctx.givenAndFamily ?? true);
    // Two days in one line ("drop her off on the 23rd and collect her on the 27th"): each to the
    // parameter its clause names; a day whose clause names another day parameter is that one's.
    const dayParams = Object.entries(ctx.parameters?.properties ?? {}).filter(([p, pp]) => p !== name && pp && kindOf(p, pp.description ? pp : { ...pp, description: wordsAfterName(p, ctx.tool?.description ?? '') }) === 'date').map(([p]) => p);
    const read = kind === 'date' && readHere.length > 1 ? daysByClause(name, dayParams, line, readHere) : readHere;
    const params = Object.entries(ctx.parameters?.properties ?? {});
    const scoped = kind === 'identifier' ? scopeCodes(name, prop.description ?? '', line, read, params.map(([p]) => p)) : kind === 'number' ? scopeCounts(name, line, read, params.filter(([, p]) => p?.type === 'integer' || p?.type === 'number').map(([p, pp]) => [p, pp?.description ? pp : { ...pp, description: wordsAfterName(p, ctx.tool?.description ?? '') }] as [string, JsonSchema])) : read;
    for (const c of scoped) {
      const filled = made(c.value, c.rule, c.said, i === 0);
      if (filled) return c.why ? { ...filled, why: c.why } : filled;
    }
    const found = prop.type === 'string' || prop.type === undefined ? byPattern(prop, line, ctx.patterns, place) : undefined;
    if (found) return made(found.value, 'pattern-search', found.said, i === 0);
    // The answer to the agent's own question for a free string is the answer's content.
    // (A yes or no is never read this way: which of the turn's questions it answers is a guess.)
    const asked = askedAt(i) ?? (i === 0 ? askedByInstructions(name, ctx) : undefined);
    // A line that opens with "no" answers a yes/no question, not one for a value: it is no answer to
    // this one. ("Yes, I'm with …" still is: a yes often opens the value asked for.)
    const answersYesNo = findYesNo(line)?.value === false && !YES_NO_QUESTION.test(askedLine(ctx, i));
    const freeText = (prop.type === 'string' || prop.type === undefined) && ['none', 'words', 'sort'].includes(kind) && !prop.enum;
    // "Hendon's the closest centre": the line names the parameter and says what it is.
    const named = freeText ? namedBy(name, line) : undefined;
    if (named) {
      const f = made(named.value, 'words-named', named.said, i === 0);
      if (f) return { ...f, why: `the caller's "${named.said}" says what the ${named.word} is` };
    }
    // "Pick us up from …, and we're going to …": each end of the journey to its own parameter.
    const leg = freeText ? legOf(name) : undefined;
    const journeyEnd = leg ? placeForLeg(leg, line) : undefined;
    if (journeyEnd) {
      const f = made(journeyEnd.value, 'words-journey-end', journeyEnd.said, i === 0);
      if (f) return { ...f, why: `"${journeyEnd.said}" says where the journey ${leg === 'origin' ? 'begins' : 'goes'}, which ${name} holds` };
    }
    if (asked && !answersYesNo && freeText) {
      // Of an answer in several sentences, the one about this parameter's thing ("…, room two one
      // four? My mobile's …": the address is the first).
      const about = sentenceAbout(name, prop, line)?.said ?? beforeOtherAnswers(line);
      const content = kind === 'words' ? withoutFillers(about) : answerContent(about);
      // A question for a name ("the medicine name and strength") is answered by a name: "I'll get
      // them on Friday" says what the caller will do, not what the thing is called.
      const saysWhatTheyDo = /\bnames?\b/i.test(prop.description ?? '') && FIRST_PERSON_CLAUSE.test(content);
      // "The Tuesday afternoon one suits me better" picks an option: it is no reason or note.
      // "Thursday if you can, the afternoon's better" says when: no place, reason or note.
      const picksAnOption = CHOICE_OF_OPTIONS.test(about.trim()) || saysOnlyWhen(about, ctx.today);
      const f = content && !saysWhatTheyDo && !picksAnOption ? made(content, 'answer-to-question', content, i === 0) : undefined;
      if (f) return { ...f, why: `the caller's line answers the agent's question for ${name} (${asked.why})` };
    }
    // An address line not asked for is the street address the line gives ("Pick her up from 3
    // Orchard Close, D N four…"): the number and the street, not the postcode or what follows. (One
    // asked for is the answer, whole, above: "19 Orchard Row, flat three".)
    const street = freeText && hasWord(new Set(nameWords(name).map(stem)), ['addresses', 'streets']) ? findStreetAddresses(line)[0] : undefined;
    if (street) {
      // A parameter for the street alone ("street") holds its name; the number is the door's.
      const nameOnly = hasWord(new Set(nameWords(name).map(stem)), ['streets']) && !nameWords(name).some((w) => /^(?:address(?:es)?|line)$/i.test(w));
      const f = made(nameOnly ? street.value.replace(/^(?:(?:flat|apartment|unit)\s+\d+[a-z]?,?\s+)?\d+[a-z]?,?\s+/i, '') : street.value, street.rule, street.said, i === 0);
      if (f) return { ...f, why: `"${street.said}" is a street address: a number, a street's name and its kind` };
    }
    // A description of a thing ("what it looks like") is read from the answer to a question for it:
    // the line that opens a call ("I left my bag on the tram") names the thing, it does not describe it.
    if (kind === 'words' && describesAThing(name, prop, ctx.tool?.description) && !asked) break;
    if (kind === 'words') {
      // A reason the caller gave as a purpose ("…a follow-up to go over my blood test results"),
      // in this line or, when the latest gives none, an earlier one.
      const purpose = REASON.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) ? purposeOf(line) : undefined;
      if (purpose) {
        const f = made(purpose.said, 'words-purpose', purpose.said, i === 0, false);
        if (f) return { ...f, why: `"${purpose.said}" says why, which ${name} holds` };
      }
      if (i !== 0) {
        if (REASON.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) continue;
        return undefined;
      }
      // A line that picks an option says no reason or note of its own.
      if (CHOICE_OF_OPTIONS.test(line.trim()) || saysOnlyWhen(line, ctx.today)) continue;
      // The sentence that speaks of this parameter's own thing, when one does.
      const own = sentenceAbout(name, prop, line);
      if (own) {
        const f = made(own.said, 'words-sentence-about', own.said, true, false);
        if (f) return { ...f, why: `the caller's "${own.word}" is a word of ${name}` };
      }
      // An optional text the caller says nothing of stays empty: the line's other sentences are
      // about other things ("the dietary notes" are not the caller's name and number).
      if (!(ctx.parameters?.required ?? []).includes(name)) return undefined;
      // The sentence that means the tool, when the line has several; else the whole line.
      const said = ctx.tool?.meant ? clauseWith(line, ctx.tool.meant.said) : line.trim();
      return said ? made(said, said === line.trim() ? 'words-as-said' : 'words-clause', said, true, false) : undefined;
    }
  }
  return undefined;
}

/** The arguments every rule could fill, and the required parameters left without a value. */
export function fillArguments(parameters: JsonSchema, ctx: FillContext): FillResult {
  const args: Record<string, unknown> = {};
  const filled: Record<string, Filled> = {};
  const ties: Record<string, unknown[]> = {};
  const partial: Record<string, string[]> = {};
  const entries = Object.entries(parameters.properties ?? {});
  const parts = entries.filter(([name, prop]) => kindOf(name, prop ?? {}) === 'name').map(([name, prop]) => namePart(name, prop ?? {}));
  const inner = { ...ctx, parameters, givenAndFamily: parts.includes('given') && parts.includes('family') };
  for (const [name, prop] of entries) {
    const f = fillOne(name, prop ?? {}, inner, ties, partial);
    if (f) {
      setOwn(args, name, f.value);
      setOwn(filled, name, f);
    }
  }
  // A text copied from a line that gave other values too keeps only its own clause (copied-text.ts).
  for (const [name, prop] of entries) {
    const f = getOwn(filled, name);
    if (!f) continue;
    let narrowed = narrowedCopy(name, f, filled, (parameters.required ?? []).includes(name));
    // The sentence that meant the tool ("It's leaking.") was another value whole: the rest of the
    // line ("Every time it gets to the spin there's a puddle…") is the text, if any sentence is free.
    const line = ctx.callerLines[0] ?? '';
    const othersSaid = new Set(Object.entries(filled).filter(([other]) => other !== name).flatMap(([, o]) => words(String(o.said ?? '')).map(stem)));
    const onlyOthers = words(String(f.value)).filter((w) => !isStopWord(w)).every((w) => othersSaid.has(stem(w)));
    if (narrowed === undefined && f.rule === 'words-clause' && onlyOthers && line.trim() !== f.value) narrowed = narrowedCopy(name, { ...f, value: withoutFillers(line), said: line, rule: 'words-as-said' }, filled, (parameters.required ?? []).includes(name));
    if (narrowed === 'keep') continue;
    if (narrowed && accepts(prop ?? {}, narrowed.value, ctx.patterns, `${ctx.tool?.name ?? 'the tool'}.${name}`)) {
      setOwn(args, name, narrowed.value);
      setOwn(filled, name, { ...f, value: narrowed.value, said: narrowed.value, why: `${f.why ? `${f.why}; ` : ''}kept to the clause no other value of the line came from` });
    } else {
      delete args[name];
      delete filled[name];
    }
  }
  const missing = (parameters.required ?? []).filter((name) => !Object.hasOwn(args, name));
  return { args, filled, missing, ties, partial };
}
