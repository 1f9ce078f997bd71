// Values that are read by their shape rather than by a word before them: identifiers (letters
// and digits, "AB-1234567"), postcodes ("M1 1AE", "90210"), durations with a unit ("two weeks")
// and numbers said in words past twelve ("twenty-five"). Each finder is a small general rule.
import type { Found } from './found';
import { DIGIT_TOKEN, findSpelledCodes, spokenDigits } from './spoken';

/**
 * A run of letters and digits with at least one digit and four characters, maybe joined by dashes,
 * slashes or dots ("AB12345", "XY-55-301", "0042/77"). A word of letters alone is no identifier,
 * and neither is a clock time or a price (they carry ":" or a currency sign).
 */
const IDENTIFIER = /(?<![\w$€£:@.-])(?=[A-Za-z0-9./-]*\d)[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*(?![\w:@]|[-/.]\w)/g;

/** UK postcodes ("M1 1AE", "SW1A 1AA") and US ZIP codes ("90210", "90210-1234"). */
const POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{5}(?:-\d{4})?)\b/gi;

const WHOLE_POSTCODE = new RegExp(`^(?:${POSTCODE.source})$`, 'i');

/** Postcodes as written, and spelled out ("C F fourteen, three R W" → "CF14 3RW"). */
export function findPostcodes(text: string): Found[] {
  const written = [...text.matchAll(POSTCODE)].map((m) => ({ value: m[0].toUpperCase().replace(/\s+/g, ' '), said: m[0], index: m.index ?? 0, rule: 'postcode-shape' }));
  const spelled = findSpelledCodes(text).flatMap((f) => {
    const compact = f.value.replace(/\s/g, '');
    if (!WHOLE_POSTCODE.test(compact)) return [];
    // The inward code is always a digit and two letters: the space goes before it however it was said.
    return [{ ...f, value: `${compact.slice(0, -3)} ${compact.slice(-3)}`, rule: 'postcode-spelled' }];
  });
  return [...written, ...spelled].sort((a, b) => a.index - b.index);
}

/**
 * The number on a door: after "number" or "no." ("number 14"), or before a name in capitals that
 * goes on to a street ("14 Fenwick Road", "3b Elm Grove"); never part of a postcode.
 */
export function findHouseNumbers(text: string): Found[] {
  const postcodes = findPostcodes(text).map((p) => [p.index, p.index + p.said.length]);
  const outside = (at: number) => !postcodes.some(([a, b]) => at >= a && at < b);
  const out: Found[] = [];
  for (const m of text.matchAll(/\b(?:number|no\.?)\s+(\d{1,4}[a-z]?)\b/gi)) if (outside(m.index)) out.push({ value: m[1], said: m[0], index: m.index, rule: 'house-number-said' });
  // "number twenty-seven": a number said as words after "number", not the start of a longer run of
  // digits (a phone or a reference said aloud).
  const said = new RegExp(`\\bnumber\\s+(${NUMBER_WORD})(?![\\w-])(?![\\s,.-]+${DIGIT_TOKEN}\\b)`, 'gi');
  for (const m of text.matchAll(said)) {
    const value = numberWordValue(m[1]);
    if (value !== undefined && value >= 1 && Number.isInteger(value) && outside(m.index) && !/^(?:a|an|a few|a couple of|half an?)$/i.test(m[1])) out.push({ value: String(value), said: m[0], index: m.index, rule: 'house-number-said' });
  }
  for (const m of text.matchAll(/(?<![\w.,:-])(\d{1,4}[a-z]?),?\s+[A-Z][a-z]+/g)) if (outside(m.index) && !out.some((f) => f.value === m[1])) out.push({ value: m[1], said: m[1], index: m.index, rule: 'house-number-before-street' });
  // "forty-two Cranmer Street": a number said as words before a street.
  for (const f of findStreetAddresses(text)) {
    const door = /^(\d{1,4}[a-z]?)\s/.exec(f.value)?.[1];
    if (door && !/^\d/.test(f.said) && outside(f.index) && !out.some((o) => o.value === door)) out.push({ value: door, said: f.said.split(/,?\s+[A-Z]/)[0], index: f.index, rule: 'house-number-before-street' });
  }
  return out;
}

