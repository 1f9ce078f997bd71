// What a parameter asks for, read from its schema and words: its kind (a date, a phone, a name, a
// colour, free words…) and, for a parameter with no description of its own, what its tool's
// description says of it ("move_in: YYYY-MM-DD"). fill.ts reads each kind by readers.ts.
import type { JsonSchema } from '../../model';
import { ID_WORDS } from './scope-codes';
import { whenName } from './speech';
import { conceptOfWord, nameWords, stem, words } from './words';

export type Kind = 'date' | 'month' | 'time' | 'datetime' | 'email' | 'phone' | 'name' | 'title' | 'words' | 'number' | 'identifier' | 'postcode' | 'house' | 'colour' | 'maker' | 'model' | 'sort' | 'none';

const PHONE_WORDS = ['phone', 'telephone', 'mobile', 'cell', 'tel', 'callback'];
/** Literal stems only: the synonym table makes "number" a phone, which a policy number is not. */
export const hasWord = (stems: Set<string>, list: string[]) => list.some((w) => stems.has(stem(w)));

const has = (hints: Set<string>, ...wanted: string[]) => wanted.some((w) => hints.has(stem(w)) || hints.has(conceptOfWord(w)));

/** A person by their part: the last word of "lead_visitor", "main_passenger", "named_driver". */
const PERSON_ROLE = /^(?:visitors?|guests?|passengers?|attendees?|drivers?|owners?|holders?|bookers?|patients?|applicants?|tenants?|landlords?|donors?|clients?)$/i;

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
  // "start_month: YYYY-MM": a month, not a day.
  if (/\bYYYY-MM\b(?!-DD)/i.test(description)) return 'month';
  const nameHints = new Set(nameWords(name).map(stem));
  const all = new Set([...nameHints, ...words(prop.description ?? '').map(stem)]);
  const hints = new Set([...all, ...[...all].map(conceptOfWord)]);
  if (has(nameHints, 'email', 'mail')) return 'email';
  if (hasWord(nameHints, PHONE_WORDS)) return 'phone';
  if (hasWord(nameHints, ['postcode', 'zip', 'postal', 'zipcode'])) return 'postcode';
  // "house_number", "flat_no": the number on a door, not a code.
  if (hasWord(nameHints, ['houses', 'flats', 'apartments', 'doors', 'buildings']) && hasWord(nameHints, ['numbers', 'no'])) return 'house';
  // "member_name", "account_name": a name by its last word, whatever the words before it name.
  if (/^(?:name|names|fullname)$/i.test(nameWords(name).at(-1) ?? '') && !prop.enum && prop.type !== 'boolean') return 'name';
  if (hasWord(nameHints, ID_WORDS) && !hasWord(all, PHONE_WORDS)) return 'identifier';
  if (hasWord(nameHints, ['colours', 'colors']) && !prop.enum) return 'colour';
  // A breed, a species, a variety: what the thing is, said as "she's a border collie".
  if (nameWords(name).some((w) => /^(?:breeds?|species|variet(?:y|ies))$/i.test(w)) && !prop.enum && prop.type !== 'boolean') return 'sort';
  // "make", "brand", "manufacturer": a maker's name, said in capitals ("a grey Ford Focus").
  if (hasWord(nameHints, ['makes', 'brands', 'manufacturers']) && !prop.enum && prop.type !== 'boolean') return 'maker';
  // "model" beside a make: the words after the maker's name ("a Honda CR-V": CR-V).
  if (nameWords(name).some((w) => /^models?$/i.test(w)) && !prop.enum && (prop.type === 'string' || prop.type === undefined)) return 'model';
  if (has(nameHints, 'surname', 'forename')) return 'name';
  // "start_month" as a string: the month said ("from February"), never a clause of free words.
  if (nameWords(name).some((w) => /^months?$/i.test(w)) && (prop.type === 'string' || prop.type === undefined) && !prop.enum && !prop.pattern) return 'month';
  if (has(nameHints, 'date', 'day', 'birth', 'dob', 'birthday')) return 'date';
  if (has(nameHints, 'time', 'hour')) return 'time';
  if (has(nameHints, 'name')) return 'name';
  // "lead_visitor", "main_guest": a person by their part in the booking is that person's name.
  if (PERSON_ROLE.test(nameWords(name).at(-1) ?? '') && !prop.enum && (prop.type === 'string' || prop.type === undefined)) return 'name';
  // "The full name of the person remembered": a name, by the description's opening.
  // ("Full name.", "Their name", "First name and surname": a description that is a person's name alone.)
  if (/^\s*(?:the\s+|their\s+|your\s+|his\s+|her\s+)?(?:full\s+)?name\s+of\b|^\s*(?:the\s+|their\s+|your\s+)?(?:full\s+name|name|first\s+(?:name\s+)?and\s+(?:last\s+name|surname)|first\s+name\s+and\s+(?:last\s+name|surname))\s*[.!]?\s*$/i.test(prop.description ?? '')) return 'name';
  // A title is written in Title Case ("The Remains of the Day"): read as the caller wrote it.
  if (hasWord(nameHints, ['title'])) return 'title';
  if (has(nameHints, 'utterance', 'words', 'quote', 'text', 'message', 'request', 'reason', 'note', 'comment', 'summary', 'details', 'description')) return 'words';
  // An address is the caller's words, whatever numbers it holds ("including the room number").
  // (Plurals: hasWord compares stems, and a bare parameter name as a literal would look borrowed
  // from the examples to no-example-strings.test.ts.)
  if (hasWord(nameHints, ['addresses', 'locations', 'whereabouts'])) return 'words';
  // ("street": "House number and street." is a street address, not a code by its "number".)
  if (hasWord(nameHints, ['streets']) && !prop.enum && !prop.pattern) return 'words';
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

