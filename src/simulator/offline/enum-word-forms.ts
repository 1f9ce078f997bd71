// How a word of an enum value's name is said, or not said, as that value (enums.ts): the small
// words of place that carry its meaning ("light_out"), a word said as a place rather than a thing
// ("in our garden", "the inside of the glass"), everyday forms of a name's word ("misty" for
// misted, "refurb" for refurbishment), and a definition's verbs with their particles ("knocking
// down"). Each decides only whether a word counts; the scoring stays in enums.ts.
import { conceptOfWord, isStopWord, nameWords, stem } from './words';

const concept = (w: string) => conceptOfWord(w);

/**
 * Whether `word` is said in the line and every place it is said fits: by its concept (a word with
 * its apostrophe, "field" for "fields") or exactly (letters only, so "email's" is "email" then "'s"),
 * with the line before and after that place.
 */
function everyPlace(word: string, line: string, same: 'concept' | 'exact', fits: (before: string, after: string) => boolean): boolean {
  const places = same === 'concept' ? [...line.matchAll(/[\p{L}'’]+/gu)].filter((m) => concept(m[0].toLowerCase()) === concept(word)) : [...line.matchAll(/[\p{L}]+/gu)].filter((m) => m[0].toLowerCase() === word.toLowerCase());
  return places.length > 0 && places.every((m) => fits(line.slice(0, m.index ?? 0), line.slice((m.index ?? 0) + m[0].length)));
}

/**
 * Small words of place or state that carry a value's meaning ("light_out", "on_during_day",
 * "drop_off") though they are no content words: a value is named whole only when they are said
 * too, alone or inside a word with the rest of the name ("a pickup" for pick_up). "A street light
 * outside ours … going on and off" names no light_out: "light" alone is what every value is about.
 */
const PARTICLES = new Set(['out', 'off', 'on', 'up', 'down', 'over', 'under', 'in', 'away', 'back']);
export function particlesUnsaid(value: string, said: string[]): boolean {
  const name = nameWords(value).map((w) => w.toLowerCase());
  const spoken = said.map((w) => w.toLowerCase().replace(/[-'’]/g, ''));
  return name.filter((w) => PARTICLES.has(w)).some((p) => !spoken.some((x) => x === p || (x.includes(p) && name.some((o) => o !== p && x.includes(o)))));
}

/** Whether every place `word` is said in the line follows "in our", "at the", "from my": a place. */
export function saidOnlyAsAPlace(word: string, line: string): boolean {
  return everyPlace(word, line, 'concept', (before) => /\b(?:in|at|from|into|round)\s+(?:the|our|my|their|his|her|your)\s+$/i.test(before.slice(-20)));
}

/**
 * Whether every place `word` is said follows a word of time ("the week before Christmas", "over
 * Christmas", "by Easter"): a when, not a kind ("christmas_fair").
 */
export function saidOnlyAsATime(word: string, line: string): boolean {
  return everyPlace(word, line, 'concept', (before) => /\b(?:before|after|over|until|till|since|by|around|towards?|near|ahead\s+of)\s+(?:the\s+)?$/i.test(before.slice(-20)));
}

/**
 * Whether every place `word` is said follows "the inside of the", "the top of my": a side of it, said
 * as a place. ("The outside of the house" is the house's outside, a thing to work on: not here.)
 */
export function saidOnlyAsASideOf(word: string, line: string): boolean {
  return everyPlace(word, line, 'concept', (before) => /\b(?:inside|underside|top|bottom|edge|side|middle|corner)\s+of\s+(?:the|our|my|their|his|her|your|a|an)\s+$/i.test(before.slice(-30)));
}

/** Everyday words in -y that are no adjective of the word before it ("a party" is nothing parted). */
const NOUNS_IN_Y = new Set(['party', 'county', 'story', 'entry', 'belly', 'bully', 'jelly', 'ready', 'carry', 'hurry', 'marry', 'worry', 'sorry', 'berry', 'ferry', 'lorry', 'reply', 'supply', 'apply', 'family', 'every', 'plenty', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']);

/**
 * Words of a value's name the caller says in another everyday form: "misty" for misted, "rusty" for
 * rusted (an adjective in -y of the same root as a name's -ed or -ing word), "refurb" for
 * refurbishment (a word cut short, six letters or more, of a longer name word). Returned as the
 * name word itself, so that it is met as said.
 */
export function formsOfNameWords(said: string[], values: string[]): { word: string; as: string }[] {
  const nameWordsAll = [...new Set(values.flatMap((v) => nameWords(v).map((w) => w.toLowerCase())))];
  const out: { word: string; as: string }[] = [];
  for (const x of said.map((w) => w.toLowerCase().replace(/['’]s$/, ''))) {
    const root = NOUNS_IN_Y.has(x) ? undefined : /^([a-z]{4,})y$/.exec(x)?.[1];
    for (const w of nameWordsAll) {
      if ((root && /(?:ed|ing)$/.test(w) && stem(w) === root) || (x.length >= 6 && w.length >= x.length + 2 && w.startsWith(x) && !isStopWord(x))) out.push({ word: w, as: x });
    }
  }
  return out;
}

export const PHRASAL_PARTICLE = /^(?:down|up|out|off|through|over|away|back)$/i;
/** The verbs definitions say with a particle ("knocking down"), by stem, with it. */
export function phrasalVerbsIn(definitions: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of definitions) for (const m of d.matchAll(/\b([a-z]{3,})\s+(down|up|out|off|through|over|away|back)\b/g)) if (!isStopWord(m[1])) out.set(stem(m[1]), m[2]);
  return out;
}

/** Whether every place `word` is said labels a detail read out after it ("the email's …", "my phone is …"). */
export function saidOnlyAsALabel(word: string, line: string): boolean {
  // ("The email's fine", "post is better": a word of choosing after it makes it the choice.)
  return everyPlace(word.replace(/_/g, ' '), line, 'exact', (_, after) => /^(?:['’]s|\s+(?:is|address\s+is|number\s+is|['’]s))\s+(?!(?:fine|good|great|best|better|easier|easiest|ok|okay|perfect|ideal|preferred|probably|the\s+(?:best|easiest)|what|how)\b)\S/i.test(after));
}

/** After a value's word, words that grade it among things the caller has: "the right one's the worst". */
export const GRADED_WORSE = /^(?:\s+one)?\s*(?:['’]s|is|was|are)\s+(?:the\s+|a\s+(?:bit|lot)\s+|much\s+|far\s+)?(?:worst|worse|sorest|sorer|most\s+painful|bad\s+one)\b/i;

/** Whether every place `word` is said grades it as worse ("both, but the right one's the worst"): a description, no choice. */
export function saidOnlyAsWorse(word: string, line: string): boolean {
  return everyPlace(word, line, 'exact', (_, after) => GRADED_WORSE.test(after));
}

/** Whether every place `word` is said names a neighbour's place: "the field next door", "the farm over the road". */
export function saidOnlyAsNextDoor(word: string, line: string): boolean {
  return everyPlace(word, line, 'concept', (_, after) => /^\s+(?:next\s+door|over\s+the\s+(?:road|way|wall|fence|hedge)|across\s+the\s+(?:road|street|way)|opposite|behind\s+us|next\s+to\s+(?:us|ours))\b/i.test(after));
}
