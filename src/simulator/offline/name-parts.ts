// A name split for the parameters a schema has: first and last name, or the whole name.
import type { JsonSchema } from '../../model';
import { findNames } from './extract';
import type { Candidate } from './fill-types';
import { nameWords, stem, words } from './words';

export type NamePart = 'given' | 'middle' | 'family' | 'whole';
/** Which part of a name a parameter holds: first_name, surname, family name… or the whole name. */
export function namePart(name: string, prop: JsonSchema): NamePart {
  const ws = new Set([...nameWords(name), ...words(prop.description ?? '').slice(0, 4)].map(stem));
  // ("middle_names": the names between the first and the last, and only those.)
  if (ws.has(stem('middle'))) return 'middle';
  if ('surname last family'.split(' ').some((w) => ws.has(stem(w)))) return 'family';
  if ('first given forename'.split(' ').some((w) => ws.has(stem(w)))) return 'given';
  return 'whole';
}

/** A name split for first/last parameters: "Ann Marie Smith" is Ann + Marie Smith; "surname is X" is a last name only. */
export function namesFor(name: string, prop: JsonSchema, line: string, split: boolean): Candidate[] {
  // A school's, a firm's or a surgery's name is never a person's: "He's called Alfie" names the
  // child, not his school; "It's Almondbury Academy" still names the school.
  // ("It's St Mark's church hall": the kind of place said after the name is part of it.)
  if (namesAPlaceOrBody(name, prop)) return findNames(line).filter((f) => notAPersonsName(f, line)).map((f) => {
    const kind = PLACE_AFTER_NAME.exec(line.slice(f.index + f.said.length))?.[0] ?? '';
    return { value: `${f.value}${kind}`, said: `${f.said}${kind}`, rule: f.rule };
  });
  const part = namePart(name, prop);
  // A part the caller names ("the surname is …") goes before a name read by another phrasing.
  const own = part === 'family' ? 'name-surname' : part === 'given' ? 'name-first' : '';
  // Another person's name ("her name was …") is for a parameter about another person, and only there
  // is it read first: the caller's own name is never taken from it.
  const ofAnother = aboutAnotherPerson(name, prop);
  const found = findNames(line)
    // ("It's Marlow House" names a building: a name whose last word is a place's kind is no person's.)
    .filter((f) => !PLACE_KIND.test(f.value.split(' ').at(-1) ?? ''))
    // ("Under Gallagher" names whom a booking is under: the name on the booking, whoever travels.)
    .filter((f) => (ofAnother ? !CALLERS_OWN.has(f.rule) || (f.rule === 'name-under' && ON_A_BOOKING.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) : f.rule !== 'name-of-another'))
    .sort((a, b) => Number(b.rule === own) - Number(a.rule === own) || Number(b.rule === 'name-of-another') - Number(a.rule === 'name-of-another'));
  return found.flatMap((f) => {
    const ws = f.value.split(' ');
    if (part === 'whole') return f.rule === 'name-surname' || f.rule === 'name-first' ? [] : [{ value: f.value, said: f.said, rule: f.rule }];
    // "Siobhan Murphy" has no middle name; "Ann Marie Smith" has Marie.
    if (part === 'middle') return f.rule === 'name-surname' || f.rule === 'name-first' || ws.length < 3 ? [] : [{ value: ws.slice(1, -1).join(' '), said: f.said, rule: 'name-middle-part', why: `"${ws.slice(1, -1).join(' ')}" stands between the first and the last name in "${f.value}"` }];
    if (f.rule === 'name-surname') return part === 'family' ? [{ value: f.value, said: f.said, rule: f.rule }] : [];
    if (f.rule === 'name-first') return part === 'given' ? [{ value: f.value, said: f.said, rule: f.rule }] : [];
    if (part === 'given') return [{ value: ws[0], said: f.said, rule: 'name-first-part', why: `"${ws[0]}" is the first word of "${f.value}"` }];
    if (ws.length > 1) return [{ value: ws.slice(1).join(' '), said: f.said, rule: 'name-last-part', why: `"${ws.slice(1).join(' ')}" follows the first name in "${f.value}"` }];
    // One name for a surname the schema asks for alone ("the name is Lee"): that is the surname.
    return split ? [] : [{ value: f.value, said: f.said, rule: 'name-as-surname', why: `the schema has no first name: "${f.value}" is the surname` }];
  });
}