const STREET_KINDS = 'Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Close|Drive|Dr|Way|Crescent|Gardens|Place|Court|Grove|Terrace|Row|Square|Mews|View|Rise|Walk|Green|Boulevard|Blvd|Parade|Hill|Park';
/** A door's number as digits or said as words up to ninety-nine ("forty-two"). */
const DOOR = `(?:\\d{1,4}[a-z]?|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
const STREET_ADDRESS = new RegExp(`(?<![\\w.,:-])(?:(?:flat|apartment|unit)\\s+${DOOR},?\\s+)?(${DOOR}),?\\s+((?:[A-Z][a-z'’]+\\s+){1,3}(?:${STREET_KINDS}))\\b`, 'gi');

/**
 * A street address as written or said: a number, a name in capitals, a kind of street ("3 Orchard
 * Close", "14b Fenwick Road", "forty-two Cranmer Street" → "42 Cranmer Street").
 */
export function findStreetAddresses(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(STREET_ADDRESS)) {
    // The street's name keeps its capitals (the search is case-blind only for the number words).
    if (!/^[A-Z]/.test(m[2])) continue;
    const door = /^\d/.test(m[1]) ? m[1] : String(numberWordValue(m[1]) ?? m[1]);
    out.push({ value: m[0].replace(m[1], door).replace(/\s+/g, ' '), said: m[0], index: m.index ?? 0, rule: 'street-address' });
  }
  return out;
}

/**
 * A code read out in groups ("FP 0048213", "7730 1184 2291", "QQ 12 34 56 C", "AB12 CDE"): capital
 * letters and digits, a group of letters and digits together included.
 */
const GROUPED = /(?<![\w-])(?:[A-Z]{1,5}|\d{1,8}|[A-Z]{1,3}\d{1,4}[A-Z]{0,3})(?:[ -](?:[A-Z]{1,5}|\d{1,8}|[A-Z]{1,3}\d{1,4}[A-Z]{0,3}))+(?![\w-])/g;

/**
 * A code said as words: capital letters said one by one, then four or more digits as words
 * ("P X four one two two, zero nine eight seven"), the groups maybe parted by commas.
 */
const SPOKEN_CODE = new RegExp(`(?<![\\w])((?:[A-Z][\\s.]+){0,3})(${DIGIT_TOKEN}(?:[\\s,.-]+${DIGIT_TOKEN}){3,15})\\b`, 'gi');

/** The capitals said one by one right before a code's digits (case-sensitive, unlike SPOKEN_CODE). */
const SPELLED_LETTERS = /(?:(?<![\w'’])[A-Z][\s.]+)*$/;

/** Codes said as words: the letters as said, the digit words as digits. */
export function findSpokenCodes(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(SPOKEN_CODE)) {
    // Only capitals said alone are letters of the code ("P X"), not a word like "a" or the "s" of
    // "reference's": the capitals nearest the digits.
    const spelled = SPELLED_LETTERS.exec(m[1])?.[0] ?? '';
    const letters = spelled.replace(/[\s.]/g, '');
    const said = letters ? m[0].slice(m[0].length - m[2].length - spelled.length) : m[2];
    const digits = spokenDigits(m[2]);
    out.push({ value: letters + digits, said, index: (m.index ?? 0) + m[0].length - said.length, rule: 'identifier-spoken' });
  }
  return out;
}

/**
 * Codes of digits said one by one that stand alone: not the tail of a longer code spelled with
 * letters ("The plate is R, W, K, five, three, one, eight" holds no four-digit code 5318).
 */
export function findSpokenCodesAlone(text: string): Found[] {
  const spelled = findSpelledCodes(text).filter((f) => /[A-Z]/.test(f.value));
  return findSpokenCodes(text).filter((c) => !spelled.some((f) => f.index <= c.index && c.index + c.said.length <= f.index + f.said.length && f.said.length > c.said.length));
}

/** Identifiers, longest first: the one a caller reads out is usually the longest code in the line. */
export function findIdentifiers(text: string): Found[] {
  const out: Found[] = findSpokenCodes(text);
  // A code spelled with letters among its numbers ("K L sixty-eight, F W D"), unless it is one read above.
  // (A spelled code that only repeats a spoken one adds nothing; one with letters before it, "B W,
  // six one oh four…", is longer, and comes first.)
  const covered = (f: Found) => out.some((o) => o.index <= f.index && f.index + f.said.length <= o.index + o.said.length);
  out.push(...findSpelledCodes(text).filter((f) => !covered(f)));
  for (const m of text.matchAll(GROUPED)) {
    // Trim leading words of capitals that are no part of the code ("I", "A"): a code starts at a digit or a pair.
    const said = m[0].replace(/^(?:(?:I|A)\s+)+/, '').replace(/(?:\s+(?:I|A))+$/, '');
    const compact = said.replace(/[ -]/g, '');
    // Joined by dashes it is written that way ("ZP-0091234"); read out in spaced groups it is one run.
    // Letters and digits both ("SH 482") make a code from five; digits alone from six.
    const long = compact.length >= 6 || (compact.length === 5 && /[A-Z]/.test(compact));
    if (/\d/.test(compact) && long && /\s/.test(said)) out.push({ value: compact, said, index: (m.index ?? 0) + m[0].length - said.length, rule: 'identifier-in-groups' });
  }
  for (const m of text.matchAll(IDENTIFIER)) {
    const said = m[0];
    const compact = said.replace(/[-/.]/g, '');
    // A plain count ("2", "15") or an ordinal ("3rd") is not a code; a long run of digits is.
    if (out.some((f) => f.rule === 'identifier-in-groups' && f.said.includes(said))) continue;
    if (compact.length < 3 || /^\d+(?:st|nd|rd|th|am|pm)$/i.test(said)) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(said)) continue; // a date, which the date rules read
    // Digits grouped by spaces ("0161 496 0000") are a phone number said in groups, not a code.
    const at = m.index ?? 0;
    if (/^\d+$/.test(said) && (/\d[\s()]+$/.test(text.slice(0, at)) || /^[\s()]+\d/.test(text.slice(at + said.length)))) continue;
    out.push({ value: /[a-z]/.test(said) && /[A-Z]/.test(said) ? said : said.toUpperCase(), said, index: m.index ?? 0, rule: 'identifier-shape' });
  }
  return out.sort((a, b) => b.said.length - a.said.length || a.index - b.index);
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const NUMBER_WORD = `(?:(?:${TENS.slice(2).join('|')})(?:[\\s-](?:${UNITS.slice(1, 10).join('|')}))?|${UNITS.join('|')}|a couple of|a|an|a few|half an?)`;

/** "twenty-five" → 25, "a couple of" → 2; undefined for words that are no number. */
export function numberWordValue(said: string): number | undefined {
  const w = said.toLowerCase().trim();
  if (/^\d+(?:\.\d+)?$/.test(w)) return Number(w);
  if (w === 'a' || w === 'an') return 1;
  if (w === 'a couple of') return 2;
  if (w === 'a few') return 3;
  if (/^half an?$/.test(w)) return 0.5;
  const [tens, unit] = w.split(/[\s-]+/);
  if (TENS.includes(tens) && tens) return TENS.indexOf(tens) * 10 + (unit ? UNITS.indexOf(unit) : 0);
  const i = UNITS.indexOf(w);
  return i >= 0 ? i : undefined;
}

/** A number under a hundred in words ("fifteen", "forty-two"). */
const UNDER_A_HUNDRED = `(?:${TENS.slice(2).join('|')})(?:[\\s-](?:${UNITS.slice(1, 10).join('|')}))?|${UNITS.slice(1).join('|')}`;
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000, grand: 1000, k: 1000 };

/**
 * Numbers said with a scale ("fifteen thousand", "two hundred and fifty", "two hundred and
 * sixty-five thousand", "15k", "ten grand"): the whole amount, never a part of it ("fifteen" of
 * "fifteen thousand pounds", "two hundred and sixty" of "two hundred and sixty-five thousand").
 * Read as a walk over the words, where a number must be followed by a scale or end the amount:
 * "five five four" is three numbers, never one.
 */
export function findScaledNumbers(text: string): Found<number>[] {
  const out: Found<number>[] = [];
  // ("a good hundred and fifty" is a hundred and fifty, a word of measure between.)
  const start = new RegExp(`\\b(?:\\d+(?:\\.\\d+)?|${UNDER_A_HUNDRED}|an?(?:\\s+(?:good|round|solid|full))?)(?=[\\s-]+(?:hundred|thousand|million|grand)\\b|k\\b)`, 'gi');
  const token = new RegExp(`^(?:(\\s+and\\s+|[\\s-]+)(?:(${UNDER_A_HUNDRED}|\\d{1,3})|(hundred|thousand|million|grand))\\b|(k)\\b)`, 'i');
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const first = numberWordValue(m[0].replace(/\s+(?:good|round|solid|full)$/i, ''));
    if (first === undefined) continue;
    let total = 0;
    let current = first;
    let end = m.index + m[0].length;
    let lastWasScale = false;
    let scaled = false;
    for (;;) {
      const t = token.exec(text.slice(end));
      if (!t) break;
      if (t[4]) {
        // ("k" only right after digits: "15k".)
        if (!/^\d/.test(m[0]) || lastWasScale) break;
        total += current * 1000;
        current = 0;
      } else if (t[3]) {
        const scale = SCALES[t[3].toLowerCase()];
        if (lastWasScale && scale <= 100) break;
        if (scale === 100) current *= 100;
        else {
          total += (current || 1) * scale;
          current = 0;
        }
      } else {
        // A number only after a scale ("hundred and fifty", "thousand five hundred"), and "and"
        // only before one under a hundred.
        if (!lastWasScale) break;
        const n = numberWordValue(t[2]);
        if (n === undefined) break;
        current += n;
      }
      lastWasScale = Boolean(t[3] || t[4]);
      scaled ||= lastWasScale;
      end += t[0].length;
    }
    if (!scaled) continue;
    out.push({ value: Math.round(total + current), said: text.slice(m.index, end), index: m.index, rule: 'number-scaled' });
    start.lastIndex = end;
  }
  return out;
}

/** Numbers past twelve said in words ("twenty-five", "thirteen"): the ones findNumbers does not read. */
export function findLargeNumberWords(text: string): Found<number>[] {
  const re = new RegExp(`\\b((?:${TENS.slice(2).join('|')})(?:[\\s-](?:${UNITS.slice(1, 10).join('|')}))?|${UNITS.slice(13).join('|')})\\b`, 'gi');
  return [...text.matchAll(re)].map((m) => ({ value: numberWordValue(m[1])!, said: m[0], index: m.index ?? 0, rule: 'number-words' }));
}

export type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const UNIT_WORDS: Record<Unit, string> = { minute: 'minutes?|mins?', hour: 'hours?|hrs?', day: 'days?|nights?', week: 'weeks?|wks?|fortnights?', month: 'months?', year: 'years?|yrs?' };
/** How many of each unit one of the other unit holds (a month as 30 days: a caller's "a month" is not a calendar). */
const IN_MINUTES: Record<Unit, number> = { minute: 1, hour: 60, day: 1440, week: 10080, month: 43200, year: 525600 };

/** The unit a parameter counts in, from its name and description ("duration_days", "How many weeks…"). */
export function unitOf(text: string): Unit | undefined {
  // "Day of the month, 1 to 28": a day on the calendar, no length of time.
  if (CALENDAR_DAY.test(text)) return undefined;
  // "what they pay a month", "per night": a rate's period is no unit of the value itself.
  const lower = text
    .toLowerCase()
    .replace(/[_-]/g, ' ')
    .replace(/\b(?:a|an|per|each|every)\s+(?:minute|hour|day|night|week|month|year)\b/g, ' ')
    // "claims_last_5_years", "in the past 12 months": a window the value is counted in, not its unit.
    .replace(/\b(?:last|past|previous|within|in|over|under)\s+(?:the\s+)?(?:\d+|[a-z]+)\s+(?:minutes?|hours?|days?|nights?|weeks?|months?|years?)\b/g, ' ');
  for (const unit of Object.keys(UNIT_WORDS) as Unit[]) if (new RegExp(`\\b(?:${UNIT_WORDS[unit]})\\b`).test(lower) && unit !== 'minute') return unit;
  return /\bminutes?\b|\bmins?\b/.test(lower) ? 'minute' : undefined;
}

/** Words that make a number a day on the calendar ("day of the month"), not a length of time. */
export const CALENDAR_DAY = /\b(?:day|date)s?\s+(?:of|in)\s+(?:the\s+)?(?:month|week)\b/i;

/**
 * Durations with a unit ("two weeks", "10 days", "a fortnight"), converted to `unit`; with
 * `sinceCounts`, "ten years ago" too (for a count of the time since a thing: "years_since_tuned").
 */
export function findDurations(text: string, unit: Unit, sinceCounts = false): Found<number>[] {
  const units = (Object.keys(UNIT_WORDS) as Unit[]).map((u) => UNIT_WORDS[u]).join('|');
  // ("a full year", "a whole week": the unit whole.)
  const re = new RegExp(`\\b(\\d+(?:\\.\\d+)?|${NUMBER_WORD})[\\s-]+(?:(?:full|whole)\\s+)?(${units})\\b|\\b(a\\s+)?(fortnight)\\b`, 'gi');
  const out: Found<number>[] = [];
  for (const m of text.matchAll(re)) {
    // "a couple of weeks ago" says when, not how long — unless how long since is what is asked.
    if (!sinceCounts && /^\s+ago\b/i.test(text.slice((m.index ?? 0) + m[0].length))) continue;
    const word = (m[2] ?? m[4]).toLowerCase();
    const said = (Object.keys(UNIT_WORDS) as Unit[]).find((u) => new RegExp(`^(?:${UNIT_WORDS[u]})$`).test(word))!;
    const count = m[4] ? 1 : numberWordValue(m[1]);
    if (count === undefined) continue;
    const minutes = count * IN_MINUTES[said] * (/^fortnight/.test(word) ? 2 : 1);
    // A year is twelve months exactly (a month as 30 days is for days and weeks).
    const exact = said === 'year' && unit === 'month' ? count * 12 : said === 'month' && unit === 'year' ? count / 12 : undefined;
    const value = exact ?? Math.round((minutes / IN_MINUTES[unit]) * 100) / 100;
    out.push({ value, said: m[0], index: m.index ?? 0, rule: said === unit && !/^fortnight/.test(word) ? 'duration' : 'duration-converted' });
  }
  return out;
}
