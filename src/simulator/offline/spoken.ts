// What a caller says aloud that is written otherwise: digits as words with "double" and "triple"
// ("oh seven four double-oh"), an email read out ("jess dot okoro at gmail dot com"), and a code
// spelled letter by letter with numbers said as words ("C F fourteen, three R W"). A phone line
// hears only words; a text channel's finders read the written forms. Each reader is general: it
// knows how English speakers read such things aloud, not any agent's codes.
import type { Found } from './found';

export const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const DIGIT = `(?:${DIGIT_WORDS.join('|')}|oh|nought)`;
/** One digit said, or a digit said twice or three times over ("double-oh", "triple five"). */
export const DIGIT_TOKEN = `(?:(?:double|triple)[\\s-]+)?${DIGIT}`;

/** The digits a run of digit words says: "oh seven four double-oh" → "07400". */
export function spokenDigits(said: string): string {
  let out = '';
  let times = 1;
  for (const word of said.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (word === 'double' || word === 'triple') {
      times = word === 'double' ? 2 : 3;
      continue;
    }
    const digit = word === 'oh' || word === 'nought' ? 0 : DIGIT_WORDS.indexOf(word);
    if (digit < 0) continue;
    out += String(digit).repeat(times);
    times = 1;
  }
  return out;
}

