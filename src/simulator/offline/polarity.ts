// Negation and its scope (issue 32): a word the caller says is denied when a negator ("no", "not",
// "nobody", "never", "n't", "none", "nothing"…) comes before it in the same clause. A clause ends
// at punctuation or at a word that joins two clauses ("but", "and", "though"…), so "No, I need a
// ramp" denies nothing about the ramp, while "No, nobody needs a ramp" does.
import { conceptOfWord } from './words';

/** Words that deny what follows them in their clause. */
// ("Skip the salt", "I'll pass on the lashes": a thing turned down is denied as surely; "skip
// straight to the booking" goes to it.)
const NEGATOR = /\b(?:not|no|never|nobody|no[\s-]one|none|nothing|neither|nor|without|no longer|cannot|[a-z]+n['’]t|skip(?!\s+(?:to|straight|ahead|forward|right)\b)|pass\s+on)\b/gi;
/** What ends a clause: punctuation, or a word that joins another clause on. */
const CLAUSE_END = /[,;.!?]|\b(?:but|and|although|though|because|while|whereas|so|or)\b/gi;
/**
 * "not until Friday", "not before ten": a limit, not a denial of the day; "I wouldn't mind giving
 * padel a go", "don't mind which": a wish, not a denial.
 */
const LIMIT_AFTER = /^\s*(?:until|till|before|after|later|earlier|sooner|more|less|fewer|only|just|mind)\b/i;

/** The start of the clause that holds `index`. */
function clauseStart(line: string, index: number): number {
  let start = 0;
  for (const m of line.matchAll(CLAUSE_END)) {
    const end = (m.index ?? 0) + m[0].length;
    if (end <= index) start = end;
  }
  return start;
}

/**
 * The negator that denies the word at `index` of `line` (the words as said, for the trace), or
 * undefined when nothing in its clause before it denies it.
 */
export function negationAt(line: string, index: number, withinWords = Infinity): string | undefined {
  if (index <= 0) return undefined;
  const start = clauseStart(line, index);
  const before = line.slice(start, index);
  const negators = [...before.matchAll(NEGATOR)].filter((m) => {
    const after = before.slice((m.index ?? 0) + m[0].length);
    return !LIMIT_AFTER.test(after) && (after.match(/\S+/g)?.length ?? 0) <= withinWords;
  });
  if (negators.length) return negators.at(-1)?.[0];
  // "Don't need the legal stuff, or the garden": a short item joined on by "or"/"nor" is denied
  // with the list it ends ("…, and the garden" is not: "and" adds what is wanted as often).
  const joiner = OR_ITEM.exec(line.slice(0, start));
  if (joiner && (before.match(/\S+/g)?.length ?? 0) <= OR_ITEM_WORDS && withinWords === Infinity) return negationAt(line, joiner.index);
  return undefined;
}

/** An "or"/"nor" that opens a list's next item, with the comma before it. */
const OR_ITEM = /,?\s*\b(?:or|nor)\s*$/i;
/** How long an item joined on by "or" may be and still be the list's ("the garden cover"). */
const OR_ITEM_WORDS = 3;

/** The index of `word` as a whole word in `line` (case-insensitive), or -1. */
export function wordIndex(line: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, 'iu').exec(line)?.index ?? -1;
}

/**
 * The negator that denies `word` in `line`, when one does; `withinWords` keeps it near (a want
 * is denied by "don't want to book", not by "don't have one of those booking numbers").
 */
export const negationOf = (line: string, word: string, withinWords = Infinity): string | undefined => negationAt(line, wordIndex(line, word), withinWords);

/**
 * The line with every word a negator denies blanked out (same length, so places still match): what
 * the caller picks from offered options ("Not the Thursday, I'm at work. The Saturday one" picks
 * only among "The Saturday one").
 */
export function withoutDenied(line: string): string {
  const denied = line.replace(/[\p{L}\p{N}'’]+/gu, (word, at: number) => (!NEGATOR_WORD.test(word) && negationAt(line, at) !== undefined ? ' '.repeat(word.length) : word));
  // "Friday's no good", "the morning won't work": what the clause turns down is said before it.
  let out = denied;
  for (const m of line.matchAll(TURNED_DOWN_AFTER)) {
    const head = m[1] ?? m[2] ?? '';
    const at = m.index ?? 0;
    out = out.slice(0, at) + ' '.repeat(head.length) + out.slice(at + head.length);
  }
  return out;
}

/** A clause whose subject the words after it turn down ("Friday's no good", "mornings are out", "Tuesday won't work"). */
// ("getting him out the door by nine-thirty on a Saturday is not gonna happen" turns down nine-thirty.)
const TURNED_DOWN_AFTER = /(?<=^|[,.;:!?]\s*|\bbut\s+|\band\s+)([^,.;:!?]{1,70}?)(?:['’]s|\s+is|\s+are|\s+would\s+be)\s+(?:no\s+good|not\s+good|no\s+use|out|bad|tricky|a\s+no(?:-go)?|impossible|a\s+non-starter|not\s+(?:gonna|going\s+to)\s+happen|too\s+early|too\s+late)\b[^,.;:!?]*|(?<=^|[,.;:!?]\s*|\bbut\s+|\band\s+)([^,.;:!?]{1,40}?)\s+(?:won['’]t|doesn['’]t|wouldn['’]t|will\s+not|does\s+not)\s+(?:work|do|suit)\b[^,.;:!?]*/gi;

/** A word that is itself a negator (kept: it denies, it is not denied). */
const NEGATOR_WORD = /^(?:not|no|never|nobody|none|nothing|neither|nor|without|cannot|[a-z]+n['’]t)$/i;

/** The concepts of the line's words that a negator in their clause denies at every place they are said. */
export function deniedConcepts(line: string): Set<string> {
  const affirmed = new Set<string>();
  const denied = new Set<string>();
  for (const m of line.matchAll(/[\p{L}'’]+/gu)) {
    const c = conceptOfWord(m[0].toLowerCase());
    if (negationAt(line, m.index)) denied.add(c);
    else affirmed.add(c);
  }
  return new Set([...denied].filter((c) => !affirmed.has(c)));
}
