// The question for one field of an object parameter still missing (`address.line1`, `pet.breed`).
// A field is asked by its own description when it has one ("What is the breed of the animal?"),
// and an address's line by which line it is ("the first line of the address"): glued to its
// parent's name ("What is your address line1?") it reads as no person would ask it. A field with
// neither keeps its parent's name before its own ("the pet name": "name" alone would ask for the
// caller's), unless its parent is a place.
import type { JsonSchema } from '../../model';
import { addressLineWords, ofAnAddress } from './address-lines';
import { askFor } from './speech';

export function askForField(parent: string, field: string, prop: JsonSchema | undefined): string {
  if (prop?.description?.trim()) return askFor(field, prop);
  const line = addressLineWords(field, parent);
  if (line) return `What is ${line}?`;
  // A part of a place ("location.road", "address.town") is asked by its own name: the place is the
  // call's, as the caller's name is ("What is the road?", not "What is the location road?").
  if (ofAnAddress(parent)) return askFor(field, prop);
  return askFor(`${parent}_${field}`, prop);
}

/** The fields of an object parameter whose own question (askForField) the agent's line ends with. */
export function fieldsAskedBy(line: string, parent: string, prop: JsonSchema | undefined): string[] {
  const asked = line.trim();
  return Object.entries(prop?.properties ?? {}).filter(([field, p]) => asked.endsWith(askForField(parent, field, p))).map(([field]) => field);
}