/** A date the parameter wants as the caller said it ("as they said it"), or as YYYY-MM-DD. */
const AS_SAID = /\bas (?:they|you|the \w+) (?:said|say|named|gave|put) it\b|\bas (?:they|the caller|you) (?:said|say|named|gave)|\bas said\b|\bin their (?:own )?words\b/i;
/** "in the customer's words", "in their own words": free text kept as said. */
export const IN_WORDS = /\bin (?:their|his|her|your|the \w+['’]s?) (?:own )?words\b/i;
/** Said of the parameter itself, or by a clause of its tool's description that names it ("the day the caller chose, as they said it"). */
export const wantsWordsAsSaid = (prop: JsonSchema, name = '', toolDescription = '') =>
  !prop.pattern && !prop.format && (AS_SAID.test(prop.description ?? '') || toolDescription.split(/[;:.]\s*/).some((clause) => AS_SAID.test(clause) && nameWords(name).some((w) => words(clause).includes(w))));

/**
 * For a parameter without a description of its own, what its tool's description says right after
 * its name ("by the room number (digits only)" says room is a number to read, not free words).
 */
export function wordsAfterName(name: string, toolDescription: string): string {
  const ws = nameWords(name);
  if (!ws.length || !toolDescription) return '';
  // (A camelCase name is written whole in a docstring: "arriveAfter: …" is the words "arrive after".)
  const spelled = ws.join('[\\s_-]*');
  // "move_in: YYYY-MM-DD." — a docstring's "name: what it is" describes the parameter, to the clause's end.
  const colon = new RegExp(`\\b${spelled}\\s*:\\s*([^;]+?)(?:[.;](?:\\s|$)|$)`, 'i').exec(toolDescription);
  if (colon) return `${ws.join(' ')}: ${colon[1]}`;
  // "drop_off and pick_up are dates, YYYY-MM-DD": what a list of parameters together are.
  const together = new RegExp(`\\b(?:\\w+\\s*,\\s*)*(?:\\w+\\s+and\\s+)?${spelled}(?:\\s*,\\s*\\w+)*(?:\\s+and\\s+\\w+)?\\s+are\\s+([^;]+?)(?:[.;](?:\\s|$)|$)`, 'i').exec(toolDescription);
  if (together) return `${ws.join(' ')}: ${together[1]}`;
  const m = new RegExp(`\\b${spelled}\\b((?:[\\s(]+[\\w'’-]+\\)?){0,3})`, 'i').exec(toolDescription);
  return m ? `${ws.join(' ')}${m[1]}` : '';
}
