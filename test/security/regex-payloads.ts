// Regular expressions from a hostile agent file (security issue 30, point 7) and the texts they
// meet. Every pattern of a document runs with a deadline wherever it runs (the offline model,
// lint's sample checks, the inspector's tester, argument checks): these are the shapes that would
// otherwise hold a thread for ever, and the shape screen (src/model/pattern-risk.ts) lets the
// first through.

/** Fourteen adjacent [0-9]* and a letter no digit line has: polynomial backtracking, O(n^14), which the shape screen passes. */
export const POLYNOMIAL_DIGITS = `^${'[0-9]*'.repeat(14)}x$`;
/** A caller line of 40 digits (40 characters): the split of 40 digits into 14 runs is ~10^12 tries. */
export const DIGIT_LINE = '4'.repeat(40);

/** The classic exponential shape (the shape screen refuses it; the deadline stops it all the same). */
export const NESTED_PLUS = '^(a+)+$';
export const A_LINE = `${'a'.repeat(40)}!`;

/** Every hostile pattern with a text it never finishes on without a deadline. */
export const SLOW_PATTERNS: { id: string; pattern: string; text: string }[] = [
  { id: 'polynomial-digits', pattern: POLYNOMIAL_DIGITS, text: DIGIT_LINE },
  { id: 'nested-plus', pattern: NESTED_PLUS, text: A_LINE },
  { id: 'alternation-star', pattern: '^(a|a)*$', text: A_LINE },
  { id: 'adjacent-words', pattern: `^${'\\w*'.repeat(12)}!x$`, text: 'w'.repeat(40) },
];

/** A patterns tool schema uses every day: each must still match in the sandbox (no false alarms). */
export const EVERYDAY_PATTERNS: { pattern: string; yes: string; no: string }[] = [
  { pattern: '^\\+?[0-9]{7,15}$', yes: '+34600111222', no: '600 111' },
  { pattern: '^[A-Z][a-z]+(?: [A-Z][a-z]+)?$', yes: 'Ada Lovelace', no: 'ada' },
  { pattern: '^[A-Z]{2}-[0-9]{4}$', yes: 'QX-4821', no: 'QX4821' },
];
