// Picking one of the rows the agent offered from how the caller refers to it: by position ("the
// second one", "the last"), by a time or date it holds ("the 10:30 one"), or by a word it holds.
import { findDates, findDayPart, findTimes } from './dates';
import type { Item } from './reading';
import { withoutDenied } from './polarity';
import { contentStems, stem } from './words';

export interface Picked {
  row: Item;
  rule: string;
  why: string;
  /** The caller's words that picked it ("the Saturday one", "right"), for the trace and for the text rules. */
  said?: string;
}

/**
 * A position said as a choice: "the second one", "that last slot", "the earlier". The article makes
 * it a pick ("when was it last done", "I'll ring later" pick nothing), and what follows must not
 * make it another thing ("the first of March" is a date, "the last time I came" a time gone by).
 */
const ordinal = (words: string) => new RegExp(`\\b(?:the|that|your)\\s+(?:very\\s+)?(?:${words})\\b(?!\\s+(?:of|time|times|week|weekend|month|year|night|thing|bit|person|place|few|couple)\\b)`, 'i');
const ORDINALS: [RegExp, (n: number) => number][] = [
  [ordinal('first|1st|earliest|earlier'), () => 0],
  [ordinal('second|2nd'), () => 1],
  [ordinal('third|3rd'), () => 2],
  [ordinal('fourth|4th'), () => 3],
  [ordinal('fifth|5th'), () => 4],
  [ordinal('last|latest|later'), (n) => n - 1],
];

/** A choice by position said outright: "I'll take the later one", "go for the first". */
const CHOSEN_BY_POSITION = /\b(?:take|have|go for|book|want|prefer|do|choose|pick)\s+the\s+(first|second|third|last|earliest|earlier|latest|later)(?:\s+one)?\b/i;

const textValues = (row: Item): string[] => Object.values(row).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);

const rowTimes = (row: Item): string[] => textValues(row).flatMap((v) => findTimes(v).map((t) => t.hhmm));

/** "four o'clock" said without am or pm is 04:00 or 16:00; a row's time settles which. */
function sameTime(hhmm: string, said: string, rowTime: string): boolean {
  if (hhmm === rowTime) return true;
  const h = +hhmm.slice(0, 2);
  return h >= 1 && h < 12 && !/[ap]\.?m\b|noon|midnight/i.test(said) && `${String(h + 12).padStart(2, '0')}${hhmm.slice(2)}` === rowTime;
}

export const HOUR_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** An hour said alone as a choice: "at 9", "the nine one", "9ish", "around ten". */
function bareHour(line: string): { value: number; said: string } | undefined {
  const n = `(\\d{1,2}|${HOUR_WORDS.join('|')})`;
  const m = new RegExp(`\\b(?:at|around|about|the)\\s+${n}\\b(?!\\s*(?::|\\.\\d|people|of|guests|persons|days|weeks))|\\b${n}(?:\\s*ish|\\s+one)\\b`, 'i').exec(line);
  if (!m) return undefined;
  const word = (m[1] ?? m[2]).toLowerCase();
  const value = /^\d+$/.test(word) ? +word : HOUR_WORDS.indexOf(word) + 1;
  return value >= 1 && value <= 23 ? { value, said: m[0] } : undefined;
}

const partOf = (hhmm: string) => {
  const h = +hhmm.slice(0, 2);
  return h < 12 ? 'morning' : h < 17 ? 'afternoon' : 'evening';
};

/**
 * The row the agent's line named on its own ("Shall I go ahead with Thursday 10:30 (Dr. Ruiz)?"):
 * the one row whose every value but its id is in the line. Two rows named ("… or …") is no pick.
 */
export function pickAgreed(agentLine: string, rows: Item[]): Picked | undefined {
  const line = agentLine.toLowerCase();
  const named = rows.filter((row) => {
    const values = Object.entries(row).filter(([k]) => !/(^|_)id$|Id$/.test(k)).map(([, v]) => v).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    return values.length > 0 && values.every((v) => line.includes(String(v).toLowerCase()));
  });
  return named.length === 1 ? { row: named[0], rule: 'pick-agreed', why: 'the caller said yes to the one offered row the agent named' } : undefined;
}

