// The two ends of a journey said in one line ("Pick us up from 8 Elm Way, and we're going to the
// station"): a free-text parameter for where to start takes the place after "pick up from", and
// one for where to go the place after "going to". Only these explicit markers count: a bare
// "from" ("calling from my mobile") says nothing of a journey.
import { nameWords } from './words';

export type Leg = 'origin' | 'destination';

/** Which end of a journey a parameter holds, by its name ("pickup_address", "destination"). */
export function legOf(name: string): Leg | undefined {
  const ws = nameWords(name).join(' ');
  if (/\b(?:pick ?up|pickup|origin|collection|collect|departure)\b/.test(ws)) return 'origin';
  if (/\b(?:destination|drop ?off|arrival)\b/.test(ws)) return 'destination';
  // "from_postcode", "moving_to": a first or last word "from" or "to" names the end.
  if (/^from\b|\bfrom$/.test(ws)) return 'origin';
  if (/^to\b|\bto$/.test(ws)) return 'destination';
  return undefined;
}

/**
 * The end of a journey the line marks a value as ("from SW9 8QT up to EH3 9AB"): the last "from" or
 * "to" between the value before it (or the line's start) and this one. Undefined when unmarked.
 */
export function legMarkedAt(line: string, index: number, previousEnd = 0): Leg | undefined {
  const marks = [...line.slice(previousEnd, index).matchAll(/\b(from|to|into|towards)\b/gi)];
  const last = marks.at(-1)?.[1].toLowerCase();
  return last === undefined ? undefined : last === 'from' ? 'origin' : 'destination';
}

/** Where a place said ends: a comma, "and", or the end of its sentence. */
const PLACE = `(.+?)(?=,|\\s+and\\b|\\s+(?:at|for|around|by)\\s+(?:half|quarter|\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)|[.;!?](?:\\s|$)|$)`;
const MARKERS: Record<Leg, RegExp[]> = {
  origin: [new RegExp(`\\bpick(?:ing)?\\s*(?:me|us|them|her|him)?\\s*up\\s+(?:from|at)\\s+${PLACE}`, 'i'), new RegExp(`\\bcollect(?:ing)?\\s+(?:me|us|them)\\s+(?:from|at)\\s+${PLACE}`, 'i'), new RegExp(`\\bfrom\\s+(.+?)\\s+to\\s+`, 'i')],
  destination: [new RegExp(`\\b(?:going|heading|travelling|traveling|off)\\s+to\\s+${PLACE}`, 'i'), new RegExp(`\\bdrop(?:ping)?\\s*(?:me|us|them)?\\s*off\\s+at\\s+${PLACE}`, 'i'), new RegExp(`\\bfrom\\s+.+?\\s+to\\s+${PLACE}`, 'i')],
};

/**
 * A place said without the words of how or when that follow it: "from York down to …" starts at
 * York, "to King's Cross on the twenty-second" goes to King's Cross.
 */
function placeOnly(said: string): string {
  return said
    // ("Burton on Trent" keeps its "on": only "on" before a day ends the place.)
    .replace(/\s+(?:on\s+(?:the\s+[\w-]+(?:st|nd|rd|th)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d|christmas|boxing|new\s+year)|this|next|tomorrow|today|tonight|first\s+thing|early|late|in\s+the\s+(?:morning|afternoon|evening)|at\s+the\s+weekend)\b.*$/i, '')
    .replace(/(?:\s+(?:down|up|over|back|across|out|round|along|home|again))+$/i, '')
    .trim();
}

/** The place the line gives for this end of the journey, with the words that mark it. */
export function placeForLeg(leg: Leg, line: string): { value: string; said: string } | undefined {
  for (const marker of MARKERS[leg]) {
    const m = marker.exec(line);
    const value = m && placeOnly(m[1]);
    if (m && value) return { value, said: m[0].trim() };
  }
  return undefined;
}
