// Dates and times in a caller's words, resolved against a fixed "today" so runs are deterministic.
// Each match keeps the words as said (a parameter may want them verbatim) and the rule that read it.

import { withoutDoubtedWeekdays } from './weekday-doubts';

export interface DateMatch {
  /** YYYY-MM-DD. */
  iso: string;
  /** The words as the caller said them ("next Tuesday"). */
  said: string;
  index: number;
  rule: string;
}

export interface TimeMatch {
  /** HH:MM, 24-hour. */
  hhmm: string;
  said: string;
  index: number;
  rule: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = `(${MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join('|')})\\.?`;
/** Days of the month said as words ("the tenth", "twenty-first"), the longer phrases first. */
const ORDINAL_WORDS = 'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'.split(' ');
const ORDINAL_WORD = `(?:(?:twenty|thirty)[\\s-](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|${ORDINAL_WORDS.join('|')})`;
const ORDINAL_DAY = `(\\d{1,2}(?=st|nd|rd|th|\\b)(?:st|nd|rd|th)?|${ORDINAL_WORD})`;
/** A day of the month as said: "3", "3rd", "third", "twenty-first". */
function dayOf(said: string): number {
  const w = said.toLowerCase().replace(/(?<=\d)(?:st|nd|rd|th)$/, '');
  if (/^\d+$/.test(w)) return +w;
  const [tens, unit] = w.split(/[\s-]+/);
  if (unit) return (tens === 'twenty' ? 20 : 30) + ORDINAL_WORDS.indexOf(unit) + 1;
  return w === 'thirtieth' ? 30 : ORDINAL_WORDS.indexOf(w) + 1;
}
/**
 * Days of the month said as ordinals, for a number that is a day of the month ("payment_day: Day
 * of the month, 1 to 28"): "the first of the month is best, payday's the twenty-eighth" says the
 * first, the one said "of the month"; one ordinal alone is that day; several with none said so
 * are none (the agent asks).
 */
export function daysOfMonthSaid(text: string): { value: number; said: string; rule: string }[] {
  const found = [...text.matchAll(new RegExp(`\\b(?:the\\s+)?(\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD})\\b(\\s+of\\s+(?:the|each|every)\\s+month)?`, 'gi'))]
    .map((m) => ({ value: dayOf(m[1]), said: m[0], ofMonth: Boolean(m[2]) }))
    .filter((d) => d.value >= 1 && d.value <= 31);
  const ofMonth = found.filter((d) => d.ofMonth);
  const chosen = ofMonth.length === 1 ? ofMonth : found.length === 1 ? found : [];
  return chosen.map((d) => ({ value: d.value, said: d.said, rule: 'day-of-month-said' }));
}

const TENS_WORDS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const UNIT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** A year as digits or as said ("nineteen seventy-nine", "twenty oh five"). */
const YEAR = `(\\d{4}|(?:nineteen|twenty)[\\s-]+(?:(?:${TENS_WORDS.join('|')})(?:[\\s-](?:${UNIT_WORDS.join('|')}))?|${TEENS.join('|')}|oh[\\s-](?:${UNIT_WORDS.join('|')})))`;
function yearOf(said: string): number {
  if (/^\d{4}$/.test(said)) return +said;
  const [century, ...rest] = said.toLowerCase().split(/[\s-]+/);
  const hundreds = century === 'nineteen' ? 1900 : 2000;
  const [a, b] = rest;
  if (a === 'oh') return hundreds + UNIT_WORDS.indexOf(b) + 1;
  if (TEENS.includes(a)) return hundreds + 10 + TEENS.indexOf(a);
  return hundreds + (TENS_WORDS.indexOf(a) + 2) * 10 + (b ? UNIT_WORDS.indexOf(b) + 1 : 0);
}
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Today as a UTC date; an unreadable option falls back to the real date. */
export function parseToday(today: string | undefined): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(today ?? '');
  if (m) return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** A real calendar day, or undefined ("February 30"). */
function calendarDay(year: number, month: number, day: number): Date | undefined {
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCMonth() === month && d.getUTCDate() === day ? d : undefined;
}

/** Month and day without a year: the next time it comes round, today included. */
function upcoming(today: Date, month: number, day: number, year?: number): Date | undefined {
  if (year !== undefined) return calendarDay(year < 100 ? 2000 + year : year, month, day);
  const thisYear = calendarDay(today.getUTCFullYear(), month, day);
  if (thisYear && thisYear >= today) return thisYear;
  return calendarDay(today.getUTCFullYear() + 1, month, day);
}

const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().replace('.', '').slice(0, 3)));

