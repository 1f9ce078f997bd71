// Orders in a node's task that count ("Once you've explored an aspect (typically after 3-5
// exchanges), use next_question"; "After covering 3 key aspects, use wrap_up"): a model keeps
// count of what was said, so the offline model counts too — the caller's lines said to the node
// since its task was given, and how many times the node's task has been given (a node that
// re-enters itself once per aspect). Read from the wording, with no example's words: a count of
// exchanges (questions, turns, answers) and a count of covered things (aspects, topics, points).
import type { Reading } from './reading';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const N = `(\\d+|${NUMBER_WORDS.join('|')})`;
const numberOf = (said: string) => (/^\d+$/.test(said) ? Number(said) : NUMBER_WORDS.indexOf(said.toLowerCase()));

/** "after 3-5 exchanges", "after two questions": the lower bound. */
const EXCHANGES = new RegExp(`\\bafter\\s+(?:about\\s+|around\\s+|roughly\\s+)?${N}(?:\\s*(?:-|–|to|or)\\s*${N})?\\s+(?:exchanges?|questions?|turns?|answers?|replies|back-and-forths?)\\b`, 'i');
/** "After covering 3 key aspects", "once you've discussed two topics". */
const COVERED = new RegExp(`\\b(?:after|once\\s+you(?:['’]ve|\\s+have))\\s+(?:covering|covered|exploring|explored|discussing|discussed|going through|gone through)\\s+${N}\\s+(?:\\w+\\s+)?(?:aspects?|topics?|points?|areas?|subjects?|questions?|themes?)\\b`, 'i');

/** Whether the sentence's condition is a count: it is then decided here, not by its words. */
export const counts = (sentence: string): boolean => EXCHANGES.test(sentence) || COVERED.test(sentence);

export interface CountedOrder {
  /** The unit counted: a covered thing stands over an exchange (the third aspect wraps up, not moves on). */
  rank: number;
  holds: boolean;
  why: string;
}

/** The count a sentence states, decided on the node's progress; undefined when it states none. */
export function countedOrder(sentence: string, r: Reading): CountedOrder | undefined {
  if (!r.task) return undefined;
  const { exchanges, visits } = r.task;
  // An aspect is explored after the exchanges the task asks for (any sentence of it), else after one.
  const perVisit = numberOfMatch(EXCHANGES.exec(r.instructions)) ?? 1;
  const covered = COVERED.exec(sentence);
  if (covered) {
    const wanted = numberOf(covered[1]);
    const done = visits - 1 + (exchanges >= perVisit ? 1 : 0);
    return { rank: 2, holds: done >= wanted, why: `${done} of the ${wanted} the task counts are covered (the node's task given ${visits} time${visits === 1 ? '' : 's'}, ${exchanges} exchange${exchanges === 1 ? '' : 's'} in this one)` };
  }
  const exchanged = EXCHANGES.exec(sentence);
  if (exchanged) {
    const wanted = numberOf(exchanged[1]);
    return { rank: 1, holds: exchanges >= wanted, why: `${exchanges} exchange${exchanges === 1 ? '' : 's'} in this node of the ${wanted} the task counts` };
  }
  return undefined;
}

const numberOfMatch = (m: RegExpExecArray | null) => (m ? numberOf(m[1]) : undefined);
