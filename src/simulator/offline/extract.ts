// The values a caller's line carries besides dates and times: phone numbers, emails, numbers,
// person names and yes/no. Each finder is a small general rule with a name the notes can cite.
import { DIGIT_TOKEN, findSpokenEmails, spokenDigits } from './spoken';
import { isSayingWord, isStopWord } from './words';

import type { Found } from './found';

export type { Found } from './found';

/** 7 to 15 digits, maybe grouped by spaces, dots, dashes or brackets, maybe with a leading +. */
const PHONE = /(?<![\w/:])\+?\(?\d[\d\s().-]{5,22}\d(?![\w/:])/g;

/** Seven or more digits said as words ("five five five, one two three…", "oh seven four double-oh…"). */
const SPOKEN = new RegExp(`\\b${DIGIT_TOKEN}(?:[\\s,.-]+${DIGIT_TOKEN}){4,14}\\b`, 'gi');

/** What puts right the digits just said: "No wait,", "sorry,", "I mean". */
const CORRECTION = /^[\s.,;!?]*(?:no,?\s+wait|wait|no,?\s+sorry|sorry|i\s+mean|no)\b[\s.,;!?]+/i;
/** One group of digits said as words, right at the start. */
const DIGIT_GROUP = new RegExp(`^${DIGIT_TOKEN}(?:[\\s-]+${DIGIT_TOKEN})*\\b`, 'i');

/**
 * "… nine one two, four five six. No wait, four six five": a number whose last group is said again
 * as many digits long, after words that put it right, takes the group as put right. (A phone
 * with a wrong digit is a wrong value; one number corrected is the caller's.)
 */
function correctedLastGroup(said: string, after: string): { digits: string; said: string } | undefined {
  const prefix = CORRECTION.exec(after);
  const group = prefix ? DIGIT_GROUP.exec(after.slice(prefix[0].length)) : null;
  if (!prefix || !group) return undefined;
  const wrong = spokenDigits(said.split(/[,.]\s*/).at(-1) ?? '');
  const right = spokenDigits(group[0]);
  if (!wrong || right.length !== wrong.length) return undefined;
  const digits = spokenDigits(said);
  return { digits: digits.slice(0, digits.length - wrong.length) + right, said: `${said}${after.slice(0, prefix[0].length + group[0].length)}` };
}

export function findPhones(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(SPOKEN)) {
    const digits = spokenDigits(m[0]);
    if (digits.length < 7) continue;
    const index = m.index ?? 0;
    const corrected = correctedLastGroup(m[0], text.slice(index + m[0].length));
    out.push(corrected ? { value: corrected.digits, said: corrected.said, index, rule: 'phone-spoken-digits' } : { value: digits, said: m[0], index, rule: 'phone-spoken-digits' });
  }
  for (const m of text.matchAll(PHONE)) {
    const said = m[0].trim();
    const digits = said.replace(/\D/g, '');
    // Fewer digits is a count or a year; an ISO date has eight digits but is no number to call.
    if (digits.length < 7 || digits.length > 15 || /^\d{4}-\d{2}-\d{2}$/.test(said)) continue;
    out.push({ value: (said.startsWith('+') ? '+' : '') + digits, said, index: m.index ?? 0, rule: 'phone-digits' });
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * The forms a number's digits can be written in, the plain digits first: without the "+", as
 * said, grouped 3-3-4 with dashes, dots or brackets, and without a leading country code of one or
 * two digits (for a schema that takes the national number only). Nothing is added that was not said.
 */
export function phoneForms(found: Found): string[] {
  const digits = found.value.replace(/\D/g, '');
  const national = [digits.length === 11 ? digits.slice(1) : '', digits.length === 12 ? digits.slice(2) : ''].filter(Boolean);
  const grouped = [digits, ...national].filter((d) => d.length === 10).flatMap((d) => {
    const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
    return [`${a}-${b}-${c}`, `(${a}) ${b}-${c}`, `${a}.${b}.${c}`, `${a} ${b} ${c}`];
  });
  return [...new Set([found.value, digits, found.said, ...national, ...grouped])];
}

/** Emails as written ("jo@example.com") and as read out ("jo at example dot com"). */
export function findEmails(text: string): Found[] {
  const written = [...text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)].map((m) => ({ value: m[0], said: m[0], index: m.index ?? 0, rule: 'email-address' }));
  return [...written, ...findSpokenEmails(text)].sort((a, b) => a.index - b.index);
}

const SMALL_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * Numbers said on their own: digits, or a number word up to twelve. Digits inside a phone number,
 * a clock time or a date are not numbers the caller meant as a count, so `exclude` skips them.
 */
export function findNumbers(text: string, exclude: [number, number][] = []): Found<number>[] {
  const out: Found<number>[] = [];
  const re = new RegExp(`(?<![\\w.:/-])(\\d+(?:\\.\\d+)?)(?![\\w:/]|\\.\\d)|\\b(${SMALL_NUMBERS.join('|')})\\b`, 'gi');
  for (const m of text.matchAll(re)) {
    const index = m.index ?? 0;
    if (exclude.some(([a, b]) => index >= a && index < b)) continue;
    // "four four one nine": digits said one by one are a code or a phone, not a count.
    if (m[2] && (/\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple)[\s,-]+$/i.test(text.slice(0, index)) || /^[\s,-]+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple)\b/i.test(text.slice(index + m[0].length)))) continue;
    // The "four" of "twenty-four" is part of a larger number (findLargeNumberWords reads it).
    if (m[2] && /\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]$/i.test(text.slice(0, index))) continue;
    // "the gas one", "this one", "a new one": "one" stands for a thing named before, not a count.
    // ("the early afternoon one": up to three words may stand between, none of them a verb.)
    if (m[2]?.toLowerCase() === 'one' && /\b(?:the|this|that|which|each|every|another|other|a|an)(?:\s+(?!(?:is|are|was|were|be|has|have|had|aged|of|and|for|with|to|in|on|at|by)\b)[\w-]+){0,3}\s+$/i.test(text.slice(0, index))) continue;
    // "got one to practise on", "need one for the car", "one of the boys": after a verb of having
    // or before "of", "one" is a thing or a person, not a count.
    if (m[2]?.toLowerCase() === 'one' && (/^\s+of\b/i.test(text.slice(index + 3)) ||
      (/\b(?:got|have|has|had|need|needs|want|wants|use|uses|own|owns|bring|brought|buy|bought|borrow|borrowed|find|found|get|gets|done|did|do|tried|try|played|booked|seen|saw|made|ordered)\s+$/i.test(text.slice(0, index)) &&
        /^\s*(?:to|for|at|in|on|with|from|that|which|who|already|now|here|there|too|as well|[,.;!?]|$)/i.test(text.slice(index + 3))))) continue;
    const value = m[1] !== undefined ? Number(m[1]) : SMALL_NUMBERS.indexOf(m[2].toLowerCase());
    // "work till five", "from nine": an hour of the clock after a word of when, no count.
    if (value >= 1 && value <= 12 && /\b(?:till|until|til|from|after|before|by|past)\s+$/i.test(text.slice(0, index)) && /^\s*(?:o['’]?clock|am|pm|a\.m\.|p\.m\.|[,.;!?]|$|on\b|and\b|or\b|at\b|so\b|but\b|in\s+the\b)/i.test(text.slice(index + m[0].length))) continue;
    out.push({ value, said: m[0], index, rule: m[1] !== undefined ? 'number-digits' : 'number-word' });
  }
  return out;
}

/** A capitalised word that can be part of a name (not a weekday, month or pronoun). */
// ("MacLeod", "McAllister", "DeLuca": a capital inside the word after a short prefix.)
const NAME_WORD = "(?:Ma?c|De|Di|La|Le|Van|Von)?[A-Z][a-zà-öø-ÿ'’-]+";
const NOT_NAMES = new Set(
  ('I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Yes No Hi Hello Sure Okay Calling Looking Just Not Here Fine Good Great ' +
    'Today Tomorrow Tonight Thanks Please Perfect Cool Awesome Lovely Brilliant Wonderful Alright Actually Well Oh Um Uh Hmm Maybe Morning Afternoon Evening Bye Goodbye Cheers Sorry Nope Yep Yeah Dr Mr Mrs Ms Next Half Quarter Noon Correct Exactly Absolutely Definitely Certainly Agreed Whatever Nothing Everything Anytime Excellent Fantastic').split(' '),
);
/** A capitalised word that opens a sentence without being a name: a stop-word ("It's", "Can", "That"). */
export const notAName = (word: string) => NOT_NAMES.has(word) || (isStopWord(word.replace(/['’].*$/, '')) && !isSayingWord(word));

function nameFrom(words: string): string | undefined {
  const parts = words.split(/\s+/).filter(Boolean).slice(0, 3);
  const kept: string[] = [];
  for (const p of parts) {
    if (notAName(p)) break;
    kept.push(p);
  }
  return kept.length ? kept.join(' ') : undefined;
}

const OPENERS = 'yes yeah yep sure ok okay hi hello hey right so well'.split(' ').map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`);
const OPENER = `(?:(?:${OPENERS.join('|')})[,!.]?\\s+)*`;
/**
 * A name that opens the line, before a comma, a number, a full stop or the line's end ("Dana
 * Whitfield, 555…", "Dana Whitfield. Date of birth…"). One word alone counts only as the whole
 * line or before a number.
 */
function leadingName(text: string): Found | undefined {
  const m = new RegExp(`^\\s*${OPENER}(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})(?=\\s*(?:[,;:–—-]|[.!]?\\s*$|\\.\\s+[A-Z]|\\s(?:and|on|at|my|number)\\b|[+(\\d]))`).exec(text);
  if (!m) return undefined;
  const value = nameFrom(m[1]);
  if (!value) return undefined;
  const rest = text.slice(m.index + m[0].length);
  // "Lindqvist. L I N D Q V I S T.": a name followed by its spelling is said alone.
  const spelledAfter = /^[\s.,!]*((?:[A-Z][\s,.-]+)+[A-Z])[\s.!]*$/.exec(rest)?.[1].replace(/[^A-Z]/g, '') === value.replace(/[^A-Za-z]/g, '').toUpperCase();
  const alone = /^[\s.!]*$/.test(rest) || spelledAfter;
  if (!value.includes(' ') && !alone && !/\d/.test(rest)) return undefined;
  return { value, said: m[0].trim(), index: m.index, rule: alone ? 'name-alone' : 'name-before-value' };
}

/** Someone of the caller's own, by how the caller speaks of them (also a relation, relations.ts). */
export const RELATIVE = '(?:mum|mother|mam|dad|father|son|daughter|wife|husband|partner|gran|granny|grandma|nan|nana|grandad|grandpa|grandfather|grandmother|aunt|auntie|uncle|brother|sister|friend|neighbour|neighbor|fianc[eé]e?)';

/** "my name is X", "I'm X", "this is X", "call me X", "X speaking" (X capitalised, up to three words). */
export function findNames(text: string): Found[] {
  const out: Found[] = [];
  const rules: [RegExp, string][] = [
    [new RegExp(`(?:\\b[Mm]y |\\b[Tt]he |^|[.,!?]\\s*)[Nn]ame(?:'s|’s| is)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-my-name-is'],
    [new RegExp(`\\b[Mm]y name(?:'s|’s| is)\\s+([a-z]+(?:\\s+[a-z]+)?)(?=\\s*(?:[,.!?]|$))`, 'g'), 'name-my-name-is'],
    // "It's in my name, Denise Okafor", "book it in my name: Sam Lee": the name after "in my name".
    [new RegExp(`\\b(?:in|under)\\s+my\\s+name[,:]?\\s+(?:it['’]s\\s+|is\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-my-name-is'],
    [new RegExp(`\\b(?:I'm|I’m|I am|[Tt]his is|[Cc]all me|[Ii]t's|[Ii]t is)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-introduction'],
    [new RegExp(`(?:^|[.,!?]\\s*)(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})\\s+(?:speaking|here)\\b`, 'g'), 'name-speaking'],
    [new RegExp(`\\b(?:[Cc]alled|[Nn]amed|goes by)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-called'],
    // "Her name was Joan Pickering": someone else's name, for a parameter about another person only (name-parts.ts).
    [new RegExp(`\\b(?:[Hh]is|[Hh]er|[Tt]heir)\\s+(?:full\\s+)?name(?:\\s+(?:was|is)|['’]s)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-of-another'],
    // "She's Isla, Isla Fernandes", "he's Tom Baker": someone else named by "she's"/"he's" — a full
    // name, two words or more ("she's Spanish" names nobody).
    [new RegExp(`\\b(?:[Ss]he|[Hh]e)['’]s\\s+(?:${NAME_WORD},\\s+)?(${NAME_WORD}(?:\\s+${NAME_WORD}){1,2})(?=\\s*(?:[,.!?;]|$|\\s+and\\b))`, 'g'), 'name-of-another'],
    // "…to see my mum, please. Margaret Ellison.": a full name said on its own right after the caller
    // speaks of someone of theirs is that person's name.
    [new RegExp(`\\b[Mm]y\\s+${RELATIVE}\\b[^.!?]*[.!?]\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){1,2})(?=\\s*(?:[.!?,;]|$))`, 'g'), 'name-of-another'],
    // "put it under Hannah Kowalski", "booked under the name of Li": who a booking is for.
    [new RegExp(`\\b(?:under(?:\\s+the\\s+name(?:\\s+of)?)?|in\\s+the\\s+name\\s+of)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'g'), 'name-under'],
  ];
  // "my surname is Okafor", "last name's Lee": one part of the name, which the caller says which.
  const parts: [RegExp, string][] = [
    [new RegExp(`\\b(?:sur|last\\s+|family\\s+)name(?:'s|’s| is)?\\s+(${NAME_WORD}(?:[\\s-]${NAME_WORD})?)`, 'gi'), 'name-surname'],
    [new RegExp(`\\b(?:first|given|fore)\\s*name(?:'s|’s| is)?\\s+(${NAME_WORD})`, 'gi'), 'name-first'],
  ];
  for (const [re, rule] of parts) {
    for (const m of text.matchAll(re)) {
      const raw = nameFrom(m[1].charAt(0).toUpperCase() + m[1].slice(1));
      if (raw) out.push({ value: raw.replace(/(^|[\s-])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase()), said: m[0], index: m.index ?? 0, rule });
    }
  }
  for (const [re, rule] of rules) {
    for (const m of text.matchAll(re)) {
      const raw = nameFrom(m[1]);
      if (!raw) continue;
      // Capitals at the start of each word only ("Wójcik": \b would see a word start after "ó").
      const value = raw.replace(/(^|[\s-])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());
      if (!out.some((f) => f.value === value)) out.push({ value, said: m[0], index: m.index ?? 0, rule });
    }
  }
  const leading = leadingName(text);
  if (leading && !out.some((f) => f.value === leading.value || f.index === leading.index)) out.push(leading);
  return out.sort((a, b) => a.index - b.index);
}

const YES = /^(?:yes|yeah|yep|yup|yes please|sure|ok|okay|correct|right|absolutely|definitely|certainly|perfect|great|fine|lovely|please do|go ahead|go for it|do it|book it|that works|works for me|sounds (?:good|great|perfect)|that(?:['’]s| is) (?:right|correct|perfect|great|fine|good|lovely)|that would be (?:great|perfect|lovely)|let['’]?s do (?:it|that)|go on(?:,? then)?(?=[,.!?]|\s*$)|of course|exactly|agreed|alright|all right)\b/i;
// ("Don't worry", "never mind": reassurance, no answer. "Don't" alone still is one.)
const NO = /^(?:no|nope|nah|not really|not now|never(?!\s+mind\b)|(?:don['’]t|do not)(?!\s+(?:worry|mind|fret|panic)\b)|negative|wrong|that's wrong|cancel that)\b/i;

/** Small words a title keeps inside it ("The Remains of the Day", "War and Peace"). */
const TITLE_GLUE = new Set('of the a an and in on to for at with from by or'.split(' '));

/**
 * Titles as they are written, in Title Case: a run of capitalised words, small words allowed
 * inside, that holds a word which is no stop-word. Openers ("It's", "Hello") are not part of it.
 */
export function findTitles(text: string): Found<string>[] {
  const out: Found<string>[] = [];
  const tokens = [...text.matchAll(/[A-Za-z][\w'’-]*/g)];
  let i = 0;
  while (i < tokens.length) {
    const start = i;
    let end = i;
    const glueThenCapital = (k: number) => {
      while (k < tokens.length && TITLE_GLUE.has(tokens[k][0])) k++;
      return /^[A-Z]/.test(tokens[k]?.[0] ?? '');
    };
    while (end < tokens.length && (/^[A-Z]/.test(tokens[end][0]) || (end > start && TITLE_GLUE.has(tokens[end][0]) && glueThenCapital(end)))) {
      // A comma or full stop between two words ends the run.
      if (end > start && /[,.;!?]/.test(text.slice(tokens[end - 1].index! + tokens[end - 1][0].length, tokens[end].index))) break;
      end++;
    }
    let first = start;
    // (A title may open with "The" or "A"; a lower-case "a" before it is no part: "It's a Bosch".)
    while (first < end && (notAName(tokens[first][0]) || /^(?:the|a|an)$/.test(tokens[first][0])) && !/^(?:The|A|An)$/.test(tokens[first][0])) first++;
    const run = tokens.slice(first, end);
    // A code in capitals ("FP 0048213") is no title.
    if (run.length && run.some((t) => !isStopWord(t[0]) && !NOT_NAMES.has(t[0])) && !(run.length === 1 && (first === 0 || /^[A-Z0-9]+$/.test(run[0][0])))) {
      const from = run[0].index!;
      const said = text.slice(from, run[run.length - 1].index! + run[run.length - 1][0].length);
      out.push({ value: said, said, index: from, rule: 'title-case' });
    }
    i = Math.max(end, start + 1);
  }
  return out;
}

/**
 * A yes or no that opens a later clause of the line ("Two is fine, and no, we have a car"): the
 * answer to the second of two questions asked together.
 */
export function findYesNoInClause(text: string): Found<boolean> | undefined {
  const clauses = text.split(/[,;.!?]\s*/).slice(1);
  for (const [i, clause] of clauses.entries()) {
    const found = findYesNo(clause.replace(/^(?:and|but|so|oh|also)\s+/i, ''));
    // "Fifty-seven foot. No, fifty-eight": a "no" before a number puts right what was just said; it answers nothing.
    if (found && !found.value && SAYS_A_NUMBER.test(clauses[i + 1] ?? '')) continue;
    if (found && clause.trim().split(/\s+/).length <= 3) return { ...found, index: text.indexOf(clause) };
  }
  return undefined;
}

/** A clause that opens with a number, in digits or words. */
const SAYS_A_NUMBER = /^\s*(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a\s+hundred)\b)/i;

/** The line's answer to a yes/no question, read from how it opens ("Sure, …", "Nope."). */
export function findYesNo(text: string): Found<boolean> | undefined {
  const line = text.trim().replace(/^(?:oh|well|um|uh|hmm)[,\s]+/i, '');
  const yes = YES.exec(line);
  if (yes) return { value: true, said: yes[0], index: 0, rule: 'yes-no' };
  const no = NO.exec(line);
  if (no && !(/^no$/i.test(no[0]) && noDeterminesANoun(line.slice(no[0].length)))) return { value: false, said: no[0], index: 0, rule: 'yes-no' };
  return undefined;
}

/**
 * Words that may follow an answering "no" without a comma ("no I don't", "no thanks", "no not
 * really"). Any other word makes the "no" a determiner of what follows: "No piano, thankfully",
 * "no allergies" deny a thing, and "no problem", "no worries" agree; none answers the question.
 */
const AFTER_ANSWERING_NO = new Set(
  'i im i\'m i\'ve i\'d we we\'re we\'ve it it\'s its that that\'s thats thanks thank not sorry never there there\'s they he she you just nothing none nobody nowhere no one mate love dear sir madam way chance ta cheers actually really honestly definitely sadly unfortunately afraid'.split(' '),
);

function noDeterminesANoun(rest: string): boolean {
  const next = /^\s+([a-z][a-z'’]*)/i.exec(rest);
  return !!next && !AFTER_ANSWERING_NO.has(next[1].toLowerCase().replace('’', "'"));
}