/** The one row the caller's line points at, or undefined when it points at none or at several. */
export function pickOffered(heard: string, rows: Item[], todayIso?: string): Picked | undefined {
  if (rows.length === 0) return undefined;
  // An option the caller turns down ("Not the Thursday") is no pick.
  const line = withoutDenied(heard);
  for (const [re, index] of ORDINALS) {
    const m = re.exec(line);
    const i = m ? index(rows.length) : -1;
    if (m && rows[i]) return { row: rows[i], rule: 'pick-by-position', said: m[0], why: `"${m[0]}" is row ${i + 1} of the ${rows.length} offered` };
  }
  for (const time of findTimes(line)) {
    const hits = rows.filter((row) => rowTimes(row).some((t) => sameTime(time.hhmm, time.said, t)));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-time', said: time.said, why: `"${time.said}" is the time of only one offered row` };
  }
  const hour = bareHour(line);
  if (hour) {
    const hits = rows.filter((row) => rowTimes(row).some((t) => t.endsWith(':00') && (+t.slice(0, 2) === hour.value || +t.slice(0, 2) === hour.value + 12)));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-hour', said: hour.said, why: `"${hour.said}" is the hour of only one offered row` };
  }
  const part = findDayPart(line);
  if (part) {
    const hits = rows.filter((row) => rowTimes(row).some((t) => partOf(t) === part.part));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-day-part', said: part.part, why: `only one offered row is in the ${part.part}` };
  }
  for (const date of findDates(line, todayIso)) {
    const hits = rows.filter((row) => textValues(row).some((v) => v.toLowerCase().includes(date.said.toLowerCase()) || findDates(v, todayIso).some((d) => d.iso === date.iso)));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-date', said: date.said, why: `"${date.said}" is the day of only one offered row` };
  }
  const said = new Set(contentStems(line));
  const scored = rows.map((row) => ({ row, hits: textValues(row).flatMap((v) => contentStems(v)).filter((w) => said.has(w)) }));
  const best = Math.max(...scored.map((s) => new Set(s.hits).size));
  const top = scored.filter((s) => new Set(s.hits).size === best);
  if (best > 0 && top.length === 1) return { row: top[0].row, rule: 'pick-by-words', said: top[0].hits[0], why: `"${top[0].hits[0]}" is said and only one offered row holds it` };
  if (rows.length === 1 && /\b(?:yes|yeah|sure|ok|okay|that one|it)\b/i.test(line)) return { row: rows[0], rule: 'pick-only-row', why: 'only one row was offered and the caller said yes to it' };
  return undefined;
}

/**
 * One of the clock times the agent just offered (an enum of times, or the times of its last line),
 * as the caller picks it: by a time it matches ("the one o'clock" is 13:00 when 13:00 was offered
 * and 01:00 was not), by an hour alone ("the three one"), or by position ("the later one", "the
 * second"). Undefined when the line points at none of them, or at several.
 */
export function pickTime(heard: string, offered: string[]): { hhmm: string; said: string; why: string } | undefined {
  const times = [...new Set(offered.filter((t) => /^\d{2}:\d{2}$/.test(t)))];
  if (times.length < 2) return undefined;
  const line = withoutDenied(heard);
  // "Quarter past five's a bit tight for me. I'll take the later one": the choice said outright wins
  // over a time named in passing.
  const chosen = CHOSEN_BY_POSITION.exec(line);
  if (chosen) {
    const at = ORDINALS.find(([re]) => re.test(`the ${chosen[1]}`));
    const picked = at ? times[at[1](times.length)] : undefined;
    if (picked) return { hhmm: picked, said: chosen[0], why: `"${chosen[0]}" is ${picked} of the times offered (${times.join(', ')})` };
  }
  for (const time of findTimes(line)) {
    const hits = times.filter((t) => sameTime(time.hhmm, time.said, t));
    if (hits.length === 1) return { hhmm: hits[0], said: time.said, why: `"${time.said}" matches only ${hits[0]} of the times offered (${times.join(', ')})` };
  }
  const hour = bareHour(line);
  if (hour) {
    const hits = times.filter((t) => t.endsWith(':00') && (+t.slice(0, 2) === hour.value || +t.slice(0, 2) === hour.value + 12));
    if (hits.length === 1) return { hhmm: hits[0], said: hour.said, why: `"${hour.said}" is the hour of only ${hits[0]} of the times offered (${times.join(', ')})` };
  }
  if (findTimes(line).length) return undefined;
  for (const [re, index] of ORDINALS) {
    const m = re.exec(line);
    const picked = m ? times[index(times.length)] : undefined;
    if (m && picked) return { hhmm: picked, said: m[0], why: `"${m[0]}" is ${picked}, time ${index(times.length) + 1} of the ${times.length} offered (${times.join(', ')})` };
  }
  // "The afternoon one": the one time offered in that part of the day; "the early afternoon one"
  // the first of several there, "late morning" the last.
  const part = findDayPart(line);
  if (part) {
    const inPart = times.filter((t) => partOf(t) === part.part).sort();
    const edge = new RegExp(`\\b(early|late)\\s+(?:in\\s+the\\s+)?${part.part}`, 'i').exec(line)?.[1]?.toLowerCase();
    const picked = inPart.length === 1 ? inPart[0] : inPart.length > 1 && edge ? (edge === 'early' ? inPart[0] : inPart[inPart.length - 1]) : undefined;
    if (picked) return { hhmm: picked, said: edge ? `${edge} ${part.part}` : part.part, why: `${picked} is ${inPart.length === 1 ? 'the only time' : `the ${edge === 'early' ? 'earliest' : 'latest'} of the times`} offered in the ${part.part} (${times.join(', ')})` };
  }
  return undefined;
}

