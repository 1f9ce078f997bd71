// How the caller is related to someone, said of themselves: "I'm her daughter", "I'm his nephew".
// A parameter that holds a relationship takes that word; "she's my mum" says what she is to the
// caller, not what the caller is to her, and is not read (it would be a guess: son or daughter).
import { RELATIVE } from './extract';
import { nameWords } from './words';

/** Relations beyond the family words of extract.ts, as people give them of themselves. */
const MORE = '(?:nephew|niece|cousin|grandson|granddaughter|stepson|stepdaughter|carer|godson|goddaughter|son-in-law|daughter-in-law)';

/** A parameter that holds a relationship ("relationship", "relation_to_patient"). */
export const holdsARelation = (name: string): boolean => nameWords(name).some((w) => /^(?:relationship|relation|relationships|related)$/i.test(w));

/** "I'm her daughter" → daughter; undefined when the caller says no relation of their own. */
export function readOwnRelation(line: string): { value: string; said: string } | undefined {
  const m = new RegExp(`\\bI(?:['’]m| am)\\s+(?:her|his|their)\\s+(${MORE}|${RELATIVE})\\b`, 'i').exec(line);
  return m ? { value: m[1].toLowerCase(), said: m[0] } : undefined;
}
