// The values one caller line holds for a kind of parameter, best first, each with the words that
// gave it and the rule's name (the trace shows both): dates, times, emails, phones, names, codes,
// counts, colours, makers, breeds. fill.ts decides which line and which candidate a parameter takes.
import type { JsonSchema } from '../../model';
import { daysOfMonthSaid, findDates, findDayPart, findMonths, findTimes } from './dates';
import { findEmails, findNumbers, findPhones, findTitles, phoneForms } from './extract';
import type { Candidate } from './fill-types';
import { LATE_DAY_PART } from './history-fold';
import { CALENDAR_DAY, findDurations, findHouseNumbers, findIdentifiers, findLargeNumberWords, findPostcodes, findScaledNumbers, numberWordValue, unitOf } from './ids';
import { type Kind, wantsWordsAsSaid, wordsAfterName } from './kinds';
import { namesFor } from './name-parts';
import { peopleListed } from './people-listed';
import { negationAt } from './polarity';
import { legMarkedAt, legOf } from './route';
import { findSpelledCodes, TEENS, TENS } from './spoken';
import { HOUR_WORDS } from './pick';
import { callerWords, conceptOfWord, isStopWord, nameWords, stem, words } from './words';

/** Colours as people name them (a car's, a bag's, a door's). */
const COLOURS = 'black white grey gray silver red blue navy green yellow orange purple pink brown beige cream gold maroon burgundy turquoise teal'.split(' ');
const COLOUR = new RegExp(`\\b(?:(?:dark|light|pale|bright|metallic)\\s+)?(?:${COLOURS.join('|')})\\b`, 'gi');