/**
 * The words of a parameter that make its name a place's or a body's, not a person's: "school_name",
 * "employer_name", "surgery name" (by the words before "name", or the description's opening).
 */
/** The kind of a place said in small letters after its name: " church hall", " community centre". */
const PLACE_AFTER_NAME = /^(?:\s+(?:church|village|community|parish|scout|sports|function|memorial|town|social|cricket|football|rugby|golf|working\s+men['’]s))?\s+(?:hall|room|rooms|centre|center|club|church|chapel|school|hotel|inn|arms|pavilion)\b/;

export const PLACE_OR_BODY = /^(?:schools?|colleges?|universit(?:y|ies)|nurser(?:y|ies)|compan(?:y|ies)|business(?:es)?|firms?|employers?|insurers?|banks?|surger(?:y|ies)|practices?|hospitals?|clinics?|venues?|shops?|stores?|hotels?|restaurants?|pubs?|clubs?|teams?|churche?s?|buildings?|streets?|roads?|towns?|cities|city|villages?|agenc(?:y|ies)|garages?|providers?|suppliers?|brands?|products?|vessels?|boats?|ships?|estates?|sites?|branch(?:es)?|organi[sz]ations?|charit(?:y|ies))$/i;

/** The last word of a place's or a building's name ("Marlow House", "Kingsmead Court", "Hillside Primary"). */
const PLACE_KIND = /^(?:House|Court|Lane|Road|Street|Close|Avenue|Drive|Way|Crescent|Grove|Place|Terrace|Gardens|Row|Square|Mews|Centre|Center|Hall|School|Primary|Academy|College|Farm|Cottage|Lodge|Barn|Mill|Manor|Park|Hotel|Church|Chapel|Surgery|Station|Building|Tower|Works|Estate|Office|Chambers|Clinic|Hospital|Library|Stadium|Arena)$/;

/** A name found in a way that may name a place or a body: "It's X", "called X" of no person, X alone. */
function notAPersonsName(f: { rule: string; said: string; index: number }, line: string): boolean {
  if (f.rule === 'name-introduction') return /^(?:it['’]s|it is)\b/i.test(f.said);
  if (f.rule === 'name-called') return !/\b(?:he|she|i|we|they|you|his|her|their|my\s+\w+)(?:['’]s|['’]m|['’]re|\s+is|\s+am|\s+are|\s+was)?\s*$/i.test(line.slice(Math.max(0, f.index - 24), f.index));
  return f.rule === 'name-alone' || f.rule === 'name-before-value';
}

function namesAPlaceOrBody(name: string, prop: JsonSchema): boolean {
  const ws = nameWords(name);
  const before = ws.slice(0, -1);
  if (/^names?$/i.test(ws.at(-1) ?? '') && before.some((w) => PLACE_OR_BODY.test(w))) return true;
  const opening = /^\s*(?:the\s+|their\s+|your\s+)?(\w+)(?:['’]s)?\s+name\b/i.exec(prop.description ?? '');
  return !!opening && PLACE_OR_BODY.test(opening[1]);
}

/** The ways a caller gives their own name: no name of another person's. */
// ("It's under Alison Whitlock, I'm her daughter": a booking is under the caller's name.)
/** A name parameter for the name a booking is held under ("The surname on the booking"). */
const ON_A_BOOKING = /\b(?:booking|bookings|reservation|reservations|booked|reserved)\b/i;

const CALLERS_OWN = new Set(['name-introduction', 'name-my-name-is', 'name-speaking', 'name-under']);

/**
 * A name parameter about someone other than the caller: the person remembered, a child, a pet, a
 * passenger — by its name and description, when they name no role of the caller's own.
 */
function aboutAnotherPerson(name: string, prop: JsonSchema): boolean {
  const said = `${nameWords(name).join(' ')} ${prop.description ?? ''}`.toLowerCase();
  if (/\b(?:caller|customer|donor|contact|booker|lead|member|applicant|account|holder|policyholder|your)\b/.test(said)) return false;
  return /\b(?:of|remembered|memory|child|children|pupil|student|patient|pet|dog|cat|baby|partner|passenger|deceased|person|resident|relative)\b/.test(said);
}

