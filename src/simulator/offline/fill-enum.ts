// An enum parameter read from one caller line (fill.ts reads the lines most recent first): an
// offered time, a value the description gives a time for, the value the line names, the
// alternative of the question the caller says back, the one value left when the others are denied,
// a value joined to one named earlier, a part of day. Apart from fill.ts because the enum's rules
// are a reading of their own, in the order written here.
import type { JsonSchema } from '../../model';
import { setOwn } from '../../model/own';
import { findDates, findDayPart, looksLikeClock } from './dates';
import { ISO_DAY, onOfferedWeekday } from './offered';
import { negationAt } from './polarity';
import { enumByElimination, enumOutsideOthersSentences } from './enum-clauses';
import { enumByEcho } from './enum-echo';
import { enumByExperience } from './experience';
import { enumByRange } from './enum-ranges';
import { GRADED_WORSE } from './enum-word-forms';
import type { FillContext, Filled, Made } from './fill-types';
import { readEnum } from './history-memo'; // read once per line (a long call's steps stay flat)
import { pickEnumByTime, pickTime } from './pick';
import { isStopWord, nameWords, stem, words } from './words';

/** An enum value the line names (directly, stemmed, or through a synonym); only when exactly one is named. */
export function enumFromLine(values: unknown[], line: string): { value: unknown; said: string } | undefined {
  const read = readEnum(values, line, []);
  return read && 'value' in read ? { value: read.value, said: read.said } : undefined;
}

/** The caller's line as a pick's source, cut short for notes. */
export const line0Said = (line: string) => (line.length > 60 ? `${line.slice(0, 57)}…` : line);

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

/** What the enum's rules decided for one line: a value (`done`, or `done: undefined` to stop reading), or read the line before it (`readOn`). */
export type EnumStep = { done: Filled | undefined } | { readOn: true };

const READ_ON = { readOn: true } as const;

/** The enum parameter `name` read from caller line `i` (0: the latest). `ties` gathers the latest line's two values named as strongly. */
export function fillEnumFromLine(name: string, prop: JsonSchema, ctx: FillContext, i: number, descriptions: string[], made: Made, ties: Record<string, unknown[]>): EnumStep {
  const values = prop.enum as unknown[];
  const line = ctx.callerLines[i];
  // An enum of clock times is the times on offer: the caller's time is read against them.
  const time = values.every((v) => typeof v === 'string' && looksLikeClock(v)) ? pickTime(line, values as string[]) : undefined;
  if (time) {
    const f = made(time.hhmm, 'pick-offered-time', time.said, i === 0);
    return { done: f && { ...f, why: time.why } };
  }
  // An enum of days ("2026-12-05" | "2026-12-13"): "the Sunday's better" is the one Sunday among them.
  const day = values.length > 1 && values.every((v) => typeof v === 'string' && ISO_DAY.test(v)) ? pickEnumDay(values as string[], line, ctx.today) : undefined;
  if (day) {
    const f = made(day.value, 'pick-offered-day', day.said, i === 0);
    return { done: f && { ...f, why: `"${day.said}" is ${day.value}, the one of the days offered (${values.join(', ')})` } };
  }
  // Values the description gives times for, picked as offered times ("the later one").
  const byTime = i === 0 ? pickEnumByTime(values, descriptions, line) : undefined;
  if (byTime) {
    const f = made(byTime.value, 'pick-enum-by-time', byTime.said, true);
    if (f) return { done: { ...f, why: byTime.why } };
  }
  // "Five to seven works" for today_2_to_4 | today_5_to_7: a window by its two ends (enum-ranges.ts).
  const span = enumByRange(values, line);
  if (span) {
    const f = made(span.value, 'enum-window', span.said, i === 0);
    if (f) return { done: { ...f, why: `"${span.said}" names the two ends of ${span.value}` } };
  }
  const read = readEnum(values, line, descriptions);
  // "None of us have ever done one" for "first_timers" | "some" | "veterans" (experience.ts).
  const level = !read ? enumByExperience(values, line, descriptions) : undefined;
  if (level) {
    const f = made(level.value, 'enum-experience', level.said, i === 0);
    if (f) return { done: { ...f, why: level.why } };
  }
  const question = ctx.askedInParallel ? (ctx.instructions ?? '') : (ctx.agentLines?.at(-1) ?? '');
  // "Can you come to me?", to "… a mobile tech to come to you or to bring it to the shop?": the
  // alternative the caller says back names the value (enum-echo.ts).
  const echoed = i === 0 && !read ? enumByEcho(values, line, question) : undefined;
  if (echoed) {
    const f = made(echoed.value, 'enum-echo', echoed.said, true);
    if (f) return { done: { ...f, why: echoed.why } };
  }
  // "Outside you can't smell a thing", to "Is it outside too?": every value but one ruled out
  // (the values that name "outside" tie, or none is named).
  const left = i === 0 && (!read || 'tie' in read) ? enumByElimination(values, line, question) : undefined;
  if (left) {
    const f = made(left.value, 'enum-by-elimination', left.said, true);
    if (f) return { done: { ...f, why: left.why } };
  }
  // "Yeah, the Christmas one. … bring the dog?": of two values named, the one said as the choice
  // ("the X one") is the one chosen.
  const chosen = read && 'tie' in read ? namedAsTheOne(values, line, descriptions) : undefined;
  if (chosen) {
    const f = made(chosen.value, 'enum-the-one', chosen.said, i === 0);
    if (f) return { done: { ...f, why: `"${chosen.said}" names ${String(chosen.value)} as the one chosen` } };
  }
  if (read && 'tie' in read) {
    // "We've got a drive … The fuse box is in the garage": a value said of another parameter's thing is not this one's.
    const bySentence = i === 0 ? enumOutsideOthersSentences(name, prop, line, descriptions, ctx.parameters?.properties ?? {}) : undefined;
    if (bySentence) {
      const f = made(bySentence.value, 'enum-outside-others-sentences', bySentence.said, true);
      if (f) return { done: { ...f, why: bySentence.why } };
    }
    // Two values named as strongly: only the latest line's tie is worth a question.
    if (i === 0) setOwn(ties, name, read.tie);
    if (i === 0) return { done: undefined };
    return READ_ON;
  }
  const both = read && 'value' in read && i === 0 ? alsoEarlier(values, read.value, line, ctx.callerLines.slice(1)) : undefined;
  if (both) {
    const f = made(both.value, 'enum-both', both.said, true);
    if (f) return { done: { ...f, why: both.why } };
  }
  if (read) {
    const f = made(read.value, 'enum-value', read.said, i === 0);
    return { done: f && { ...f, why: `${name} = ${JSON.stringify(read.value)}: the caller's line ${read.why}` } };
  }
  const part = findDayPart(line);
  if (part && values.includes(part.part)) return { done: made(part.part, 'enum-day-part', part.part, i === 0) };
  return READ_ON;
}