/** The value of a picked row a parameter wants: the field of its own name, else the row's id. */
export function valueOfRow(row: Item, param: string): unknown {
  if (Object.hasOwn(row, param)) return row[param];
  const idKey = Object.keys(row).find((k) => /(^|_)id$|Id$/.test(k) || k === 'id');
  if (idKey) return row[idKey];
  const paramStem = stem(param);
  const near = Object.keys(row).find((k) => stem(k) === paramStem);
  return near ? row[near] : undefined;
}

export const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

/**
 * One of the texts a tool listed ("2026-12-08 14:00"), as the caller picks it: by the day and time
 * it holds ("Tuesday at two o'clock" is the one Tuesday 14:00 listed; a weekday is met by any date
 * on that weekday), or by position ("the first one"). Undefined when the line fits none or several.
 */
export function pickListed(heard: string, values: string[], todayIso?: string): { value: string; said: string; why: string } | undefined {
  if (values.length < 2) return undefined;
  const line = withoutDenied(heard);
  const days = findDates(line, todayIso);
  const times = findTimes(line);
  const hour = times.length ? undefined : bareHour(line);
  if (!days.length && !times.length && !hour) {
    for (const [re, index] of ORDINALS) {
      const m = re.exec(line);
      const picked = m ? values[index(values.length)] : undefined;
      if (m && picked !== undefined) return { value: picked, said: m[0], why: `"${m[0]}" is "${picked}", ${index(values.length) + 1} of the ${values.length} listed` };
    }
    return undefined;
  }
  let hits = values;
  for (const day of days) {
    const byWeekday = day.rule === 'date-weekday';
    hits = hits.filter((v) => findDates(v, todayIso).some((d) => (byWeekday ? weekday(d.iso) === weekday(day.iso) : d.iso === day.iso)));
  }
  for (const time of times) hits = hits.filter((v) => findTimes(v).some((t) => sameTime(time.hhmm, time.said, t.hhmm)));
  if (hour) hits = hits.filter((v) => findTimes(v).some((t) => t.hhmm.endsWith(':00') && (+t.hhmm.slice(0, 2) === hour.value || +t.hhmm.slice(0, 2) === hour.value + 12)));
  if (hits.length !== 1) return undefined;
  const said = [...days.map((d) => d.said), ...times.map((t) => t.said), ...(hour ? [hour.said] : [])].join(' ');
  return { value: hits[0], said, why: `"${said}" fits only "${hits[0]}" of the ${values.length} listed` };
}

/**
 * An enum whose values the description gives times for ("thursday_afternoon is Thursday at 2pm;
 * thursday_evening is the same day at 5.30pm"), picked as an offered time: "the later one", "the
 * 2pm one", "half five". Each value's time is the first said between its name and the next name.
 */
export function pickEnumByTime(values: unknown[], descriptions: string[], line: string): { value: string; said: string; why: string } | undefined {
  const names = values.filter((v): v is string => typeof v === 'string');
  const text = descriptions.join(' ');
  const lower = text.toLowerCase();
  const at = names.map((v) => ({ v, i: lower.indexOf(v.toLowerCase()) })).sort((a, b) => a.i - b.i);
  if (names.length < 2 || at.some((x) => x.i < 0)) return undefined;
  const timed = at.map((x, k) => ({ value: x.v, hhmm: findTimes(text.slice(x.i + x.v.length, at[k + 1]?.i ?? text.length).split(';')[0])[0]?.hhmm }));
  if (timed.some((t) => t.hhmm === undefined) || new Set(timed.map((t) => t.hhmm)).size !== timed.length) return undefined;
  const inOrder = [...timed].sort((a, b) => a.hhmm!.localeCompare(b.hhmm!));
  const time = pickTime(line, inOrder.map((t) => t.hhmm!));
  const picked = time && inOrder.find((t) => t.hhmm === time.hhmm);
  return picked ? { value: picked.value, said: time.said, why: `${time.why}: ${picked.value} is the one at ${picked.hhmm}` } : undefined;
}