/** Whether the words just before `index` name a phone: "my mobile's", "the number is", "call me on". */
const saidAsPhone = (line: string, index: number) =>
  /\b(?:(?:mobile|phone|cell|landline|telephone)(?:\s+number)?(?:['’]s|\s+is|\s+number['’]s)?|(?:call|ring|reach|text)\s+(?:me|us)\s+on|(?:my|our|the|a|best|contact|home|work|daytime)\s+number(?:\s+(?:for|to\s+(?:get|reach|call))\s+(?:me|us|him|her|them))?(?:['’]s|\s+is))\s*:?\s*$/i.test(line.slice(Math.max(0, index - 40), index));

/**
 * "around eleven", "at two", "eleven-ish": an hour said alone as a time of day. Only hours a
 * person books without saying morning or afternoon: eight to twelve are before noon and one to
 * five after it; six and seven could be either, so they are not read. ("from 8 Larch Close" is
 * a door number: a capital after the number is a street.) With `ends`, an hour a time runs till
 * ("one till four") too.
 */
export function bareHours(line: string, ends = false): { hhmm: string; said: string; index: number; rule: string }[] {
  const hour = `(\\d{1,2}|${HOUR_WORDS.join('|')})`;
  // ("till four" is an hour only where a time ends something: time-roles.ts asks for it.)
  const re = new RegExp(`\\b(?:at|around|round|from|after|before|by${ends ? '|till|until|til|to' : ''})\\s+(?:about\\s+)?${hour}(?:[\\s-]*ish)?\\b(?![\\s-]*(?:o['’]?clock\\s+)?(?:people|of|guests|persons|adults|children|kids|days|weeks|months|years|minutes|hours|pounds|quid|percent|miles|times|point|stage|time|go|stop|side|end|level|place|way|another|or\\s+(?:two|three|more)|[:.]\\d))|\\b${hour}[\\s-]*ish\\b`, 'gi');
  return [...line.matchAll(re)].flatMap((m) => {
    // (Read case-sensitively: under the pattern's "i" a capital would be any letter.)
    if (m[1] !== undefined && /^\s+[A-Z]/.test(line.slice((m.index ?? 0) + m[0].length))) return [];
    const word = (m[1] ?? m[2]).toLowerCase();
    const h = /^\d+$/.test(word) ? +word : HOUR_WORDS.indexOf(word) + 1;
    const at = h >= 8 && h <= 12 ? h : h >= 1 && h <= 5 ? h + 12 : undefined;
    return at === undefined ? [] : [{ hhmm: `${String(at).padStart(2, '0')}:00`, said: m[0], index: m.index ?? 0, rule: 'time-bare-hour' }];
  });
}

/** "seven" said after "evening" is 19:00: an hour under twelve without am/pm, in a part of day after noon. */
function inDayPart(hhmm: string, said: string, context: string): { hhmm: string; why?: string } {
  const h = +hhmm.slice(0, 2);
  if (h < 1 || h > 11 || /[ap]\.?m\b|noon|midnight|o['’]?clock in the morning/i.test(said)) return { hhmm };
  const part = LATE_DAY_PART.exec(context);
  // ("up by half one", "quarter past two": an hour from one to five said with no part of the day is
  // after noon, as a bare hour is; one said with a morning keeps to it.)
  if (!part && h >= 1 && h <= 5 && !/\b(?:morning|a\.?m\.?|early|dawn|night|overnight|flight|fly|flying)\b/i.test(context)) {
    return { hhmm: `${String(h + 12).padStart(2, '0')}${hhmm.slice(2)}`, why: `"${said}" read as after noon: an hour from one to five, with no morning said` };
  }
  if (!part || (/^(?:afternoon|after\s|tea)/i.test(part[1]) && h > 7)) return { hhmm };
  return { hhmm: `${String(h + 12).padStart(2, '0')}${hhmm.slice(2)}`, why: `"${said}" read as after noon: the caller said "${part[1]}"` };
}

/** A description that asks for a code written without separators. */
const NO_SPACES = /\b(?:no|without(?:\s+any)?)\s+spaces\b/i;
const isBirth = (name: string, prop: JsonSchema) => /\b(?:birth|born|dob|birthday)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
/**
 * A day gone by by its meaning: a birth, or when something started, happened or was bought
 * ("started_on", "the day it started"). A day to come ("Thursday's fine") answers something else.
 */
const isPastDay = (name: string, prop: JsonSchema, toolDescription = '') =>
  isBirth(name, prop) || /\b(?:started|start(?:ed)? on|began|begun|happened|occurred|noticed|bought|purchased|broke|broken|went wrong|first (?:saw|noticed)|last (?:day|time|saw|seen|had)|had it|went missing|lost)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
const isoToday = () => new Date().toISOString().slice(0, 10);
/** The day of a thing the caller already has ("the date of the appointment they have", "existing_date"). */
const isHeldDay = (name: string, prop: JsonSchema, toolDescription = '') =>
  /\b(?:existing|current|already|original|booked|they\s+have|you\s+have|they\s+hold|they['’]re\s+booked)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
/** Words before a day that make it a birth date ("born the fourth of June", "date of birth is"): no other day's. */
const SAID_AS_BIRTH = /\b(?:born(?:\s+on)?|birth(?:day)?(?:\s+is|['’]s)?|d\.?o\.?b\.?(?:\s+is|['’]s)?)[\s,:]*(?:the\s+|on\s+(?:the\s+)?)?$/i;
/**
 * Days counted from today ("last Saturday", "Thursday", "the fourteenth"): a birth date only when
 * said as a birth ("he was born last Wednesday"); "I did the emissions last Saturday", to a question
 * for a date of birth among others, is the day of something else.
 */
const DAY_FROM_TODAY = new Set(['date-day-of-month', 'date-in-days', 'date-last-week', 'date-next-week', 'date-relative', 'date-week-after-next', 'date-week-on', 'date-weekday', 'date-weekday-after-next', 'date-weekday-and-day', 'date-weekday-before-last', 'date-weekday-next-week', 'date-weekday-past']);
/** Words that say a day is wanted ("would be best", "suits us", "could we do"), not one already held. */
const WANTED_DAY = /\b(?:best|suits?|works?|prefer|rather|ideal|perfect|would\s+like|could\s+(?:we|i|you)|can\s+(?:we|i|you)|free|available|if\s+you['’]ve\s+got|any\s+chance)\b/i;

/** The range a description gives a count ("1 or 2", "1 to 8", "up to 6"), when it gives one. */
function countBounds(text: string): [number, number] | undefined {
  const range = /\b(\d{1,3})\s*(?:or|to|-|–)\s*(\d{1,3})\b(?!\s*(?:am|pm|:|%|years?|months?|weeks?|days?|hours?|minutes?))/i.exec(text);
  // ("Children aged 3 to 17" bounds their ages, not how many.)
  const ofAges = range && /\b(?:aged?|ages|old|born|years?|between\s+the\s+ages)\s*(?:of\s+)?(?:between\s+)?$/i.test(text.slice(Math.max(0, range.index - 24), range.index));
  if (range && !ofAges && +range[1] < +range[2]) return [+range[1], +range[2]];
  const most = /\b(?:up\s+to|at\s+most|max(?:imum)?(?:\s+of)?|no\s+more\s+than)\s+(\d{1,3})\b/i.exec(text);
  return most ? [0, +most[1]] : undefined;
}

/** The clause a position of the line falls in (between commas, full stops and the like). */
function clauseAround(line: string, index: number): string {
  const start = Math.max(...[',', '.', ';', '!', '?'].map((p) => line.lastIndexOf(p, index - 1))) + 1;
  const ends = [',', '.', ';', '!', '?'].map((p) => line.indexOf(p, index)).filter((i) => i >= 0);
  return line.slice(start, ends.length ? Math.min(...ends) : line.length);
}

/** Values found in one line for a kind of parameter, best first; `context` is the rest of the conversation, nearest first. */
export function candidates(kind: Kind, name: string, line: string, prop: JsonSchema, today: string | undefined, context = '', toolDescription = '', split = true): Candidate[] {
  const asSaid = wantsWordsAsSaid(prop, name, toolDescription);
  switch (kind) {
    case 'date': {
      // "No thanks, not today": a day the caller denies is no day they gave.
      // A birth date is a day gone by: a day to come ("Wednesday next week") is an answer to something else.
      // A day the caller says they want ("The Monday would be best") is no day of a booking they have;
      // a day said as a birth ("born the fourth of June") is no other day.
      const now = today ?? isoToday();
      const birth = isBirth(name, prop);
      const fits = (d: { iso: string; index: number; rule: string }) =>
        !negationAt(line, d.index) &&
        !(isPastDay(name, prop, toolDescription) && d.iso > now) &&
        !(birth && d.iso >= now) &&
        !(birth && DAY_FROM_TODAY.has(d.rule) && !SAID_AS_BIRTH.test(line.slice(Math.max(0, d.index - 32), d.index))) &&
        !(isHeldDay(name, prop, toolDescription) && WANTED_DAY.test(clauseAround(line, d.index))) &&
        !(!birth && SAID_AS_BIRTH.test(line.slice(Math.max(0, d.index - 32), d.index))) &&
        !(birth && OWN_BIRTH.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) && SOMEONE_ELSES_BIRTH.test(clauseAround(line, d.index).slice(0, Math.max(0, d.index - lineIndexOfClause(line, d.index)))));
      return findDates(line, today).filter(fits).map((d) => ({ value: asSaid ? d.said : d.iso, said: d.said, rule: d.rule }));
    }
    case 'month': {
      // Written as YYYY-MM when the parameter spells that form; else the month as said ("February").
      const written = /\bYYYY-MM\b/i.test(`${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
      return findMonths(line, today).filter((m) => !negationAt(line, m.index)).map((m) => ({ value: written || asSaid ? (asSaid ? m.said : m.yyyymm) : m.said.replace(/^\w/, (c) => c.toUpperCase()), said: m.said, rule: m.rule }));
    }
    case 'time': {
      // Digits of a code or a phone read out ("B R two oh five one") tell no time.
      const codes = [...findSpelledCodes(line), ...findPhones(line)].map((f) => [f.index, f.index + f.said.length] as const);
      const clock = findTimes(line).filter((t) => !codes.some(([a, b]) => t.index >= a && t.index < b));
      const said = clock.length ? clock : bareHours(line);
      const times: Candidate[] = said.filter((t) => !negationAt(line, t.index)).map((t) => {
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
    case 'phone': {
      // A number for someone else ("A key holder's number", "emergency contact") is never the one
      // the caller gives as their own ("my number's …", "call me on …").
      const ofAnother = ANOTHER_PERSONS.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
      const callersOwn = (index: number) => /\b(?:my|me)\b[^.!?]{0,30}$/i.test(line.slice(Math.max(0, index - 30), index));
      // Each number in the forms its digits can be written in; the first the schema accepts wins.
      return findPhones(line).filter((f) => !(ofAnother && callersOwn(f.index))).flatMap((f) => phoneForms(f).map((value, i) => ({ value, said: f.said, rule: i === 0 ? f.rule : 'phone-to-pattern' })));
    }
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
    case 'model':
      // The rest of a name in capitals after its maker's word ("a Honda CR-V": CR-V).
      return findTitles(line)
        .filter((f) => f.index > 0 && !/[.!?]\s*$/.test(line.slice(0, f.index)) && /\s/.test(f.value))
        .map((f) => ({ value: f.value.split(/\s+/).slice(1).join(' '), said: f.said, rule: 'model-name' }));
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
      // ("The tag number, capitals, no spaces": only the code without its separators.)
      // Nor are letters and digits of an email read out ("email is J R E Y E S, nine one nine, at gmail dot com").
      return findIdentifiers(line).filter((f) => !saidAsPhone(line, f.index) && !emailsSaid(line).some((e) => f.index >= e.index && f.index < e.index + e.said.length)).flatMap((f) => [...new Set([f.value, f.value.replace(/[\s./-]/g, '')])].map((value, i) => ({ value, said: f.said, rule: i === 0 ? f.rule : 'identifier-to-pattern' })).filter((_c, i, all) => !(NO_SPACES.test(prop.description ?? '') && all.length > 1 && i === 0)));
    case 'number': {
      // "the first of the month is best" for a day of the month: that day, as a number.
      if (CALENDAR_DAY.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) return daysOfMonthSaid(line);
      const unit = unitOf(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
      const round = (v: number) => (prop.type === 'integer' ? Math.round(v) : v);
      const since = /\b(?:since|ago)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
      const durations = unit ? findDurations(line, unit, since).map((f) => ({ value: round(f.value), said: f.said, rule: f.rule, why: f.rule === 'duration-converted' ? `"${f.said}" counted in ${unit}s` : undefined })) : [];
      // A count said with a unit ("two weeks") is a duration, not a count of something else.
      const spans = unit ? [] : findDurations(line, 'day');
      // Numbers inside a phone, a date, a time, a postcode or a code said letter by letter count nothing.
      const taken = [...measuresInPairs(line), ...findPhones(line), ...findDates(line, today), ...findTimes(line), ...bareHours(line), ...spans, ...findPostcodes(line).filter((p) => /[A-Z]/i.test(p.value)), ...findSpelledCodes(line), ...emailsSaid(line)].map((f) => [f.index, f.index + f.said.length] as [number, number]);
      // "fifteen thousand pounds" is 15000: a scaled amount is read whole, and its words count nothing else.
      const scaled = findScaledNumbers(line).filter((f) => !taken.some(([a, b]) => f.index >= a && f.index < b));
      // ("My son lives with me, he is 19": an age counts nothing but an age.)
      const ages = holdsAnAge(name, prop) ? [] : agesSaidAt(line);
      // "two and a half": 2.5 for a number; for a whole count it is no count at all (never 2 or 3).
      const halves = findHalves(line).filter((f) => !taken.some(([a, b]) => f.index >= a && f.index < b));
      const busy = [...taken, ...scaled.map((f) => [f.index, f.index + f.said.length] as [number, number]), ...ages, ...halves.map((f) => [f.index, f.index + f.said.length] as [number, number])];
      // A number before a name in capitals is a house number ("8 Larch Close"), not a count.
      const houseNumber = (f: { index: number; said: string }) => /^\d+[a-z]?$/i.test(f.said) && /^\s+[A-Z][a-z]/.test(line.slice(f.index + f.said.length));
      const plain = [...scaled, ...(prop.type === 'integer' ? [] : halves), ...findNumbers(line, busy), ...findLargeNumberWords(line).filter((f) => !busy.some(([a, b]) => f.index >= a && f.index < b))].filter((f) => !houseNumber(f)).sort((a, b) => a.index - b.index);
      // "one of the boys uses a wheelchair": one, counted by what the clause says of it (scope-counts.ts);
      // only for a count whose thing the clause names, never alone.
      const thing = new Set(words(`${nameWords(name).join(' ')} ${prop.description ?? ''}`).filter((w) => w.length > 3).map(stem));
      const oneOf = [...line.matchAll(/\bone of (?:the|us|them|my|our|your)\b[^,.;!?]*/gi)].filter((m) => words(m[0]).slice(3).some((w) => thing.has(stem(w)))).map((m) => ({ value: 1, said: m[0].trim(), rule: 'number-one-of' }));
      // "twice a week", "once a month": how often, for a count per period.
      const often = [...line.matchAll(/\b(once|twice|thrice)\s+(?:a|an|per|every|each)\s+(?:day|week|fortnight|month|year|term)\b/gi)].map((m) => ({ value: { once: 1, twice: 2, thrice: 3 }[m[1].toLowerCase() as 'once'], said: m[0], rule: 'number-how-often' }));
      // "twenty nineteen", "nineteen eighty-eight", "twenty oh five": a year said in two pairs.
      const years = holdsAYear(name, prop) ? findSpokenYears(line) : [];
      // An age: "She's six, seven in March" is six; the age said next ("seven in March") is none.
      const whichAge = /\b(?:oldest|eldest)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) ? 'oldest' : /\byoungest\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`) ? 'youngest' : undefined;
      const age = holdsAnAge(name, prop) ? ageSaid(line, whichAge) : undefined;
      // (Two ages said, "she's six and he's four", are no one age: the agent asks.)
      if (age === 'several') return [];
      if (age) return [{ value: round(age.value), said: age.said, rule: 'number-age', why: `"${age.said}" says how old` }];
      // "It'd be me, my husband and our two boys": four people, for a count of people (people-listed.ts).
      const ofPeople = COUNTS_PEOPLE.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);
      // (A total said outright, "four of us", is read by its own rule; "both of us" is no number.)
      const listed = ofPeople && !/\b(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+of\s+us|in\s+total|altogether|all\s+together)\b/i.test(line) ? peopleListed(line) : undefined;
      if (listed) return [{ value: listed.value, said: listed.said, rule: 'number-people-listed', why: `"${listed.said}" names ${listed.value} people` }];
      // ("on for two hundred and sixty-five thousand" is a price: an amount in thousands counts no
      // people unless said of them, "two thousand people".)
      const countable = ofPeople ? plain.filter((f) => !(f.rule === 'number-scaled' && f.value >= 1000 && !/^\s+(?:people|persons|guests|attendees|visitors|of\s+us)\b/i.test(line.slice(f.index + f.said.length)))) : plain;
      // "applicants: 1 or 2", "party size 1 to 8": a count the words bound takes nothing outside them.
      const bounds = countBounds(`${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
      const inBounds = bounds ? countable.filter((f) => f.value >= bounds[0] && f.value <= bounds[1]) : countable;
      const counts = [...years, ...durations, ...inBounds.map((f) => ({ value: round(f.value), said: f.said, rule: f.rule })), ...oneOf, ...often];
      // A year (year_built, "the year it was made") is a year said, never a count ("a three-bed").
      return holdsAYear(name, prop) ? counts.filter((c) => typeof c.value === 'number' && c.value >= 1000 && c.value <= 2200) : counts;
    }
    default:
      return [];
  }
}

/**
 * "about fourteen-two" (a horse's height in hands), "he's five-ten": two numbers joined by a hyphen
 * that are no one number ("twenty-five" is one) say one measure, and neither counts alone.
 */
function measuresInPairs(line: string): { index: number; said: string }[] {
  const word = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)';
  return [...line.matchAll(new RegExp(`\\b(${word})-(${word})\\b`, 'gi'))]
    .filter((m) => !(/^(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)$/i.test(m[1]) && /^(?:one|two|three|four|five|six|seven|eight|nine)$/i.test(m[2])))
    .map((m) => ({ index: m.index ?? 0, said: m[0] }));
}

/**
 * Where the line reads out an email, from the word "email" to its ending ("email is t morrow
 * eighty-four, that's T M O R R O W eight four, at yahoo dot com"): its numbers count nothing.
 */
function emailsSaid(line: string): { index: number; said: string }[] {
  const readOut = [...line.matchAll(/\be-?mail\b[^.?!]{0,120}?\bdot\s+(?:com|org|net|edu|gov|io|co\s+dot\s+uk|org\s+dot\s+uk|uk|us|ca|ie)\b/gi)].map((m) => ({ index: m.index ?? 0, said: m[0] }));
  return [...readOut, ...findEmails(line)];
}

/** "two and a half", "3 and a half", "one-and-a-half": a whole number and a half. */
function findHalves(line: string): { value: number; said: string; index: number; rule: string }[] {
  return [...line.matchAll(/\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)(?:\s+|-)and(?:\s+|-)a(?:\s+|-)half\b/gi)].flatMap((m) => {
    const whole = numberWordValue(m[1]);
    return whole === undefined || /^an?$/i.test(m[1]) ? [] : [{ value: whole + 0.5, said: m[0], index: m.index ?? 0, rule: 'number-and-a-half' }];
  });
}

/** A phone or a person that is not the caller's: "key_holder_phone", "emergency contact", "next of kin". */
const ANOTHER_PERSONS = /\b(?:key\s*holder|keyholder|emergency|next\s+of\s+kin|landlord|neighbou?r|carer|guardian|referee|site\s+contact|on-?site)\b/i;

/** A birth date of the caller themselves: "parent_date_of_birth", "your date of birth". */
const OWN_BIRTH = /\b(?:parent|caller|applicant|guardian|your|my|account\s+holder|policyholder|member|customer|claimant)\b/i;
/** "his birthday's", "she was born", "Tyler's birthday": a birth said of someone else. */
const SOMEONE_ELSES_BIRTH = /\b(?:his|her|their|(?:he|she|they)\s+(?:was|were)|(?:[A-Z][a-z]+)['’]s)\s+(?:birthday|born|date\s+of\s+birth|dob|d\.o\.b\.)|\b(?:he|she)\s+was\s+born\b/;

/** Where the clause that holds `index` starts in the line (clauseAround's start). */
function lineIndexOfClause(line: string, index: number): number {
  const clause = clauseAround(line, index);
  const at = line.lastIndexOf(clause, index);
  return at >= 0 ? at : index;
}

/** A parameter that holds a person's or an animal's age: "child_age", "Age in whole years". */
const holdsAnAge = (name: string, prop: JsonSchema) =>
  (prop.type === 'integer' || prop.type === 'number') && /\bages?\b|\bhow old\b|\byears old\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`);

/**
 * A number said as an age: after "she's", "he is", "I'm", "aged", or before "years old" — not one
 * said of a birthday to come ("seven in March", "eight next week").
 */
const AGE_NUMBER = "(\\d{1,3}|[a-z]+(?:-[a-z]+)?)";
// (An age ends its clause or goes on with a word that is no noun: "It's three bedrooms", "I'm five
// foot two", "she's two minutes away" count the noun after them, not years of age.)
const AGE_ENDS = "(?=\\s*(?:[,.;:!?)]|$)|[\\s-]+(?:and|or|but|so|now|mind|though|too|already|years?|yrs?|i|he|she|we|they|it|last|soon|at|as|if|going|turning)\\b)";
const ageRe = () => new RegExp(`\\b(?:(?:she|he|I|they|it)['’](?:s|m|re)|(?:she|he|it)\\s+is|I\\s+am|they\\s+are|aged)\\s+${AGE_NUMBER}\\b(?![\\s-]+(?:in|next|on|come|this)\\b)${AGE_ENDS}|\\b${AGE_NUMBER}[\\s-]+(?:years?|yrs?)[\\s-]+old\\b`, 'gi');

/** The ages of a group said together: "they're all six and seven", "we're both forty or so". */
const GROUP_AGES = new RegExp(`\\b(?:they|we)['’]re\\s+(?:all|both)\\s+${AGE_NUMBER}\\s+(?:and|or|to)\\s+${AGE_NUMBER}\\b`, 'gi');

/** Every age the line says, with where. */
function agesOf(line: string): { value: number; said: string; index: number }[] {
  const one = [...line.matchAll(ageRe())].flatMap((m) => {
    const said = m[1] ?? m[2];
    const value = /^an?$/i.test(said) ? undefined : numberWordValue(said);
    return value === undefined || value > 120 ? [] : [{ value, said: m[0], index: m.index ?? 0 }];
  });
  const grouped = [...line.matchAll(GROUP_AGES)].flatMap((m) =>
    [m[1], m[2]].flatMap((said) => { const value = numberWordValue(said); return value === undefined || value > 120 ? [] : [{ value, said: m[0], index: m.index ?? 0 }]; }),
  );
  return [...one, ...grouped];
}

/** Where the line says an age (spans to keep out of other counts). */
function agesSaidAt(line: string): [number, number][] {
  return agesOf(line).map((a) => [a.index, a.index + a.said.length] as [number, number]);
}

/**
 * The one age the line says; 'several' when it says more than one ("she's six and he's four").
 * Of several, the oldest's or the youngest's age when the parameter asks for that one.
 */
function ageSaid(line: string, which?: 'oldest' | 'youngest'): { value: number; said: string } | 'several' | undefined {
  const ages = agesOf(line);
  const distinct = new Set(ages.map((a) => a.value)).size;
  if (distinct > 1 && which) return ages.reduce((a, b) => ((which === 'oldest' ? b.value > a.value : b.value < a.value) ? b : a));
  return distinct === 1 ? ages[0] : distinct > 1 ? 'several' : undefined;
}

/** A parameter that holds a calendar year: "year_built", "Year the car was first registered". */
// (A field named "year" alone, "vehicle.year", is a year on the calendar unless it says it counts.)
const holdsAYear = (name: string, prop: JsonSchema) =>
  (/\byear\b(?!\s*(?:group|level|s\b))/i.test(nameWords(name).join(' ')) && /\b(?:built|made|manufactured|registered|bought|purchased|installed|born|birth|established|opened|founded|started|of|model|vehicle|car)\b/i.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) ||
  (nameWords(name).join(' ').toLowerCase() === 'year' && !/\b(?:how\s+many|age|old|count|number\s+of|since|ago)\b/i.test(prop.description ?? ''));

const PAIR_TEENS = TEENS.join('|');
const PAIR_TENS = TENS.join('|');
const PAIR_UNITS = 'one|two|three|four|five|six|seven|eight|nine';
/** A year said as two pairs of digits: "twenty nineteen" 2019, "nineteen eighty-eight" 1988, "twenty oh five" 2005. */
function findSpokenYears(line: string): Candidate[] {
  const re = new RegExp(`\\b(nineteen|twenty)[\\s-]+(?:(${PAIR_TEENS})|(${PAIR_TENS})(?:[\\s-]+(${PAIR_UNITS}))?|oh[\\s-]+(${PAIR_UNITS}))\\b`, 'gi');
  const units = PAIR_UNITS.split('|');
  return [...line.matchAll(re)].map((m) => {
    const century = m[1].toLowerCase() === 'nineteen' ? 1900 : 2000;
    const rest = m[2] ? PAIR_TEENS.split('|').indexOf(m[2].toLowerCase()) + 10 : m[3] ? (PAIR_TENS.split('|').indexOf(m[3].toLowerCase()) + 2) * 10 + (m[4] ? units.indexOf(m[4].toLowerCase()) + 1 : 0) : units.indexOf(m[5].toLowerCase()) + 1;
    return { value: century + rest, said: m[0], rule: 'year-spoken' };
  });
}

/** A count of people: the party, the group, the guests, the people in the photos. */
const COUNTS_PEOPLE = /\b(?:people|persons?|guests?|party|group|size|sitters?|passengers?|players?|attendees?|visitors?|headcount|diners?|travellers?|travelers?|adults?|applicants?|borrowers?|occupants?|residents?|tenants?)\b/i;

/** The concepts a parameter's name says, its phrases too ("pick up" is collecting). */
const nameConcepts = (name: string) => new Set(callerWords(nameWords(name).join(' ')).filter((w) => !isStopWord(w)).map(conceptOfWord));

/**
 * Days of one line sorted to the parameter whose name their clause says: the clause before each
 * day, back to the day before it. A day said in another day parameter's clause is dropped.
 */
export function daysByClause(name: string, others: string[], line: string, found: Candidate[]): Candidate[] {
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
