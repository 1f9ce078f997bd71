// Which counts of a caller's line a count parameter may take when its schema has other counts too:
// the count said of its own thing ("three kids" for children), never one said of another's.
import type { JsonSchema } from '../../model';
import type { Candidate } from './fill-types';
import { conceptOfWord, isStopWord, nameWords, words } from './words';

/** The words a count is said of ("two of us adults" → "adults", "three kids" → "kids"). */
function nounAfter(line: string, index: number, said: string): string[] {
  const after = line.slice(index + said.length);
  // "four of us", said alone, counts people.
  if (/^\s+of\s+(?:us|them|you)\b(?!\s+[a-z])/i.test(after)) return ['people'];
  const m = /^\s+(?:of\s+(?:us|them|you)\s+)?((?:[a-z'’-]+\s+){0,2}[a-z'’-]+)/i.exec(after);
  return m ? words(m[1]).filter((w) => !isStopWord(w)) : [];
}

/**
 * A count said with a noun that is not the parameter's thing ("as one word" for adults): for a
 * lone count parameter whose name or description says what it counts.
 */
function saidOfOtherThing(c: Candidate, line: string, name: string | undefined, described: Set<string> | undefined): boolean {
  if (!name || c.rule.startsWith('duration')) return false;
  const at = line.indexOf(c.said);
  const noun = at >= 0 ? nounAfter(line, at, c.said).map(conceptOfWord) : [];
  const own = new Set([...nameConcepts(name), ...(described ?? [])]);
  return noun.length > 0 && own.size > 0 && !noun.some((w) => own.has(w)) && /^\s+(?!of\b)[a-z]/i.test(line.slice(at + c.said.length));
}

const nameConcepts = (name: string) => new Set(nameWords(name).filter((w) => !isStopWord(w)).map(conceptOfWord));

/**
 * The counts of a line a count parameter may take, when its schema has other counts too: a count
 * said of this parameter's own thing ("three kids" for children) comes first; one said of another
 * parameter's thing ("two of us adults") is that one's; and where the line says what its counts
 * count, a count said of nothing named is no evidence for this one (the agent asks).
 */
export function scopeCounts(name: string, line: string, found: Candidate[], counted: [string, JsonSchema | undefined][]): Candidate[] {
  const counts = counted.map(([p]) => p);
  // What each count counts: its name's words, else its description's ("Number of people travelling").
  const described = new Map(counted.map(([p, prop]) => [p, new Set(words(prop?.description ?? '').filter((w) => !isStopWord(w)).map(conceptOfWord))]));
  if (counts.length < 2) return found.filter((c) => !saidOfOtherThing(c, line, counts[0], described.get(counts[0])));
  // A duration is said with its unit ("two weeks"): the unit already says what it counts.
  const durations = found.filter((c) => c.rule.startsWith('duration'));
  let cursor = 0;
  const read = found.filter((c) => !durations.includes(c)).map((c) => {
    const at = line.indexOf(c.said, cursor);
    if (at >= 0) cursor = at + c.said.length;
    // "one of the boys uses a wheelchair" counts what its clause says of the one, not the boys.
    const noun = c.rule === 'number-one-of' ? words(c.said.replace(/^one of (?:the|us|them|my|our|your)\s+[\w'’-]+\s*/i, '')).filter((w) => !isStopWord(w)).map(conceptOfWord) : at >= 0 ? nounAfter(line, at, c.said).map(conceptOfWord) : [];
    const owner = counts.find((p) => noun.some((w) => nameConcepts(p).has(w))) ?? counts.find((p) => noun.some((w) => described.get(p)!.has(w)));
    return { c, owner, noun };
  });
  // "fair weather as one word", "three nights": a count said of a thing no count parameter counts
  // is that thing's, not this one's (a count said of nothing, "four", may still be).
  const ownedOrBare = read.filter((r) => r.owner !== undefined || r.noun.length === 0 || readByItsClause(r.c));
  const mine = ownedOrBare.filter((r) => r.owner === name);
  if (mine.length) return [...durations, ...mine.map((r) => ({ ...r.c, rule: 'number-of-its-thing', why: `"${r.c.said}" counts what ${name} counts` }))];
  if (read.some((r) => r.owner !== undefined)) return durations;
  return [...durations, ...ownedOrBare.map((r) => r.c)];
}

/** A count read by its own rule (one of…): its clause, not the word after it, says what it counts. */
const readByItsClause = (c: Candidate) => c.rule === 'number-one-of';