/** "the Christmas one", "the hot one": a choice said as "the … one". */
const THE_ONE = /\b(?:the|that)\s+((?:[\w'’-]+\s+){1,3})one\b/gi;

/** Of the values, the one named inside a "the … one" phrase, when exactly one is. */
/** A comparison in "the bigger … one": by size, or by anything else. */
const COMPARED = /\b(bigger|biggest|larger|largest|smaller|smallest|cheaper|cheapest|dearer|pricier|more\s+expensive|longer|shorter|newer|older|better|faster|slower)\b/i;

function namedAsTheOne(values: unknown[], line: string, descriptions: string[]): { value: unknown; said: string } | undefined {
  for (const m of line.matchAll(THE_ONE)) {
    // ("It's both, really, but the right one's the worst": the one said to be worse is described,
    // not chosen.)
    if (GRADED_WORSE.test(line.slice((m.index ?? 0) + m[0].length))) continue;
    // "the bigger salt one" among salt_32k, salt_48k and salt_free: a size said picks by the
    // numbers of the values its thing names, and no value without one; any other comparison
    // ("the cheaper one") is no pick the rules can make.
    const compared = COMPARED.exec(m[0]);
    if (compared) {
      const thing = m[0].replace(COMPARED, ' ');
      const thingWords = new Set(words(thing).filter((w) => !isStopWord(w) && w !== 'one').map(stem));
      const sized = values.filter((v) => /\d/.test(String(v)) && nameWords(String(v)).some((w) => thingWords.has(stem(w))));
      const size = (v: unknown) => Number(/\d+(?:\.\d+)?/.exec(String(v))?.[0]);
      if (sized.length < 2 || !/^(?:big|large|small)/i.test(compared[1])) return undefined;
      const pick = sized.reduce((a, b) => ((/^small/i.test(compared[1]) ? size(b) < size(a) : size(b) > size(a)) ? b : a));
      return { value: pick, said: m[0] };
    }
    const named = values.filter((v) => readEnum([v], m[0], descriptions));
    if (named.length === 1) return { value: named[0], said: m[0] };
  }
  return undefined;
}


/** The one day of an enum of days the line names: by its date, or by its weekday among them. */
function pickEnumDay(days: string[], line: string, today?: string): { value: string; said: string } | undefined {
  const named = new Map<string, string>();
  for (const d of findDates(line, today)) {
    if (negationAt(line, d.index) !== undefined) continue;
    const value = days.includes(d.iso) ? d.iso : onOfferedWeekday({ value: d.iso, said: d.said, rule: d.rule }, days).value;
    if (typeof value === 'string' && days.includes(value)) named.set(value, d.said);
  }
  return named.size === 1 ? { value: [...named.keys()][0], said: [...named.values()][0] } : undefined;
}
