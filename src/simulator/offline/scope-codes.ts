// Which codes of a caller's line a code parameter may take: the one the line labels with the
// parameter's own name first; none the line labels as another parameter's or another kind of code
// ("registration KL71 XYZ" is no policy number); never a phone number, a postcode or a date; an
// older line's code only when it named the code's thing; a code after a word of place is a road.
import { findDates } from './dates';
import type { Candidate } from './fill-types';
import { findPostcodes } from './ids';
import { isStopWord, nameWords, stem, words } from './words';

/** Words that make a parameter a code to read out, not a count or a phone ("policy number", "order ref"). */
export const ID_WORDS = 'number id code reference ref tracking policy account order serial membership member claim ticket invoice confirmation registration plate vin prescription case pin passcode'.split(' ');

/** Name words too general to label a code on their own ("number" is said of a phone too). */
const GENERIC_LABELS = new Set(['number', 'id', 'code', 'no', 'num']);

/**
 * Where the line labels a value with a parameter's name ("Membership number is four oh two…"):
 * from after the label to the end of its clause (a comma may part a code's groups; "and" or a full
 * stop ends it). Undefined when the line does not name the parameter.
 */
export function labelSpan(name: string, line: string): { from: number; to: number; label: string } | undefined {
  const ws = nameWords(name);
  if (!ws.length || (ws.length === 1 && GENERIC_LABELS.has(ws[0]))) return undefined;
  const m = new RegExp(`\\b${ws.join('[\\s_-]+')}(?:['’]s|\\s+(?:is|was|are)|\\s*:)?`, 'i').exec(line);
  if (!m) return undefined;
  const from = m.index + m[0].length;
  const end = /\s+and\b|[.;!?](?=\s|$)/i.exec(line.slice(from));
  return { from, to: end ? from + end.index : line.length, label: m[0].trim() };
}

/** Words that name a kind of code; "number", "code" and the like name none on their own (ID_WORDS). */
const CODE_KINDS = ID_WORDS.filter((w) => !GENERIC_LABELS.has(w) && !/^ref/.test(w));

/**
 * A code the caller labels as another kind of code ("registration KL71 XYZ" for a policy number):
 * the words right before it in its clause name a kind that the parameter's name and description do
 * not. Such a code is the other kind's, never this one's (issue 32: never a wrong value).
 */
function labelledOtherwise(name: string, description: string, line: string, at: number): boolean {
  if (at < 0) return false;
  const clauses = line.slice(0, at).split(/[,;.!?]|\band\b/i);
  const before = clauses.at(-1)!.toLowerCase().match(/[a-z]+/g) ?? [];
  const own = new Set([...nameWords(name), ...words(description)].map(stem));
  if (before.slice(-4).some((w) => CODE_KINDS.includes(w) && !own.has(stem(w)))) return true;
  // "ZIP's eight oh five two four", "It's my mobile you want, oh seven seven …": digits said as a
  // way to reach or find the caller are that, not a code of another kind (the label may close the
  // clause before the digits).
  const label = before.length ? before : (clauses.at(-2)?.toLowerCase().match(/[a-z]+/g) ?? []);
  return label.slice(-4).some((w) => CONTACT_KINDS.has(w) && !own.has(stem(w)));
}

/** Words that label a way to reach or find someone: their digits are no other code. */
const CONTACT_KINDS = new Set(['zip', 'zipcode', 'postcode', 'mobile', 'cell', 'cellphone', 'phone', 'landline', 'telephone']);

/** A number to call, by its shape: a leading 0 or + and ten digits or more, or 3-3-4 digits. */
const phoneShaped = (said: string) => /^\+?[\d\s().-]+$/.test(said) && ((/^[+0]/.test(said.trim()) && said.replace(/\D/g, '').length >= 10) || /^\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/.test(said.trim()));

/**
 * The codes of a line a code parameter may take. A code the line labels with this parameter's name
 * comes first, nearest the label first; one the line labels with another parameter's name ("the
 * membership number is …, and the car's …") is that one's; a phone number or a postcode is no code
 * of another kind unless the line labels it so.
 */
export function scopeCodes(name: string, description: string, line: string, found: Candidate[], params: string[]): Candidate[] {
  const at = (c: Candidate) => line.indexOf(c.said);
  const own = labelSpan(name, line);
  if (own) {
    const within = found.filter((c) => at(c) >= own.from && at(c) < own.to).sort((a, b) => at(a) - at(b));
    if (within.length) return within.map((c) => ({ ...c, rule: 'identifier-labelled', why: `"${c.said}" follows "${own.label}" in the caller's line` }));
  }
  const others = params.filter((p) => p !== name).flatMap((p) => labelSpan(p, line) ?? []);
  const dates = findDates(line).map((d) => [d.index, d.index + d.said.length]);
  return found.filter((c) => !others.some((o) => at(c) >= o.from && at(c) < o.to) && !labelledOtherwise(name, description, line, at(c)) && !phoneShaped(c.said) && !findPostcodes(c.said).some((p) => p.said === c.said) && !dates.some(([a, b]) => at(c) >= a && at(c) < b));
}

/** Words of a code's name that say it is a code, not what it is of ("booking_ref": booking). */
const CODE_WORDS = /^(?:ref|reference|number|no|id|code|num)$/i;
/** The line names the thing a code parameter is of: "my booking number" for booking_ref. */
export const namesItsThing = (name: string, line: string) => {
  const own = nameWords(name).filter((w) => !CODE_WORDS.test(w) && !isStopWord(w)).map(stem);
  const said = new Set(words(line).map(stem));
  return own.length > 0 && own.every((w) => said.has(w));
};

/** A word of place right before a code: "on I-70", "off the M25", "along the A1". */
export const PLACE_BEFORE = /\b(?:on|off|along|near|down|up|from|via|onto|past|towards?)\s+(?:the\s+)?$/i;
