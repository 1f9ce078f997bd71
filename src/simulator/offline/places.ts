// Parts of a place said in a sentence (issue 32): "It's on Priestpopple in Hexham, just down from
// the bus station" gives a street, a town and what is near. A parameter that holds one of these
// takes only what has that shape — a street is a name with capitals or a street's kind, a town a
// name after "in" — never the whole answer (a line about a pothole's size is no street).
import { nameWords } from './words';

/** A street's name, a town's, and what is near (names of the parts, not of any agent's parameters). */
export type PlacePart = 'street-name' | 'town-name' | 'what-is-near';

/** Which part of a place a parameter holds, by its name ("street", "town", "landmark"). */
export function placePartOf(name: string): PlacePart | undefined {
  const ws = nameWords(name).map((w) => w.toLowerCase());
  // "street_address", "house_number", "postcode" are whole addresses or other parts.
  if (ws.some((w) => /^(?:address|number|postcode|zip)$/.test(w))) return undefined;
  if (ws.some((w) => /^(?:street|road)s?$/.test(w))) return 'street-name';
  if (ws.some((w) => /^(?:town|city|village|locality|suburb)$/.test(w))) return 'town-name';
  if (ws.some((w) => /^(?:landmark|landmarks|nearby)$/.test(w))) return 'what-is-near';
  return undefined;
}

const STREET_KINDS = 'Road|Street|Lane|Avenue|Close|Drive|Way|Crescent|Grove|Place|Terrace|Gardens|Court|Row|Hill|Square|Mews|Walk|Parade|Rise|View|Green|Boulevard|Highway|St|Rd|Ave';
const PROPER = "[A-Z][\\p{L}'’-]+";
/** Capitalised words that name no place: days, months, the caller. */
const NOT_A_PLACE = /^(?:I|I'm|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Mr|Mrs|Ms|Dr)$/;
/** What is near: "down from the bus station", "outside the Co-op", "near the zebra crossing". */
const NEAR = /\b(?:(?:just\s+)?(?:down|up|along|round|across)\s+from|outside|opposite|near|next\s+to|by\s+the|behind|in\s+front\s+of|at\s+the\s+(?:corner|junction|end|top|bottom)|on\s+the\s+corner|just\s+(?:past|before|after))\b/i;

const names = (said: string) => said.split(/\s+/).every((w) => !NOT_A_PLACE.test(w));

/** The part of a place the line says, with the words it was read from; undefined when it says none. */
export function readPlacePart(part: PlacePart, line: string): { value: string; said: string } | undefined {
  if (part === 'street-name') {
    // "Barton Road", "twenty-three Barton Road" (the number is the door's), else "on Priestpopple".
    // ("St Mark's church hall": a "St" before a name is a saint's, no street.)
    const kind = [...line.matchAll(new RegExp(`(${PROPER}(?:\\s+${PROPER})*)\\s+(?:${STREET_KINDS})\\b`, 'gu'))].find((m) => !(/\bSt\.?$/.test(m[0]) && /^\.?\s+[A-Z]/.test(line.slice((m.index ?? 0) + m[0].length))) && names(m[1]));
    if (kind) return { value: kind[0], said: kind[0] };
    const on = new RegExp(`\\bon\\s+(${PROPER}(?:\\s+${PROPER})*)`, 'u').exec(line);
    if (on && names(on[1])) return { value: on[1], said: on[0] };
    return undefined;
  }
  if (part === 'town-name') {
    const inTown = new RegExp(`\\bin\\s+(${PROPER}(?:\\s+${PROPER})?)`, 'u').exec(line);
    return inTown && names(inTown[1]) ? { value: inTown[1], said: inTown[0] } : undefined;
  }
  const near = line
    .split(/\s*[,;]\s*|(?<=[.!?])\s+/)
    .map((c) => c.trim())
    .filter((c) => NEAR.test(c))
    // From where what is near starts in its clause ("It's just down from …" is "just down from …").
    .map((c) => c.slice(NEAR.exec(c)!.index).replace(/[.!?]+$/, ''));
  return near.length ? { value: near.join(', '), said: near.join(', ') } : undefined;
}

/**
 * Whether an answer could be a street address at all: a kind of street, or a number before a name
 * ("a two-story house" has neither). "Tonight, please, if you can" is no answer to "House number
 * and street", whatever was asked.
 */
export function mayBeAStreetAddress(text: string): boolean {
  const number = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh)';
  // A kind of street said, or a number (in digits or words) right before a name in capitals ("1842
  // Jefferson", "thirty-four seventeen Ardleigh"); digits read out for a phone are no door number.
  return new RegExp(`\\b(?:${STREET_KINDS})\\b`, 'i').test(text) || new RegExp(`(?:\\b\\d+[a-z]?|\\b${number}(?:[\\s-]+${number})*)\\s+[A-Z][a-z]`).test(text);
}

/** A parameter that says where a thing is: its description opens "Where …" or "The room or spot …". */
export const holdsWhereAThingIs = (description: string) => /^\s*(?:where\b|the\s+(?:room|spot|place|location|position)\b)/i.test(description);

/** Words that place a thing: "at the bottom of the drive", "next to the lamppost", "in the kitchen". */
const LOCATIVE = new RegExp(`${NEAR.source}|\\b(?:in|on|under|above|beside|inside|round|around)\\s+(?:the|my|our|their|his|her)\\s+[a-z]`, 'i');

/**
 * Of a line that answers several questions ("The green one … It was out before half six, it's still
 * sat at the bottom of the drive next to the lamppost"), the clause that places a thing, for a
 * parameter that says where it is. Undefined when no clause or several do.
 */
export function clauseThatPlaces(line: string): string | undefined {
  const clauses = line.split(/(?<=[.!?;])\s+|,\s+(?=(?:it|she|he|they|we|I|and|but|so)\b)/).map((c) => c.trim().replace(/[.!?;]+$/, '')).filter(Boolean);
  const placing = clauses.filter((c) => LOCATIVE.test(c) && !/\b(?:morning|afternoon|evening|night|today|tomorrow|o['’]clock|am|pm)\b/i.test(c));
  return placing.length === 1 ? placing[0] : undefined;
}


/** Parts of the body people name for a tattoo, a pain or an injury. */
const BODY_PART = 'forearm|arm|upper\\s+arm|wrist|hand|finger|thumb|elbow|shoulder|shoulder\\s+blade|neck|back|lower\\s+back|spine|chest|ribs?|stomach|tummy|belly|hip|thigh|leg|knee|calf|shin|ankle|foot|feet|toe|heel|head|face|jaw|ear|collarbone|sternum|bicep|tricep|bum|buttock';
/** "on the inside of my forearm", "my left knee", "behind my ear": a place on the body, as said. */
const ON_THE_BODY = new RegExp(`\\b(?:(?:the\\s+)?(?:inside|outside|back|front|top|side|underside|bottom)\\s+of\\s+)?(?:my|his|her|their|your|the)\\s+(?:(?:left|right|upper|lower|inner|outer)\\s+)?(?:${BODY_PART})\\b`, 'i');

/** Whether a parameter holds a place on the body ("Where on the body.", "body_part"). */
export const holdsAPlaceOnTheBody = (name: string, description: string) => /\bon\s+the\s+body\b|\bbody\s+part\b/i.test(description) || /\bbody[\s_]?part|placement\b/i.test(name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** The place on the body the line names, as said ("the inside of my forearm"). */
export function placeOnTheBody(line: string): string | undefined {
  return ON_THE_BODY.exec(line)?.[0];
}
