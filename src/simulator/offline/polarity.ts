// Negation and its scope (issue 32): a word the caller says is denied when a negator ("no", "not",
// "nobody", "never", "n't", "none", "nothing"…) comes before it in the same clause. A clause ends
// at punctuation or at a word that joins two clauses ("but", "and", "though"…), so "No, I need a
// ramp" denies nothing about the ramp, while "No, nobody needs a ramp" does.

/** Words that deny what follows them in their clause. */
const NEGATOR = /\b(?:not|no|never|nobody|no[\s-]one|none|nothing|neither|nor|without|no longer|cannot|[a-z]+n['’]t)\b/gi;
/** What ends a clause: punctuation, or a word that joins another clause on. */
const CLAUSE_END = /[,;.!?]|\b(?:but|and|although|though|because|while|whereas|so|or)\b/gi;
/** "not until Friday", "not before ten": a limit, not a denial of the day. */
const LIMIT_AFTER = /^\s*(?:until|till|before|after|later|earlier|sooner|more|less|fewer|only|just)\b/i;

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
  const before = line.slice(clauseStart(line, index), index);
  const negators = [...before.matchAll(NEGATOR)].filter((m) => {
    const after = before.slice((m.index ?? 0) + m[0].length);
    return !LIMIT_AFTER.test(after) && (after.match(/\S+/g)?.length ?? 0) <= withinWords;
  });
  return negators.at(-1)?.[0];
}

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
