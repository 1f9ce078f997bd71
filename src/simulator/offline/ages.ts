// Counting people by the ages a caller gives ("The eldest is nine, then six, and the littlest is
// four") into the age bands a count parameter's description sets ("Children aged 5 to 15",
// "Children under five"). Only bands with an upper bound: "16 and over" is counted as said ("two
// of us adults"), since the ages a caller lists are usually only the children's.
import { findLargeNumberWords, numberWordValue } from './ids';
import { findNumbers } from './extract';

const NUMBER = '(\\d{1,3}|[a-z]+(?:[\\s-][a-z]+)?)';
const value = (said: string): number | undefined => (/^\d+$/.test(said) ? Number(said) : numberWordValue(said));

/** The band of ages a description gives: "aged 5 to 15" is [5, 15], "under five" is [0, 4]. */
export function ageBand(description: string): [number, number] | undefined {
  const between = new RegExp(`\\baged?\\s+${NUMBER}\\s*(?:to|-|–|and)\\s*${NUMBER}\\b`, 'i').exec(description);
  if (between) {
    const [a, b] = [value(between[1].toLowerCase()), value(between[2].toLowerCase())];
    if (a !== undefined && b !== undefined && a <= b) return [a, b];
  }
  const under = new RegExp(`\\b(?:under|below|younger than)\\s+${NUMBER}\\b`, 'i').exec(description);
  const n = under ? value(under[1].toLowerCase()) : undefined;
  return n !== undefined && n > 0 ? [0, n - 1] : undefined;
}

/** Words that make a sentence one about ages. */
const AGE_WORDS = /\b(?:eldest|oldest|youngest|littlest|middle one|aged|years? old|ages?)\b/i;

/** "three kids": how many children the line says there are, when it says. */
const CHILDREN = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:kids|children|little ones|boys|girls|grandchildren)\b/i;

/**
 * The ages a line gives, from each sentence's first word about ages on ("The eldest is nine, then
 * six, and the littlest is four"); undefined when it gives none, or fewer or more than the
 * children it says there are ("two kids, the youngest is one" gives one age of two).
 */
export function agesIn(line: string): { ages: number[]; said: string } | undefined {
  const parts = line.split(/(?<=[.!?])\s+/).flatMap((s) => {
    const at = AGE_WORDS.exec(s);
    return at ? [s.slice(at.index)] : [];
  });
  if (!parts.length) return undefined;
  const ages = parts.flatMap((s) => [...findNumbers(s), ...findLargeNumberWords(s)].sort((a, b) => a.index - b.index).map((f) => f.value)).filter((n) => Number.isInteger(n) && n >= 0 && n <= 120);
  const stated = CHILDREN.exec(line);
  const children = stated ? value(stated[1].toLowerCase()) : undefined;
  if (!ages.length || (children !== undefined && children !== ages.length)) return undefined;
  return { ages, said: parts.join(' ') };
}

/** How many of the ages the line gives fall in the description's band; undefined when either is missing. */
export function countByAges(description: string, line: string): { count: number; said: string; why: string } | undefined {
  const band = ageBand(description);
  const given = band && agesIn(line);
  if (!band || !given) return undefined;
  const inBand = given.ages.filter((a) => a >= band[0] && a <= band[1]);
  return { count: inBand.length, said: given.said, why: `the ages said (${given.ages.join(', ')}) hold ${inBand.length} from ${band[0]} to ${band[1]}` };
}