/** An aside that spells what was just said: ", just the letter T,", ", that's T for Tom,". */
const SPELLING_ASIDE = /,\s*(?:(?:that['’]s|just|as in)\s+)*(?:the\s+)?(?:letter\s+[a-z]|[a-z]\s+for\s+[a-z]+)\s*,/gi;

/** ", P R I Y A,": capitals said one by one between commas (an aside when they spell the word before). */
const LETTERS_ASIDE = /,\s*((?:[A-Z][\s,]+)+[A-Z])\s*(?:,|(?=\s+(?:dot|underscore|dash|hyphen|at)\b))/g;

const TWO_WORDS_SPELLED = /\b([a-z]+)\s+([a-z]+),\s*((?:[A-Z][\s,]+)+[A-Z])\s*(?:,|(?=\s+(?:dot|underscore|dash|hyphen|at)\b))/g;

/** "F for Freddie", "X as in x-ray": a letter said with a word that starts with it, to be clear. */
const LETTER_FOR_WORD = /\b([A-Z])\s+(?:for|as\s+in)\s+([A-Za-z][a-z-]*)/g;

/** The endings an address read aloud ends in: "dot com", "dot co dot uk". */
const TOP_LEVEL = 'com|org|net|uk|io|edu|gov|ac|co|info|me|us|ca|au|ie|de|fr|nz|biz';
const SEPARATOR: Record<string, string> = { dot: '.', underscore: '_', dash: '-', hyphen: '-' };

/** Words between "email is" and the part of an address read ("email is amanda k dot az…": "amanda "). */
const EMAIL_LEAD = /\be-?mail(?:\s+address)?(?:['’]s|\s+is)\s+((?:[a-z]+\s+){1,3})$/i;
/** "all one word", "one word", said after an address to join its words. */
const ONE_WORD_AFTER = /\b(?:all\s+)?one\s+word\b|\bno\s+spaces?\b|\bjoined\s+up\b/i;

/** An email read out: "jess dot okoro at gmail dot com" → jess.okoro@gmail.com (lower case, as addresses are). */
export function findSpokenEmails(heard: string): Found[] {
  // ", just the letter T,", ", T for Tom,": an aside that says how a part is spelled, blanked (same
  // length, so places still match) so that the address reads on across it.
  const text = heard
    .replace(SPELLING_ASIDE, (aside) => ' '.repeat(aside.length))
    // "priya, P R I Y A, underscore lal": the word just said, spelled again letter by letter.
    .replace(LETTERS_ASIDE, (aside, letters: string, at: number, whole: string) => {
      const before = /([a-z]+)\s*$/i.exec(whole.slice(0, at))?.[1] ?? '';
      return letters.replace(/[^A-Z]/g, '') === before.toUpperCase() ? ' '.repeat(aside.length) : aside;
    })
    // "g liddell, G L I D D E L L": two words said, spelled as one: the spelling is the word.
    .replace(TWO_WORDS_SPELLED, (all, first: string, second: string, letters: string) =>
      letters.replace(/[^A-Z]/g, '') === `${first}${second}`.toUpperCase() ? `${first}${second}`.toLowerCase().padEnd(all.length, ' ') : all,
    )
    // "K I N G at outlook dot com": capitals said one by one before the "at" are one word.
    .replace(/\b((?:[A-Z][\s,]+){2,}[A-Z])(?=,?\s+at\s)/g, (letters: string) => letters.replace(/[^A-Z]/g, '').toLowerCase().padStart(letters.length, ' '));
  // "pickering sixty-one" is pickering61: a number said after a word is written as digits.
  const numbers = (said: string) => said.replace(new RegExp(`([a-z0-9])[\\s-]+(${NUMBER_SAID})\\b`, 'gi'), (_, before: string, n: string) => `${before}${twoDigitValue(n) ?? spokenDigits(n)}`);
  // "the email is g marsh fifty-nine, all one word, at aol dot com": the words before the aside are
  // one word (gmarsh59), written in place of the words and the aside.
  const wordsStart: [number, number][] = [];
  const joined = text.replace(
    new RegExp(`((?:\\bis|['’]s)\\s+)((?:[a-z0-9]+[\\s-]+){0,3}?[a-z0-9]+(?:[\\s-]+(?:${NUMBER_SAID}))*),\\s*(?:it['’]s\\s+)?(?:all\\s+)?(?:one\\s+word|joined\\s+up|no\\s+spaces)(?:,\\s*no\\s+spaces)?,?(?=\\s+at\\s)`, 'gi'),
    (all, lead: string, words: string, at: number) => {
      wordsStart.push([at + lead.length, at + all.length]);
      return lead + numbers(words.toLowerCase()).replace(/[\s-]+/g, '').padStart(all.length - lead.length, ' ');
    },
  );
  // A part of an address read out: a word, maybe with a number said after it ("pickering sixty-one").
  const part = `[a-z0-9]+(?:[\\s-]+(?:${NUMBER_SAID}))*`;
  const spoken = new RegExp(
    `\\b(${part}(?:\\s+(?:dot|underscore|dash|hyphen)\\s+${part})*),?\\s+at\\s+([a-z0-9]+(?:\\s+dot\\s+[a-z0-9]+)*\\s+dot\\s+(?:${TOP_LEVEL}))\\b`,
    'gi',
  );
  const write = (said: string) => numbers(said.toLowerCase()).replace(/\s+(dot|underscore|dash|hyphen)\s+/g, (_, w: string) => SEPARATOR[w]);
  return [...joined.matchAll(spoken)].flatMap((m) => {
    // (A match inside words said as one is said from those words' start.)
    const from = wordsStart.find(([a, b]) => (m.index ?? 0) >= a && (m.index ?? 0) < b)?.[0] ?? m.index ?? 0;
    // "email is amanda k dot az at gmail dot com": words said between "email is" and the part read
    // belong to the address, and how is not known, unless the caller says "all one word" after it
    // ("… Amanda K, all one word"): then they are joined on; else no address is read.
    const lead = EMAIL_LEAD.exec(joined.slice(0, from));
    if (lead) {
      if (!ONE_WORD_AFTER.test(heard.slice((m.index ?? 0) + m[0].length))) return [];
      const prefix = lead[1].trim().replace(/\s+/g, '').toLowerCase();
      const at = from - lead[1].length;
      return [{ value: `${prefix}${write(m[1])}@${write(m[2])}`, said: heard.slice(at, (m.index ?? 0) + m[0].length), index: at, rule: 'email-spoken' }];
    }
    // "email is T lindqvist, so just a T in front, at yahoo dot com": words said after "email is",
    // in the same sentence, that are not read as part of the address leave it unknown; "front" is
    // no address.
    const sentence = joined.slice(0, from).split(/[.!?]\s/).at(-1) ?? '';
    const opened = /\be-?mail(?:\s+address)?\s*(?:is|['’]s|:)\s+(.*)$/i.exec(sentence);
    // ("Email's fine, it's r dot adeyemi at …" opens the address anew: it is read.)
    if (opened && /[a-z]/i.test(opened[1]) && !/(?:\bis|['’]s|:)\s*$/i.test(sentence)) return [];
    return [{ value: `${write(m[1])}@${write(m[2])}`, said: heard.slice(from, (m.index ?? 0) + m[0].length), index: from, rule: 'email-spoken' }];
  });
}

export const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
export const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** A two-digit number said as words, as in a plate's "sixty-eight" or a postcode's "fourteen". */
const TWO_DIGITS = `(?:(?:${TENS.join('|')})(?:[\\s-](?:${DIGIT_WORDS.slice(1).join('|')}))?|${TEENS.join('|')})`;

/** A number said after a word of an address: two digits as words, or digits said one by one. */
const NUMBER_SAID = `(?:${TWO_DIGITS}|${DIGIT_TOKEN}(?:[\\s-]+${DIGIT_TOKEN})*)`;

/** "sixty-eight" → 68, "fourteen" → 14. */
export function twoDigitValue(said: string): number | undefined {
  const [tens, unit] = said.toLowerCase().split(/[\s-]+/);
  if (TEENS.includes(tens)) return 10 + TEENS.indexOf(tens);
  if (!TENS.includes(tens)) return undefined;
  return (TENS.indexOf(tens) + 2) * 10 + (unit ? DIGIT_WORDS.indexOf(unit) : 0);
}

/** One piece of a spelled code: a capital said alone ("I" is a word first), a number said as words or digits. */
const PIECE = `(?:[A-HJ-Z](?![\\w'’])|${TWO_DIGITS}|${DIGIT_TOKEN}|\\d{1,4})`;
// (Up to 20 pieces: a UK driving licence number is 16 characters, read one by one.)
const SPELLED = new RegExp(`(?<![\\w'’-])${PIECE}(?:[\\s,.-]+${PIECE}){2,19}(?![\\w'’])`, 'g');
const NUMBER_WORD = new RegExp(`^(?:${TWO_DIGITS}|${DIGIT_TOKEN})$`, 'i');

/**
 * A code spelled out: capitals said one by one and numbers said as words or digits, in groups
 * parted by commas or pauses ("C F fourteen, three R W" → "CF14 3RW", "K L sixty-eight, F W D" →
 * "KL68 FWD"). It needs a letter and a number both (digits alone are a phone or a count, letters
 * alone an initialism); the groups the caller parted by a comma stay parted by a space.
 */
export function findSpelledCodes(text: string): Found[] {
  // Number words are read whatever their case ("Fourteen"), letters only as capitals (the "a" of
  // "a car" is a word): the words are lower-cased in a copy of the same length, and searched there.
  const folded = text
    // "F for Freddie" is F: the word after it only says which letter (same length, places kept).
    .replace(LETTER_FOR_WORD, (whole, letter: string, word: string) => (word[0].toUpperCase() === letter ? letter + ' '.repeat(whole.length - 1) : whole))
    .replace(/[A-Za-z]+(?:-[A-Za-z]+)?/g, (w) => (NUMBER_WORD.test(w) ? w.toLowerCase() : w));
  const out: Found[] = [];
  for (const m of folded.matchAll(SPELLED)) {
    const pieces = [...m[0].matchAll(new RegExp(`${PIECE}|,`, 'g'))].map((p) => p[0]);
    const groups: string[] = [''];
    const lettersRun = new Set<number>();
    let letters = 0;
    let numbers = 0;
    for (const piece of pieces) {
      if (piece === ',') {
        if (groups[groups.length - 1]) groups.push('');
        continue;
      }
      const written = /^[A-Z]$/.test(piece) ? piece : /^\d+$/.test(piece) ? piece : (twoDigitValue(piece)?.toString() ?? spokenDigits(piece));
      if (/^[A-Z]$/.test(written)) letters += 1;
      else numbers += 1;
      groups[groups.length - 1] += written;
    }
    // "F, D, J" said with pauses is one group of letters: single letters run together.
    const joined = groups.filter(Boolean).reduce<string[]>((out, g) => {
      const last = out.at(-1);
      if (last !== undefined && /^[A-Z]$/.test(g) && /^[A-Z]+$/.test(last) && (last.length === 1 || lettersRun.has(out.length - 1))) {
        out[out.length - 1] = last + g;
        lettersRun.add(out.length - 1);
      } else out.push(g);
      return out;
    }, []);
    const value = joined.join(' ');
    if (!letters || !numbers || value.replace(/\s/g, '').length < 5) continue;
    const index = m.index ?? 0;
    out.push({ value, said: text.slice(index, index + m[0].length), index, rule: 'code-spelled' });
  }
  return out;
}