/** Every date the text names, in the order they appear. */
export function findDates(text: string, todayIso?: string): DateMatch[] {
  const today = parseToday(todayIso);
  const found: DateMatch[] = [];
  const taken: [number, number][] = [];
  const add = (m: RegExpExecArray, date: Date | undefined, rule: string) => {
    const end = m.index + m[0].length;
    if (!date || taken.some(([a, b]) => m.index < b && end > a)) return;
    taken.push([m.index, end]);
    found.push({ iso: isoOf(date), said: m[0].trim().replace(/^on\s+/i, ''), index: m.index, rule });
  };
  const each = (re: RegExp, fn: (m: RegExpExecArray) => void) => {
    for (const m of text.matchAll(new RegExp(re.source, 'gi'))) fn(m as RegExpExecArray);
  };
  each(/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => add(m, calendarDay(+m[1], +m[2] - 1, +m[3]), 'date-iso'));
  // The year said outright ("1988", "twenty nineteen") or from this one ("last year": a birthday).
  const yearSaid = (said: string | undefined, relative: string | undefined) =>
    said ? yearOf(said) : relative ? today.getUTCFullYear() + ({ last: -1, this: 0, next: 1 } as Record<string, number>)[relative.toLowerCase()] : undefined;
  const YEAR_SAID = `(?:,?\\s+${YEAR}|(?<![.!?]),?\\s+(last|this|next)\\s+year)?`;
  each(new RegExp(`\\b${MONTH}(?:,\\s+the\\s+|\\s+(?:the\\s+)?)${ORDINAL_DAY}${YEAR_SAID}\\b`), (m) =>
    add(m, upcoming(today, monthIndex(m[1]), dayOf(m[2]), yearSaid(m[3], m[4])), 'date-month-day'));
  each(new RegExp(`\\b(?:the\\s+)?${ORDINAL_DAY}\\s+(?:of\\s+)?${MONTH}${YEAR_SAID}\\b`), (m) =>
    add(m, upcoming(today, monthIndex(m[2]), dayOf(m[1]), yearSaid(m[3], m[4])), 'date-day-month'));
  // 12/03 is read month first, as US English writes it; a phone number's digits never have a slash.
  each(/(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/, (m) =>
    add(m, upcoming(today, +m[1] - 1, +m[2], m[3] ? +m[3] : undefined), 'date-slash'));
  // Days of the year known by name: "New Year's Eve", "Christmas Eve", "Boxing Day" (not
  // "Christmas" or "New Year" alone: "over Christmas" is a season).
  each(/\b(?:(christmas)\s+(eve|day)|(boxing)\s+day|(new\s+year['’]?s)\s+(eve|day)|(hogmanay)|(halloween)|(valentine['’]?s)\s+day|(bonfire)\s+night)\b/, (m) => {
    const [month, day] = namedDay(m[0]);
    add(m, upcoming(today, month, day), 'date-named-day');
  });
  // "a week on Saturday", "Saturday week" (British): a week after the coming Saturday; "a week today".
  each(new RegExp(`\\b(?:in\\s+)?a\\s+week\\s+(?:on\\s+)?(${WEEKDAYS.join('|')}|today|tomorrow)\\b|\\b(${WEEKDAYS.join('|')})\\s+week\\b`), (m) => {
    const word = (m[1] ?? m[2]).toLowerCase();
    const from = /^tod/.test(word) ? 0 : /^tom/.test(word) ? 1 : (WEEKDAYS.indexOf(word) - today.getUTCDay() + 7) % 7 || 7;
    add(m, addDays(today, from + 7), 'date-week-on');
  });
  each(/\b(?:the\s+)?day\s+after\s+tomorrow\b/, (m) => add(m, addDays(today, 2), 'date-relative'));
  each(/\btomorrow\b/, (m) => add(m, addDays(today, 1), 'date-relative'));
  each(/\b(?:today|tonight)\b/, (m) => add(m, today, 'date-relative'));
  // A day gone by is said of what already happened (a reading taken, a parcel missed).
  each(/\b(?:the\s+day\s+before\s+yesterday)\b/, (m) => add(m, addDays(today, -2), 'date-relative'));
  each(/\byesterday\b/, (m) => add(m, addDays(today, -1), 'date-relative'));
  // "Last night" is the evening of the day before.
  each(/\blast\s+night\b/, (m) => add(m, addDays(today, -1), 'date-relative'));
  // "Friday last week", "last week on Friday": that weekday in the calendar week before this one.
  each(new RegExp(`\\b(?:last\\s+week\\s+(?:on\\s+)?(${WEEKDAYS.join('|')})|(${WEEKDAYS.join('|')})\\s+(?:of\\s+)?last\\s+week)\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf((m[1] ?? m[2]).toLowerCase());
    const thisMonday = addDays(today, -((today.getUTCDay() + 6) % 7));
    add(m, addDays(thisMonday, -7 + ((wanted + 6) % 7)), 'date-last-week');
  });
  // "Sunday before last", "the Friday before last": a week before the last such weekday.
  each(new RegExp(`\\b(?:the\\s+)?(${WEEKDAYS.join('|')})\\s+before\\s+last\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf(m[1].toLowerCase());
    add(m, addDays(today, -((today.getUTCDay() - wanted + 7) % 7 || 7) - 7), 'date-weekday-before-last');
  });
  // "last Saturday", "Saturday just gone", "this past Saturday": the weekday before today.
  each(new RegExp(`\\b(?:(?:last|this\\s+past|on)\\s+)?(${WEEKDAYS.join('|')})\\s+(?:just\\s+gone|gone|last(?!\\s+week)|that\\s+(?:has\\s+)?just\\s+gone)\\b|\\b(?:last|this\\s+past)\\s+(${WEEKDAYS.join('|')})\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf((m[1] ?? m[2]).toLowerCase());
    add(m, addDays(today, -((today.getUTCDay() - wanted + 7) % 7 || 7)), 'date-weekday-past');
  });
  // "the Friday after next": a week on from the next Friday.
  each(new RegExp(`\\b(?:the\\s+)?(${WEEKDAYS.join('|')})\\s+after\\s+next\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf(m[1].toLowerCase());
    add(m, addDays(today, ((wanted - today.getUTCDay() + 7) % 7 || 7) + 7), 'date-weekday-after-next');
  });
  // "the week after next, on the Tuesday", "Tuesday the week after next": that weekday two calendar weeks on.
  each(new RegExp(`\\b(?:the\\s+)?week\\s+after\\s+next,?\\s+(?:on\\s+)?(?:the\\s+)?(${WEEKDAYS.join('|')})\\b|\\b(${WEEKDAYS.join('|')})\\s+(?:of\\s+)?the\\s+week\\s+after\\s+next\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf((m[1] ?? m[2]).toLowerCase());
    const nextMonday = addDays(today, (8 - today.getUTCDay()) % 7 || 7);
    add(m, addDays(nextMonday, 7 + ((wanted + 6) % 7)), 'date-week-after-next');
  });
  // "next week Thursday", "next week, on the Thursday", "Thursday next week": that weekday in the calendar week after this one.
  each(new RegExp(`\\b(?:next\\s+week,?\\s+(?:on\\s+)?(?:the\\s+)?(${WEEKDAYS.join('|')})|(${WEEKDAYS.join('|')})\\s+(?:of\\s+)?next\\s+week)\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf((m[1] ?? m[2]).toLowerCase());
    const nextMonday = addDays(today, (8 - today.getUTCDay()) % 7 || 7);
    add(m, addDays(nextMonday, (wanted + 6) % 7), 'date-next-week');
  });
  // "Have you got anything next week? The Thursday would suit us best": a weekday that opens the
  // sentence after one asking for next week is that week's. (Not after "I'm away next week.")
  each(new RegExp(`\\bnext\\s+week\\s*[?.!]\\s+(?:(?:maybe|say|ideally|how\\s+about|what\\s+about)\\s+)?(?:the\\s+)?(${WEEKDAYS.join('|')})\\b`), (m) => {
    const sentence = text.slice(Math.max(0, text.lastIndexOf('.', m.index) + 1, text.lastIndexOf('?', m.index - 1) + 1, text.lastIndexOf('!', m.index) + 1), m.index);
    if (/\b(?:not|n['’]t|away|busy|off|no|out|except)\b/i.test(sentence)) return;
    const wanted = WEEKDAYS.indexOf(m[1].toLowerCase());
    const nextMonday = addDays(today, (8 - today.getUTCDay()) % 7 || 7);
    add(m, addDays(nextMonday, (wanted + 6) % 7), 'date-next-week');
  });
  // "in 3 days", "in a week", "a week from today".
  each(/\bin\s+(a|one|two|three|four|five|six|seven|\d{1,2})\s+(days?|weeks?)\b|\ba\s+week\s+from\s+(?:today|now)\b/, (m) => {
    const n = m[1] === undefined ? 1 : /^\d+$/.test(m[1]) ? +m[1] : m[1].toLowerCase() === 'a' ? 1 : NUMBER_WORDS.indexOf(m[1].toLowerCase());
    add(m, addDays(today, m[2] === undefined || /^week/i.test(m[2]) ? 7 * n : n), 'date-in-days');
  });
  // "the 3rd", "on the 21st": that day of this month, or of the next once it has passed. Not
  // "the 2nd one" (a position in a list) and not a bare "3" (a count).
  each(new RegExp(`\\b(?:on\\s+)?the\\s+(\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD})\\b(?!\\s+(?:one|option|choice|slot|time|thing|person|place|of\\s+(?:them|those|these)))(?![\\s-]+[a-z]+(?<!\\s(?:and|at|in|if|is|please|would|works|for|then|or|suits|of|that|will|would|but|to|till|until|through|open|free|available|ok|okay|good|fine|possible|any|still|too|instead|maybe|perhaps|ideally|though|again|as))\\b)`), (m) => {
    const day = dayOf(m[1]);
    const thisMonth = calendarDay(today.getUTCFullYear(), today.getUTCMonth(), day);
    const next = calendarDay(today.getUTCFullYear(), today.getUTCMonth() + 1, day) ?? calendarDay(today.getUTCFullYear(), today.getUTCMonth() + 2, day);
    add(m, thisMonth && thisMonth >= today ? thisMonth : next, 'date-day-of-month');
  });
  each(new RegExp(`\\b(?:(next|this|on|coming)\\s+)?(${WEEKDAYS.join('|')})\\b`), (m) => {
    const wanted = WEEKDAYS.indexOf(m[2].toLowerCase());
    // A weekday is the next one after today ("Tuesday" said on a Tuesday is a week on).
    const ahead = (wanted - today.getUTCDay() + 7) % 7 || 7;
    // "Next Wednesday" said on a Tuesday is the Wednesday of next week, as British English says it:
    // "next" skips a day still in this calendar week (Monday to Sunday); "this Wednesday" is tomorrow.
    const daysLeftThisWeek = (7 - today.getUTCDay()) % 7;
    const skip = /^next$/i.test(m[1] ?? '') && ahead <= daysLeftThisWeek ? 7 : 0;
    add(m, addDays(today, ahead + skip), skip ? 'date-weekday-next-week' : 'date-weekday');
  });
  return withoutDoubtedWeekdays(agreeWeekdayAndDay(weekdayWithFullDate(found.sort((a, b) => a.index - b.index), text), today), text);
}

const FULL_DATE_RULES = new Set(['date-month-day', 'date-day-month', 'date-iso', 'date-slash', 'date-named-day']);

/**
 * A weekday said next to a whole date ("Saturday the twelfth of June next year", "June 12th, a
 * Saturday") names that date, never the coming Saturday too. When the weekday is not the date's,
 * the caller misspoke somewhere: neither is read (the agent asks).
 */
/** The month (0-based) and day of a day of the year known by name. */
function namedDay(said: string): [number, number] {
  const s = said.toLowerCase();
  if (/christmas\s+eve/.test(s)) return [11, 24];
  if (/christmas\s+day/.test(s)) return [11, 25];
  if (/boxing/.test(s)) return [11, 26];
  if (/new\s+year.*eve|hogmanay/.test(s)) return [11, 31];
  if (/new\s+year/.test(s)) return [0, 1];
  if (/halloween/.test(s)) return [9, 31];
  if (/valentine/.test(s)) return [1, 14];
  return [10, 5];
}

function weekdayWithFullDate(found: DateMatch[], text: string): DateMatch[] {
  const out = [...found];
  for (const weekday of found.filter((d) => WEEKDAY_RULES.has(d.rule))) {
    // (A match's index is where its words begin, "on" included; its said is without it.)
    const wAt = text.indexOf(weekday.said, weekday.index);
    const wEnd = wAt + weekday.said.length;
    const after = (d: DateMatch) => d.index >= wEnd && /^[\s,]*(?:the\s+)?$/i.test(text.slice(wEnd, d.index));
    const before = (d: DateMatch) => d.index + d.said.length <= wAt && /^[\s,]*(?:a|the|which\s+is\s+a|that['’]s\s+a|it['’]s\s+a)?\s*$/i.test(text.slice(d.index + d.said.length, wAt));
    const full = found.find((d) => FULL_DATE_RULES.has(d.rule) && (after(d) || before(d)));
    if (!full) continue;
    out.splice(out.indexOf(weekday), 1);
    if (parseToday(full.iso).getUTCDay() !== parseToday(weekday.iso).getUTCDay()) out.splice(out.indexOf(full), 1);
  }
  return out;
}

const DAY_OF_MONTH_RULES = new Set(['date-day-of-month']);
const WEEKDAY_RULES = new Set(['date-weekday', 'date-next-week', 'date-weekday-next-week']);
/** How far ahead a weekday and a day of the month are matched: further off, the caller more likely misspoke. */
const AGREE_MONTHS = 3;

/**
 * A weekday and a day of the month said together ("Friday the eighteenth", "next Thursday, the
 * tenth") name one day: the day of the month wins, in the first month from today where it falls on
 * that weekday. When it falls on that weekday in none of the next three months, the two disagree
 * and neither is read (the agent asks).
 */
function agreeWeekdayAndDay(found: DateMatch[], today: Date): DateMatch[] {
  const weekday = found.find((d) => WEEKDAY_RULES.has(d.rule));
  const day = found.find((d) => DAY_OF_MONTH_RULES.has(d.rule));
  if (!weekday || !day) return found;
  const wanted = parseToday(weekday.iso).getUTCDay();
  const n = +day.iso.slice(8, 10);
  let agreed: Date | undefined;
  for (let k = 0; k < AGREE_MONTHS && !agreed; k++) {
    const month = today.getUTCMonth() + k;
    const d = calendarDay(today.getUTCFullYear() + Math.floor(month / 12), month % 12, n);
    if (d && d >= today && d.getUTCDay() === wanted) agreed = d;
  }
  const rest = found.filter((d) => d !== weekday && d !== day);
  if (!agreed) return rest;
  const [first, second] = weekday.index < day.index ? [weekday, day] : [day, weekday];
  return [...rest, { iso: isoOf(agreed), said: `${first.said} … ${second.said}`, index: first.index, rule: 'date-weekday-and-day' }].sort((a, b) => a.index - b.index);
}

function clock(hour: number, minute: number, meridiem?: string): string | undefined {
  let h = hour;
  const mer = meridiem?.toLowerCase().replace(/\./g, '');
  if (mer === 'pm' && h < 12) h += 12;
  if (mer === 'am' && h === 12) h = 0;
  if (h > 23 || minute > 59) return undefined;
  return `${pad(h)}:${pad(minute)}`;
}

/** Minutes said as words after an hour ("ten thirty"); the longer phrases first so "forty-five" is not read as "forty". */
const MINUTES = '(oh[\\s-]five|(?:twenty|thirty|forty|fifty)[\\s-]five|fifteen|twenty|thirty|forty|fifty|ten)';
const MINUTE_VALUES: Record<string, number> = { oh: 0, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, five: 5 };
const minuteValue = (said: string) => said.toLowerCase().split(/[\s-]+/).reduce((sum, w) => sum + MINUTE_VALUES[w], 0);

/**
 * The hour before one said on a clock's face: "quarter to one" is 12:45, as a person says it (a
 * midnight they would call "quarter to one in the morning", whose "am" makes 12 into 0).
 */
const hourBefore = (hour: number) => (hour === 1 ? 12 : (hour + 23) % 24);
const hourWord = (w: string) => (/^\d+$/.test(w) ? +w : NUMBER_WORDS.indexOf(w.toLowerCase()));
const HOUR = `(\\d{1,2}|${NUMBER_WORDS.slice(1).join('|')})`;
const MERIDIEM = '\\s*(a\\.?m\\.?|p\\.?m\\.?)';

/** Every clock time the text names ("10am", "10:30", "half past ten", "noon"). */
export interface MonthMatch {
  /** YYYY-MM. */
  yyyymm: string;
  said: string;
  index: number;
  rule: string;
}

/**
 * A month said for a month ("from February", "March next year", "in May 2027"): the next one of
 * that name from today (this month counts), unless a year is said. A bare "may" is the verb unless
 * a word of time comes before it ("in May", "from May").
 */
export function findMonths(text: string, todayIso?: string): MonthMatch[] {
  const today = parseToday(todayIso);
  const re = new RegExp(`\\b(${MONTHS.join('|')})\\b(?:,?\\s+${YEAR}|(?<![.!?]),?\\s+(last|this|next)\\s+year)?`, 'gi');
  return [...text.matchAll(re)].flatMap((m) => {
    const month = MONTHS.indexOf(m[1].toLowerCase());
    if (month === 4 && !/\b(?:in|from|by|until|till|since|of|start|end|early|late|mid|before|after)\s+$/i.test(text.slice(0, m.index))) return [];
    const year = m[2] ? yearOf(m[2]) : m[3] ? today.getUTCFullYear() + ({ last: -1, this: 0, next: 1 } as Record<string, number>)[m[3].toLowerCase()] : today.getUTCFullYear() + (month < today.getUTCMonth() ? 1 : 0);
    return [{ yyyymm: `${year}-${pad(month + 1)}`, said: m[0], index: m.index ?? 0, rule: m[2] || m[3] ? 'month-and-year' : 'month-next' }];
  });
}

export function findTimes(text: string): TimeMatch[] {
  const found: TimeMatch[] = [];
  const taken: [number, number][] = [];
  const add = (m: RegExpExecArray, hhmm: string | undefined, rule: string) => {
    const end = m.index + m[0].length;
    if (!hhmm || taken.some(([a, b]) => m.index < b && end > a)) return;
    taken.push([m.index, end]);
    found.push({ hhmm, said: m[0].trim(), index: m.index, rule });
  };
  const each = (re: RegExp, fn: (m: RegExpExecArray) => void) => {
    for (const m of text.matchAll(new RegExp(re.source, 'gi'))) fn(m as RegExpExecArray);
  };
  each(/(?<![\d:])(\d{1,2}):(\d{2})(?:\s*(a\.?m\.?|p\.?m\.?)(?![a-z]))?(?![\d:])/, (m) => add(m, clock(+m[1], +m[2], m[3]), 'time-clock'));
  // Not the minutes of "9.15am" (read below as 09:15).
  each(new RegExp(`(?<![\\d:.])(\\d{1,2})${MERIDIEM}(?![a-z])`), (m) => add(m, clock(+m[1], 0, m[2]), 'time-am-pm'));
  each(new RegExp(`\\b(half|quarter)\\s+(past|to)\\s+${HOUR}\\b(?:${MERIDIEM}(?![a-z]))?`), (m) => {
    const hour = hourWord(m[3]);
    const minutes = m[1].toLowerCase() === 'half' ? 30 : 15;
    const past = m[2].toLowerCase() === 'past';
    add(m, past ? clock(hour, minutes, m[4]) : clock(hourBefore(hour), 60 - minutes, m[4]), 'time-words');
  });
  // "twenty to ten", "ten past six", "25 minutes past three": minutes said in words, or in digits with "minutes".
  each(new RegExp(`\\b(five|ten|twenty|twenty[\\s-]five|\\d{1,2}(?=\\s+minutes))(?:\\s+minutes)?\\s+(past|to)\\s+${HOUR}\\b(?!\\s+(?:people|of|minutes|hours|days|weeks|years))(?:${MERIDIEM}(?![a-z]))?`), (m) => {
    const minutes = /^\d/.test(m[1]) ? +m[1] : { five: 5, ten: 10, twenty: 20 }[m[1].toLowerCase() as 'five'] ?? 25;
    const hour = hourWord(m[3]);
    if (minutes < 1 || minutes > 29) return;
    add(m, m[2].toLowerCase() === 'past' ? clock(hour, minutes, m[4]) : clock(hourBefore(hour), 60 - minutes, m[4]), 'time-words');
  });
  each(new RegExp(`\\b${HOUR}\\s+o['’]?clock\\b`), (m) => add(m, clock(hourWord(m[1]), 0), 'time-words'));
  // "half ten" is half past ten, as British English says it.
  each(new RegExp(`\\bhalf\\s+${HOUR}\\b(?:${MERIDIEM}(?![a-z]))?`), (m) => add(m, clock(hourWord(m[1]), 30, m[2]), 'time-words'));
  // "ten thirty", "nine fifteen", "eleven forty-five", "two oh five".
  each(new RegExp(`\\b${HOUR}[\\s-]+${MINUTES}\\b(?:${MERIDIEM}(?![a-z]))?`), (m) => add(m, clock(hourWord(m[1]), minuteValue(m[2]), m[3]), 'time-words'));
  // "10.30" as some write a time; not inside a longer number or after a currency sign.
  each(/(?<![\d.$€£])(\d{1,2})\.([0-5]\d)(?:\s*(a\.?m\.?|p\.?m\.?)(?![a-z]))?(?![\d.]\d)/, (m) => add(m, clock(+m[1], +m[2], m[3]), 'time-clock'));
  each(/\b(noon|midday|midnight)\b/, (m) => add(m, m[1].toLowerCase() === 'midnight' ? '00:00' : '12:00', 'time-words'));
  return found.sort((a, b) => a.index - b.index);
}

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** "in the morning" and the like; with the time a parameter takes when it needs one. */
export function findDayPart(text: string): { part: DayPart; hhmm: string } | undefined {
  const m = /\b(morning|afternoon|evening)s?\b/i.exec(text);
  // "any time after lunch", "first thing", "after work": a part of the day in other words.
  const said = m ? (m[1].toLowerCase() as DayPart) : DAY_PART_PHRASES.find(([, re]) => re.test(text))?.[0];
  if (!said) return undefined;
  return { part: said, hhmm: { morning: '09:00', afternoon: '15:00', evening: '18:00' }[said] };
}

/** Parts of the day said in other words. */
const DAY_PART_PHRASES: [DayPart, RegExp][] = [
  ['morning', /\b(?:first\s+thing|before\s+lunch(?:time)?|early\s+doors)\b/i],
  ['afternoon', /\b(?:after\s+lunch(?:time)?|after\s+school|mid[\s-]?afternoon)\b/i],
  ['evening', /\b(?:after\s+work|after\s+tea(?:time)?|after\s+dinner|teatime)\b/i],
];

/** Is this text a time of day as a time parameter holds it? ("09:00", "9:00 am"). */
export const looksLikeClock = (value: string): boolean => /^\d{1,2}:\d{2}/.test(value.trim());

/**
 * The line with each clock time said in it ("quarter past seven", "half six", "10:30") blanked out:
 * its words say when, and are no evidence for anything else ("past" is no "past the shoulders").
 */
export function withoutTimes(text: string): string {
  let out = text;
  for (const t of findTimes(text)) out = out.slice(0, t.index) + ' '.repeat(t.said.length) + out.slice(t.index + t.said.length);
  return out;
}
