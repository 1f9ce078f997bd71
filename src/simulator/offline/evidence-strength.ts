// How far each kind of evidence the rules write a value on can be trusted, measured on agents no
// rule had been written from (issue 32), and the strict model's use of it: a value is written only
// on evidence of a kind measured right nine times in ten or more; any other is held back as a guess
// for a person to confirm (the Simulator's "play the model" form, pre-filled with it) or, with no
// person there (the CLI), the run stops on the line and says why.
import type { Guess } from '../types';
import type { Filled } from './fill-types';

/**
 * Values written right and wrong, per kind of evidence, with the rules as each blind batch found
 * them: batches 5 to 11 each at the commit before it was added, batches 12 to 14 at fc025eb (the
 * rules as the session that wrote them began), both parts of each batch, and batch 16's top part
 * at 272a063 (its held-out part stays a measure); every argument of a tool the script expects
 * judged as the corpus checker judges it (`npx tsx scripts/offline-evidence.ts` --asked in a
 * worktree of those rules; 2026-12-07: 296 values right, 106 wrong, and batch 16's top 16 right,
 * 10 wrong). Kinds never met there are not listed: unmeasured, so under the bar.
 */
export const MEASURED_ON_UNSEEN: Readonly<Record<string, readonly [right: number, wrong: number]>> = {
  'enum-value (named whole)': [50, 8],
  'boolean-by-description': [45, 2],
  'number-of-its-thing': [17, 5],
  'enum-value (a word of its name)': [14, 7],
  'boolean-by-tool-meaning': [19, 0],
  'date-weekday': [5, 14],
  'enum-values': [8, 9],
  'date-weekday-and-day': [11, 3],
  'boolean-from-yes-no': [7, 5],
  'phone-spoken-digits': [10, 1],
  'boolean-negated': [8, 3],
  'name-introduction': [8, 3],
  'object-fields': [4, 7],
  'enum-value (a meaning)': [7, 3],
  'time-in-day-part': [6, 2],
  'number-word': [4, 4],
  'pattern-spoken-digits': [6, 1],
  'number-words': [2, 5],
  'postcode-spelled': [6, 0],
  'date-day-month': [5, 0],
  'name-before-value': [5, 0],
  'email-spoken': [4, 1],
  'date-day-of-month': [3, 2],
  'time-words': [2, 3],
  'digits-counted': [4, 0],
  duration: [4, 0],
  'identifier-labelled': [4, 0],
  'identifier-spoken': [3, 1],
  'number-total': [3, 1],
  'duration-converted': [1, 3],
  'boolean-asked-by-instructions': [3, 0],
  'maker-name': [3, 0],
  'number-scaled': [0, 3],
  'boolean-by-age': [2, 0],
  'boolean-yes-no-beside-words': [2, 0],
  'date-week-on': [2, 0],
  'house-number-before-street': [2, 0],
  'name-first-part': [2, 0],
  'pick-by-words': [2, 0],
  'answer-to-question': [1, 1],
  'date-weekday-past': [1, 1],
  'words-journey-end': [1, 1],
  'date-of-its-role': [0, 2],
  'enum-the-one': [0, 2],
  'enum-values-earlier': [0, 2],
  'words-as-said': [0, 2],
  'words-clause': [0, 2],
  'boolean-false-clause': [1, 0],
  'boolean-first-visit': [1, 0],
  'date-month-day': [1, 0],
  'date-relative': [1, 0],
  'date-weekday-after-next': [1, 0],
  'enum-value (definition includes)': [1, 0],
  'house-number-said': [1, 0],
  'identifier-to-pattern': [1, 0],
  'name-as-surname': [1, 0],
  'name-last-part': [1, 0],
  'number-age': [1, 0],
  'number-settled': [1, 0],
  'pick-by-date': [1, 0],
  'pick-by-day-part': [1, 0],
  'pick-offered-time': [1, 0],
  'street-address': [1, 0],
  'date-in-days': [0, 1],
  'date-of-its-clause': [0, 1],
  'name-called': [0, 1],
  'name-under': [0, 1],
  'number-none': [0, 1],
  'pick-by-time': [0, 1],
  'pick-listed': [0, 1],
};

/** The strict model's bar: right this often, over at least this many values. */
export const STRICT_PRECISION = 0.9;
export const STRICT_MIN_MEASURED = 3;

/**
 * A value's kind of evidence: its rule, and for an enum value the evidence its note gives first
 * (the value named whole, a meaning its description gives, another value its definition includes,
 * or only a word of its name), as `scripts/offline-evidence.ts` counts them.
 */
export function evidenceKind(rule: string, why: string): string {
  if (rule !== 'enum-value') return rule;
  const first = why.split(/, stronger than|; /)[0];
  if (/\bnames "/.test(first)) return 'enum-value (named whole)';
  if (/which its definition includes/.test(first)) return 'enum-value (definition includes)';
  if (/a meaning its description gives/.test(first)) return 'enum-value (a meaning)';
  if (/of its name/.test(first)) return 'enum-value (a word of its name)';
  return 'enum-value (other)';
}

/** Whether a kind of evidence clears the strict bar. */
export function strongKind(kind: string): boolean {
  const measured = MEASURED_ON_UNSEEN[kind];
  if (!measured) return false;
  const [right, wrong] = measured;
  return right + wrong >= STRICT_MIN_MEASURED && right / (right + wrong) >= STRICT_PRECISION;
}

/**
 * The kinds of evidence a filled value stands on: its own, or for an object filled field by field
 * each field's (the note lists them as `field ← "words" (rule)`).
 */
export function kindsOf(filled: Filled): string[] {
  if (filled.rule !== 'object-fields') return [evidenceKind(filled.rule, filled.why ?? '')];
  const inner = [...(filled.why ?? '').matchAll(/\(([a-z][a-z-]*)\)(?:,|$)/g)].map((m) => m[1]);
  return inner.length ? inner : ['object-fields'];
}

/** Whether the strict model may write this value: every kind it stands on clears the bar. */
export const strongEnough = (filled: Filled): boolean => kindsOf(filled).every(strongKind);

/**
 * A value written on evidence under the bar, as the default model marks it (ModelResponse.guesses):
 * each kind it stands on with how that kind measured, so a person can weigh it.
 */
export function guessOf(call: string, tool: string, param: string, filled: Filled): Guess {
  const kinds = kindsOf(filled).map((kind) => {
    const measured = MEASURED_ON_UNSEEN[kind];
    return measured ? { kind, right: measured[0], of: measured[0] + measured[1] } : { kind };
  });
  return { call, tool, param, value: filled.value, said: filled.said, kinds };
}

/** How a guess's kinds of evidence measured, in words: "enum-value (a word of its name): right 12 of 19 on unseen agents". */
export const measuredText = (kinds: Guess['kinds']): string =>
  kinds.map((k) => `${k.kind}: ${k.of === undefined ? 'not measured on unseen agents' : `right ${k.right} of ${k.of} on unseen agents`}`).join('; ');
