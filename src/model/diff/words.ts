import { diffWordsWithSpace } from 'diff';
import type { WordPart } from './types';

// jsdiff's word diff (Myers over words and whitespace runs): a well-kept library for a solved
// problem. Bounded: a text past MAX_WORDS_TEXT characters is shown whole as removed + added, since
// Myers is quadratic in the worst case and a reviewer cannot read a word diff of a novel anyway.
const MAX_WORDS_TEXT = 20_000;

/** A text worth a word diff: more than one word on either side. */
export const isProse = (value: unknown): value is string => typeof value === 'string' && /\S\s+\S/.test(value);

export function wordDiff(oldText: string, newText: string): WordPart[] {
  if (oldText.length + newText.length > MAX_WORDS_TEXT) {
    return [{ op: 'removed', text: oldText }, { op: 'added', text: newText }].filter((p) => p.text !== '') as WordPart[];
  }
  return diffWordsWithSpace(oldText, newText).map((c) => ({ op: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
}
