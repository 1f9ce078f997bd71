// Free text of a known shape, read by what the parameter holds: a code counted in digits ("zip:
// five digits", said "five five four oh five"), a place on the body, a US state, the caller's own
// relation, a thing the line names ("Hendon's the closest centre"), an end of a journey. Each is
// taken from its own words in the line, never the line whole; fill.ts takes the first the schema
// accepts. Apart from fill.ts because these readings are a list of their own.
import type { JsonSchema } from '../../model';
import { findSpokenCodes, numberWordValue } from './ids';
import { wordsAfterName, type Kind } from './kinds';
import { namedBy } from './answer-text';
import { holdsAPlaceOnTheBody, placeOnTheBody } from './places';
import { holdsARelation, readOwnRelation } from './relations';
import { legOf, placeForLeg } from './route';
import { holdsAState, stateSaid } from './us-states';
import { nameWords } from './words';

/** A building's name: capitalised words ending in a building's kind ("Marlow House", "Unit 4 Riverside Works"). */
const BUILDING_SAID = /(?:\b(?:Unit|Flat|Suite)\s+\d+[A-Z]?,?\s+)?(?:\b[A-Z][\p{L}'’-]+\s+){1,3}(?:House|Court|Centre|Center|Hall|Lodge|Cottage|Farm|Barn|Mill|Manor|Works|Tower|Building|Chambers|Mansions|Villa|Barracks|Studios|Hub)\b/u;

export interface Shaped {
  value: string;
  said: string;
  rule: string;
  why: string;
}

/** How many digits a code takes: a US zip's five, or the count its description says ("five digits", "10 digits"). */
function digitsCounted(name: string, kind: Kind, description: string): number | undefined {
  const said = /\b(\d{1,2}|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+digits?\b/i.exec(description)?.[1];
  if (said) return numberWordValue(said);
  return kind === 'postcode' && nameWords(name).some((w) => /^zip(?:code)?$/i.test(w)) ? 5 : undefined;
}

/** The readings of a shape the line gives for this parameter, in the order they are tried. */
export function shapedText(name: string, prop: JsonSchema, kind: Kind, freeText: boolean, line: string, toolDescription: string): Shaped[] {
  const out: Shaped[] = [];
  const own = wordsAfterName(name, toolDescription);
  // A zip code, or a code the description counts in digits, said one by one: those digits, when
  // the count is right ("five five four oh five" is 55405).
  const digitCount = (prop.type === 'string' || prop.type === undefined) && typeof prop.pattern !== 'string' ? digitsCounted(name, kind, `${prop.description ?? ''} ${own}`) : undefined;
  const counted = digitCount ? findSpokenCodes(line).find((c) => new RegExp(`^\\d{${digitCount}}$`).test(c.value)) : undefined;
  if (counted) out.push({ value: counted.value, said: counted.said, rule: 'digits-counted', why: `"${counted.said}" is ${counted.value}, the ${digitCount} digits ${name} takes, said one by one` });
  // "on the inside of my forearm" for "Where on the body.": that place, as said.
  const onBody = freeText && holdsAPlaceOnTheBody(name, prop.description ?? '') ? placeOnTheBody(line) : undefined;
  if (onBody) out.push({ value: onBody, said: onBody, rule: 'words-place-on-body', why: `"${onBody}" is a place on the body` });
  // "My license is from Illinois" for license_state: the state, as a code when asked for one.
  const state = holdsAState(name, prop) ? stateSaid(line, prop, own) : undefined;
  if (state) out.push({ ...state, rule: 'words-us-state', why: `"${state.said}" names the state${state.value !== state.said ? `, ${state.value} as a code` : ''}` });
  // "It's Marlow House, on Ferry Lane" for a building: the building's name.
  const building = freeText && nameWords(name).some((w) => /^(?:building|premises)$/i.test(w)) ? BUILDING_SAID.exec(line)?.[0].replace(/^(?:(?:It|That|This|We|I)(?:['’](?:s|re|m)|\s+is|\s+are|\s+am)\s+)+/, '') : undefined;
  if (building) out.push({ value: building, said: building, rule: 'words-building', why: `"${building}" names a building` });
  // "I'm her daughter" for a relationship: that word.
  const relation = freeText && holdsARelation(name) ? readOwnRelation(line) : undefined;
  if (relation) out.push({ ...relation, rule: 'words-relation', why: `"${relation.said}" gives the caller's own relation` });
  // "Hendon's the closest centre": the line names the parameter and says what it is.
  const named = freeText ? namedBy(name, line) : undefined;
  if (named) out.push({ value: named.value, said: named.said, rule: 'words-named', why: `the caller's "${named.said}" says what the ${named.word} is` });
  // "Pick us up from …, and we're going to …": each end of the journey to its own parameter.
  const leg = freeText ? legOf(name) : undefined;
  const journeyEnd = leg ? placeForLeg(leg, line) : undefined;
  if (journeyEnd) out.push({ ...journeyEnd, rule: 'words-journey-end', why: `"${journeyEnd.said}" says where the journey ${leg === 'origin' ? 'begins' : 'goes'}, which ${name} holds` });
  return out;
}
