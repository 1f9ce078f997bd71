// A flag that turns on an age ("senior_fare: true when every passenger is over 60", "true if the
// child is under 5"): the caller's age, or what they say of it ("we're both well past sixty", "I'm
// sixty-eight", "he's eight"), decides it against the flag's own threshold (issue 32: "Never a wrong
// value": a number said of anything else decides nothing, and a denied one leaves the flag asked).
import type { JsonSchema } from '../../model';
import { findNumbers } from './extract';
import { findLargeNumberWords } from './ids';
import { negationAt } from './polarity';
import { nameWords } from './words';

export type AgeThreshold = { above: boolean; age: number };

/** The threshold a flag's words state: "over 60", "aged 65 or over", "under 16", "65+". */
export function ageThresholdOf(name: string, prop: JsonSchema): AgeThreshold | undefined {
  const said = `${nameWords(name).join(' ')} ${prop.description ?? ''}`;
  if (!/\b(?:aged?|ages?|old|older|younger|over|under|senior|child|children|adults?|years?|passengers?|people|everyone|each|all)\b/i.test(said)) return undefined;
  const orOver = /\b(?:aged\s+)?(\d{1,3})\s*(?:\+|or\s+(?:over|older|above|more))/i.exec(said);
  if (orOver) return { above: true, age: +orOver[1] };
  const over = /\b(?:over|above|older\s+than)\s+(?:the\s+age\s+of\s+)?(\d{1,3})\b/i.exec(said);
  if (over) return { above: true, age: +over[1] + 1 };
  const under = /\b(?:under|below|younger\s+than)\s+(?:the\s+age\s+of\s+)?(\d{1,3})\b/i.exec(said);
  if (under) return { above: false, age: +under[1] };
  return undefined;
}

/** Words before a number that say the age is at least it: "past sixty", "over seventy", "turned 65". */
const AT_LEAST = /\b(?:well\s+|just\s+|a\s+bit\s+|comfortably\s+)?(?:past|over|above|turned|older\s+than)\s+$/i;
/** Words before a number that say the age is under it: "under five", "not yet sixty". */
const LESS_THAN = /\b(?:under|below|younger\s+than|not\s+yet|nearly|almost)\s+$/i;
/** Words before a number that say it is someone's age: "I'm", "we're both", "he's", "she is", "aged". */
const IS_AGE = /\b(?:i['’]m|i\s+am|we['’]re(?:\s+both|\s+all)?|we\s+are(?:\s+both|\s+all)?|he['’]s|he\s+is|she['’]s|she\s+is|they['’]re(?:\s+both|\s+all)?|they\s+are(?:\s+both|\s+all)?|aged?)\s+$/i;
/** What may follow an age: the line's end, a pause, "years old", "next month", "in March". */
const AFTER_AGE = /^(?:\s*(?:years?\s+(?:old|of\s+age)|yrs?|[,.;!?]|$|and\b|next\b|this\b|in\b|now\b|mind\b|myself\b|both\b))/i;

/**
 * The flag's value from what the latest line says of an age, with the words it came from; undefined
 * when the line says no age, says one in a sentence that denies it, or says one the threshold does
 * not decide ("over fifty" against "over 60").
 */
export function flagByAge(threshold: AgeThreshold, line: string): { value: boolean; said: string } | undefined {
  const numbers = [...findLargeNumberWords(line), ...findNumbers(line)];
  for (const n of numbers) {
    const before = line.slice(Math.max(0, n.index - 30), n.index);
    const after = line.slice(n.index + n.said.length);
    const said = `${/\S+\s+\S+\s*$/.exec(before)?.[0] ?? ''}${n.said}`.trim();
    if (negationAt(line, n.index) !== undefined) continue;
    if (AT_LEAST.test(before)) {
      const least = n.value + (/\b(?:past|over|above|older\s+than)\s+$/i.test(before) ? 1 : 0);
      if (threshold.above && least >= threshold.age) return { value: true, said };
      if (!threshold.above && least >= threshold.age) return { value: false, said };
      continue;
    }
    if (LESS_THAN.test(before)) {
      if (threshold.above && n.value <= threshold.age) return { value: false, said };
      if (!threshold.above && n.value <= threshold.age) return { value: true, said };
      continue;
    }
    if (IS_AGE.test(before) && AFTER_AGE.test(after)) {
      const at = threshold.above ? n.value >= threshold.age : n.value < threshold.age;
      return { value: at, said };
    }
  }
  return undefined;
}
