// A flag's meaning in the caller's words (issue 32: "a word that merely appears in a description
// decides nothing"): which words of a flag's description say what it asks and which only set the
// scene, when a word the caller says meets one (a participle, a compound, a plain kind against a
// special one), and how the clause that says them decides. flags.ts reads a flag with these.
import { YES_NO_QUESTION } from './asked';
import { findYesNo, findYesNoInClause } from './extract';
import type { Filled, Made } from './fill-types';
import type { JsonSchema } from '../../model';
import { negationOf } from './polarity';
import { callerWords, classesOf, conceptOfWord, isStopWord, nameWords, stem, words } from './words';

/**
 * The word the caller puts before a word the flag's description shares, when the description puts
 * another one there and never says the caller's ("the normal delivery" against "express delivery");
 * '' when the caller says the noun with no such word and never the description's.
 */
export function qualifiedOtherwise(line: string, mine: string, description: string, theirs: string): string | undefined {
  const before = (text: string, word: string) => new RegExp(`\\b([a-z]+)[\\s-]+${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(text)?.[1];
  // Only the head of what the description ends on ("… express delivery"): a verb or a subject met earlier is no such noun.
  const sentence = description.trim().split(/(?<=[.!?])\s+/).find((x) => new RegExp(`\\b${theirs}\\b`, 'i').test(x)) ?? '';
  if (words(sentence).filter((w) => !isStopWord(w)).at(-1) !== theirs.toLowerCase()) return undefined;
  const said = before(line, mine);
  // The word before the noun the sentence ends on ("… is asbestos": "is"), not an earlier use of it ("includes asbestos").
  const described = [...sentence.matchAll(new RegExp(`\\b([a-z]+)[\\s-]+${theirs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'))].at(-1)?.[1];
  if (!described || isStopWord(described)) return undefined;
  // "the delivery is fine" against "express delivery": the noun alone, without the word that makes
  // it this flag's, is no evidence either.
  if (!said || isStopWord(said)) return new RegExp(`\\b${described}\\b`, 'i').test(line) ? undefined : '';
  const describedStems = new Set(words(description).map(stem));
  return stem(said) !== stem(described) && !describedStems.has(stem(said)) ? said : undefined;
}

/** A class word the caller denies ("not on any medication") that holds one of the flag's words ("antibiotics"). */
export function classDenied(about: string[], line: string): { said: string; kind: string } | undefined {
  for (const kind of about) {
    for (const cls of classesOf(kind)) {
      const said = words(line).find((w) => stem(w) === stem(cls));
      if (said && negationOf(line, said)) return { said, kind };
    }
  }
  return undefined;
}

/** A sentence that says the opposite of its words: "never given blood", "is not working", "no power". */
export const NEGATED = /\b(?:never|not|no|none|nobody|nothing|without|cannot)\b|n['’]t\b/i;

/** Words for the ordinary kind of a thing, against a special kind a flag asks for ("express", "paid"). */
export const PLAIN = new Set(['normal', 'standard', 'regular', 'usual', 'ordinary', 'basic', 'free', 'plain', 'own', 'personal', 'private']);

/** Whom a flag's description speaks of: "when a passenger…", "whether the guest…" (not "when there is…"). */
const SUBJECT = /\b(?:when|whether|if)\s+(?!there\b)(?:(?:a|an|the|any|their|his|her|my|your|our)\s+)?([a-z'’-]+)/gi;
/** Where: "at the address", "near the property". */
const PLACE = /\b(?:at|near|outside|inside|in|on|by)\s+(?:the|a|an|their|his|her|my|your|our)\s+([a-z'’-]+)/gi;
/** A clause that only qualifies what it follows: "equipment that needs power". */
const QUALIFYING = /\b(?:that|which|who)\s+([^.;]*)/gi;

/** The words of a flag's description that set the scene rather than say what it asks. */
export function settingWords(description: string): Set<string> {
  const out = new Set<string>();
  for (const re of [SUBJECT, PLACE]) for (const m of description.matchAll(re)) out.add(m[1].toLowerCase());
  for (const m of description.matchAll(QUALIFYING)) for (const w of words(m[1])) out.add(w);
  return out;
}


/**
 * Whether the description's `word` is a participle qualifying the noun after it ("working day",
 * "opening hours") that the caller did not say, while the caller said the word's plain form ("work"):
 * then the caller speaks of something else.
 */
export function qualifiesOnly(description: string, word: string, said: string, lineStems: Set<string>): boolean {
  return /ing$/i.test(word) && !/ing$/i.test(said.replace(/['’]s$/i, '')) && compoundHeadUnsaid(description, word, lineStems);
}

/** Whether `word` stands before a noun in `description` ("contact lenses") that the caller did not say. */
export function compoundHeadUnsaid(description: string, word: string, said: Set<string>): boolean {
  const m = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+([a-z]+)`, 'i').exec(description);
  return m !== null && !isStopWord(m[1]) && !said.has(stem(m[1]));
}

/**
 * The flag's own name said in the sentence of a yes or no ("we've just used it normally" for
 * used_normally): true, or false when a negator in its clause denies it. Only when every word of
 * the name is said, in one clause that is not the yes or no itself.
 */
export function statedInSentenceOf(name: string, line: string, at: number): { value: boolean; said: string } | undefined {
  const nameStems = nameWords(name).filter((w) => !isStopWord(w)).map(stem);
  if (nameStems.length < 2) return undefined;
  const sentences = line.split(/(?<=[.!?])\s+/);
  let start = 0;
  for (const sentence of sentences) {
    const end = start + sentence.length;
    if (at >= start && at <= end) {
      for (const clause of sentence.split(/[,;]\s*/)) {
        const said = words(clause).map(stem);
        if (!nameStems.every((w) => said.includes(w))) continue;
        const first = words(clause).find((w) => stem(w) === nameStems[0])!;
        return { value: !negationOf(clause, first), said: clause.trim() };
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * Of the clauses of a line that say a flag's concepts, the one that says more of them than any
 * other (with the word that said its first); undefined when one clause alone says any, or two tie.
 */
export function clauseSayingMost(line: string, concepts: string[]): { text: string; word: string } | undefined {
  const wanted = new Set(concepts);
  const clauses = line.split(/[.;!?,]+|\s+(?:and|but)\s+/i).map((c) => c.trim()).filter(Boolean);
  const scored = clauses.map((text) => {
    const hits = callerWords(text).filter((w) => wanted.has(conceptOfWord(w)) || classesOf(w).some((c) => wanted.has(conceptOfWord(c))));
    return { text, word: hits[0], score: new Set(hits.map(conceptOfWord)).size };
  }).filter((c) => c.score > 0);
  if (scored.length < 2) return undefined;
  const best = Math.max(...scored.map((c) => c.score));
  const top = scored.filter((c) => c.score === best);
  return top.length === 1 && top[0].word ? { text: top[0].text, word: top[0].word } : undefined;
}

/** The concepts the tool's other yes/no parameters are about: by their names, and by names and descriptions. */
export function otherFlagConcepts(name: string, parameters: JsonSchema | undefined): { named: Set<string>; described: Set<string> } {
  const flags = Object.entries(parameters?.properties ?? {}).filter(([other, p]) => other !== name && p?.type === 'boolean');
  const concepts = (texts: string[]) => new Set(texts.flatMap(words).filter((w) => !isStopWord(w)).map(conceptOfWord));
  return {
    named: concepts(flags.map(([other]) => nameWords(other).join(' '))),
    described: concepts(flags.flatMap(([other, p]) => [nameWords(other).join(' '), p?.description ?? ''])),
  };
}

/**
 * A flag whose meaning the caller's words meet ("medical equipment" for a flag about medical
 * equipment): the words decide only with their polarity. A negator before them in their clause
 * ("nobody here needs any medical equipment") makes it false; a bare yes or no in the same line
 * ("parking's a nightmare, and no") answers a yes/no question the agent just asked; a "no" that
 * answers no question asked, beside words that do not deny, is no evidence either way, and the
 * agent asks.
 */
export function flagByWords(name: string, line: string, word: string, lastAgentLine: string, made: Made, deniedByDescription?: string): Filled | undefined {
  // The flag is about a "never" ("has never given blood"), and the caller says it: the "No" beside
  // it agrees with it. (A negator of the meaning itself is met by being said.)
  if (/^(?:never|none|nobody|nothing)$/i.test(word) && !negationOf(line, word)) {
    const f = made(true, 'boolean-by-description', word, true, false);
    return f && { ...f, why: `the caller's "${word}" is the word ${name} means, said, not denied` };
  }
  // "Listed? Oh no, nothing like that": the word said back as a question states nothing; the
  // answer is what follows it.
  const echoed = [...line.matchAll(new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'))];
  if (echoed.length > 0 && echoed.every((m) => /^\s*\?/.test(line.slice((m.index ?? 0) + m[0].length)))) {
    const last = echoed.at(-1)!;
    const answer = findYesNo(line.slice(line.indexOf('?', last.index ?? 0) + 1).trim());
    const f = answer ? made(answer.value, 'boolean-echo-answered', answer.said, true, false) : undefined;
    return f && { ...f, why: `"${word}?" is the question said back, and "${answer!.said}" its answer` };
  }
  // "True for a team that hasn't played in the league before": the flag's own words deny what the
  // caller's word says, so a caller denying it too ("Never played in it before") says the flag
  // holds. Said plainly, the word is weak evidence the other way ("a text the day before" says
  // nothing of registering before): no value, and the agent asks.
  if (deniedByDescription !== undefined) {
    const negator = negationOf(line, word);
    const f = negator ? made(true, 'boolean-denied-as-described', `${negator} … ${word}`, true, false) : undefined;
    return f && { ...f, why: `${name} is about "${word}" not holding ("${deniedByDescription.trim()}"), and the caller's line denies it too ("${negator}")` };
  }
  const negator = negationOf(line, word);
  if (negator) {
    const f = made(false, 'boolean-negated', `${negator} … ${word}`, true, false);
    return f && { ...f, why: `"${negator}" denies "${word}" in the same clause of the caller's line` };
  }
  // Only a yes or no of the word's own sentence: "No, nobody needs a ladder. But there's glass…"
  // answers the ladder, not the glass.
  const sentences = line.trim().split(/(?<=[.!?])\s+/);
  // (A word that stands for a phrase, "accompany" for "going with her", is in the phrase's sentence.)
  const own = sentences.find((x) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(x)) ?? sentences.find((x) => callerWords(x).includes(word)) ?? line;
  const yn = findYesNo(own.replace(/^(?:and|but|so|also)\s+/i, '')) ?? findYesNoInClause(own);
  if (yn && YES_NO_QUESTION.test(lastAgentLine.trim())) {
    const f = made(yn.value, 'boolean-yes-no-beside-words', yn.said, true, false);
    return f && { ...f, why: `the agent asked a yes/no question and the caller's line says "${yn.said}" beside "${word}"` };
  }
  // "No" beside words that do not deny them: which one the caller means is a guess.
  if (yn && !yn.value) return undefined;
  const f = made(true, 'boolean-by-description', word, true, false);
  return f && { ...f, why: `the caller's "${word}" meets what ${name} means, and nothing in its clause denies it` };
}
