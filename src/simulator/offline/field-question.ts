// The question for one field of an object parameter still missing (`address.line1`, `pet.breed`).
// A field is asked by its own description when it has one ("What is the breed of the animal?"),
// and an address's line by which line it is ("the first line of the address"): glued to its
// parent's name ("What is your address line1?") it reads as no person would ask it. A field with
// neither keeps its parent's name before its own ("the pet name": "name" alone would ask for the
// caller's), unless its parent is a place.
import type { JsonSchema } from '../../model';
import { addressLineWords, ofAnAddress } from './address-lines';
import { askFor } from './speech';
import { nameWords } from './words';

export function askForField(parent: string, field: string, prop: JsonSchema | undefined): string {
  if (prop?.description?.trim()) return askFor(field, prop);
  const line = addressLineWords(field, parent);
  if (line) return `What is ${line}?`;
  // A part of a place ("location.road", "address.town") is asked by its own name: the place is the
  // call's, as the caller's name is ("What is the road?", not "What is the location road?").
  if (ofAnAddress(parent)) return askFor(field, prop);
  // A field of a person or an animal ("driver.first_name", "pet.name") is theirs: "What is the
  // driver's first name?", not "What is your driver first name?".
  if (BEING.test(nameWords(parent).at(-1) ?? '')) return askFor(field, { ...prop, description: `The ${nameWords(parent).join(' ')}'s ${nameWords(field).join(' ')}` });
  return askFor(`${parent}_${field}`, prop);
}

/** Parents that are a person or an animal: their fields are theirs. */
const BEING = /^(?:pet|dog|cat|animal|horse|puppy|kitten|driver|passenger|guest|patient|customer|client|member|visitor|lead|holder|policyholder|owner|tenant|resident|student|child|learner|applicant|contact|caller|attendee|traveller|traveler|rider|player)s?$/i;

/** The fields of an object parameter whose own question (askForField) the agent's line ends with. */
export function fieldsAskedBy(line: string, parent: string, prop: JsonSchema | undefined): string[] {
  const asked = line.trim();
  return Object.entries(prop?.properties ?? {}).filter(([field, p]) => asked.endsWith(askForField(parent, field, p))).map(([field]) => field);
}
