// A make or model asked for inside an object ("vehicle.make") when the line names several ("the
// Graco … The car's a twenty-nineteen Honda CR-V"): the one said in the sentence about the
// object's thing (the car, for a vehicle), not a make of something else said beside it.
import type { Candidate } from './fill-types';
import { classesOf, stem, words } from './words';

/** Of the makes or models read, those said in a sentence naming `thing` or a kind of it; all of them when none or every one is. */
export function makersOfItsThing(found: Candidate[], line: string, thing: string): Candidate[] {
  if (found.length < 2) return found;
  const own = stem(thing);
  const namesThing = (sentence: string) => words(sentence).some((w) => stem(w) === own || classesOf(w).some((c) => stem(c) === own));
  let at = 0;
  const spans = line.split(/(?<=[.!?])\s+/).map((sentence) => {
    const start = line.indexOf(sentence, at);
    at = start + sentence.length;
    return { start, end: at, aboutIt: namesThing(sentence) };
  });
  const inItsSentence = found.filter((c) => {
    const i = line.indexOf(c.said);
    return spans.some((s) => s.aboutIt && i >= s.start && i < s.end);
  });
  return inItsSentence.length > 0 && inItsSentence.length < found.length ? inItsSentence : found;
}
