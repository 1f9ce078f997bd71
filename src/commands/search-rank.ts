/**
 * How Ctrl+K ranks what it finds: every typed word must appear, whole, in the entry (its name, its
 * kind, its description, its code), and a word found in the name counts far more than one in the
 * description, which counts more than one in code. Substrings, not letters in order: cmdk's fuzzy
 * filter let "slot" match any tool whose text held s…l…o…t, so it listed 7 of the sample's 8 tools.
 */

/** What one entry is searched by, from the most telling to the least. */
export interface Searchable {
  name: string;
  /** The kind word a person may type first: "tool", "stage", "command"… */
  kind: string;
  description?: string;
  /** A tool's implementation: "agenda" finds the tool whose code calls this.agenda(). */
  code?: string;
}

/** A word starts at `at`: the text's start, after a non-letter (snake_case, spaces) or a camelCase hump. */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text[at - 1];
  if (!/[\p{L}\p{N}]/u.test(before)) return true;
  return /\p{Lu}/u.test(text[at]) && /\p{Ll}/u.test(before);
}

/** The best place `word` (lower case) stands in `text`: 2 at a word's start, 1 inside a word, 0 absent. */
function placeIn(text: string, word: string): 0 | 1 | 2 {
  const lower = text.toLowerCase();
  let found: 0 | 1 = 0;
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
    if (startsWord(text, at)) return 2;
    found = 1;
  }
  return found;
}

function wordScore(entry: Searchable, word: string): number {
  const name = entry.name.toLowerCase();
  if (name === word) return 100;
  if (name.startsWith(word)) return 80;
  const inName = placeIn(entry.name, word);
  if (inName) return inName === 2 ? 60 : 40;
  if (entry.kind.toLowerCase().startsWith(word)) return 4;
  const inDescription = placeIn(entry.description ?? '', word);
  if (inDescription) return inDescription === 2 ? 20 : 10;
  const inCode = placeIn(entry.code ?? '', word);
  return inCode === 2 ? 6 : inCode;
}

/** The entry's score for `query`: 0 when a word of it is nowhere in the entry; higher is better. */
export function searchScore(entry: Searchable, query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let total = 0;
  for (const word of words) {
    const score = wordScore(entry, word);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

/** The entries that match `query`, best first (ties keep their order); all of them for an empty query. */
export function rankSearch<T extends Searchable>(entries: readonly T[], query: string): { entry: T; score: number }[] {
  if (!query.trim()) return entries.map((entry) => ({ entry, score: 0 }));
  return entries
    .map((entry) => ({ entry, score: searchScore(entry, query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score);
}
