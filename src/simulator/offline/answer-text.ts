// The part of a caller's answer that is the value asked for, kept in their words: fillers trimmed,
// the sentence about the parameter's thing when there are several, the sentences before another
// yes/no answer; a line that names the parameter ("Hendon's the nearest centre"); and, in a Block
// Agent turn, whether the turn's instructions asked for the parameter.
import type { JsonSchema } from '../../model';
import type { Asked } from './asked';
import type { FillContext } from './fill-types';
import { findEmails, findPhones, findYesNo, notAName } from './extract';
import { findSpokenEmails } from './spoken';
import { findDates, findTimes } from './dates';
import { isStopWord, nameWords, stem, words } from './words';

/** Manners around free text kept in the caller's words: "Um, it's a green one, thanks" → "a green one". */
export function withoutFillers(line: string): string {
  let s = line.trim();
  const opener = /^(?:(?:yes|yeah|yep|um|uh|erm|well|so|oh|right|okay|ok|hi|hello)\b[,.!]?\s*|it(?:['’]s| is)\s+)/i;
  for (let i = 0; i < 4 && opener.test(s); i++) s = s.replace(opener, '');
  return s.replace(/[,.\s]*(?:please|thanks|thank you|cheers)?[.!?\s]*$/i, '').trim() || line.trim();
}

/**
 * The value a line gives by naming the parameter: "Hendon's the closest centre", "the centre is
 * Hendon" (a name in capitals on the other side of "is" from the parameter's last word).
 */
export function namedBy(name: string, line: string): { value: string; said: string; word: string } | undefined {
  const word = nameWords(name).filter((w) => !isStopWord(w)).at(-1);
  if (!word || word.length < 3) return undefined;
  const title = "[A-Z][\\w'’-]*(?:\\s+[A-Z][\\w'’-]*){0,3}";
  const before = new RegExp(`(?<![\\w'’])(${title})(?:['’]s|\\s+is)\\s+(?:the|my|our)\\s+(?:[a-z]+\\s+){0,2}${word}s?\\b`).exec(line);
  // The parameter's word may open a sentence; the name after it keeps its capitals.
  const after = new RegExp(`\\b[${word[0]}${word[0].toUpperCase()}]${word.slice(1)}\\s+(?:is|would be|['’]s)\\s+(?:the\\s+)?(${title})`).exec(line);
  const m = before ?? after;
  const value = m?.[1].split(/\s+/).filter((w) => !notAName(w)).join(' ');
  if (m && value) return { value, said: m[0], word };
  // "I'm with Locking Hill surgery", "we use Parkside garage": a name in capitals right before the
  // parameter's own word is that one's name, the word kept ("Locking Hill surgery").
  const titled = new RegExp(`\\b(?:with|at|to|from|use|using|called|named)\\s+(${title})\\s+(${word}s?)\\b`).exec(line);
  const titledName = titled?.[1].split(/\s+/).filter((w) => !notAName(w)).join(' ');
  if (titled && titledName) return { value: `${titledName} ${titled[2]}`, said: titled[0], word };
  // "It's at St Luke's, the eye clinic, on Wednesday": a phrase set apart that ends in the
  // parameter's word names which one by the words before it ("eye clinic"); "the clinic" alone names none.
  const phrase = new RegExp(`(?:^|[,;:]\\s*|\\b(?:at|in|to|from)\\s+)the\\s+((?:[a-z]+\\s+){1,2}${word}s?)(?=\\s*(?:[,;.!?]|$|\\s+(?:on|at|in)\\b))`).exec(line);
  const modifiers = phrase?.[1].split(/\s+/).slice(0, -1) ?? [];
  if (phrase && modifiers.every((w) => !isStopWord(w) && !/^(?:same|usual|other|main|local|nearest|right|wrong)$/.test(w))) return { value: phrase[1], said: phrase[0].replace(/^[,;:]\s*/, ''), word };
  return undefined;
}

/** A clause with the caller as its subject: "I'll get them…", "we can come…", "I'm not sure". */
export const FIRST_PERSON_CLAUSE = /^(?:i|we)(?:['’](?:ll|d|m|ve|re))?\s+(?!\w+['’]s\b)/i;

/**
 * The sentences of an answer before one that opens with a yes or no ("It's the amlodipine, the
 * five milligram ones. And no, nothing new."): that one answers another question.
 */
export function beforeOtherAnswers(line: string): string {
  const sentences = line.trim().split(/(?<=[.!?])\s+/);
  const other = sentences.findIndex((x, i) => i > 0 && findYesNo(x.replace(/^(?:and|but|so|also)\s+/i, '')) !== undefined);
  return other > 0 ? sentences.slice(0, other).join(' ') : line;
}

/**
 * In a Block Agent turn the reply is written beside the tools call, so a caller often answers what
 * the turn's instructions ask before hearing it: a parameter the instructions ask for by name ("Ask
 * which medicine they need") counts as asked.
 */
export function askedByInstructions(name: string, ctx: FillContext): Asked | undefined {
  if (!ctx.askedInParallel || !ctx.instructions || !ctx.tool) return undefined;
  const ws = nameWords(name).filter((w) => !isStopWord(w));
  if (!ws.length) return undefined;
  // Asked by the parameter's name ("ask for the bin location"), or by what its description opens with
  // ("Where the bin is standing now" asked as "where exactly it's standing now"): two words or more.
  const prop = ctx.parameters?.properties?.[name];
  const opening = words((prop?.description ?? '').split(/[,;.(]/)[0]).filter((w) => !isStopWord(w));
  const asks = ctx.instructions.split(/(?<=[.!?])\s+/).some((sentence) => {
    const at = /\bask\b/i.exec(sentence);
    if (at === null) return false;
    const asked = words(sentence.slice(at.index)).map(stem);
    const meets = (list: string[]) => list.every((w) => asked.includes(stem(w)));
    return meets(ws) || (opening.length >= 2 && meets(opening));
  });
  return asks ? { tool: ctx.tool.name, param: name, why: "the turn's instructions ask for it, and its question is said beside this call" } : undefined;
}

/**
 * The one sentence of a line of several that holds a content word of the parameter's name or
 * description. Undefined for a line of one sentence, or when none
 * or several sentences do (then nothing tells which).
 */
export function sentenceAbout(name: string, prop: JsonSchema, line: string): { said: string; word: string } | undefined {
  const sentences = line.trim().split(/(?<=[.!?])\s+/).filter(Boolean);
  if (sentences.length < 2) return undefined;
  const hits = sentences.flatMap((sentence) => {
    const word = wordOfItsThing(name, prop, sentence);
    return word ? [{ said: sentence, word }] : [];
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** The sentence about the parameter's thing said a line or two before the latest (`callerLines[0]`), if one is. */
export function sentenceAboutEarlier(name: string, prop: JsonSchema, callerLines: readonly string[]): { said: string; word: string } | undefined {
  return callerLines.slice(1, 4).map((l) => sentenceAbout(name, prop, l)).find(Boolean);
}

/** A word of `text` that is a word of the parameter's name or description ("cemetery"), if any. */
export function wordOfItsThing(name: string, prop: JsonSchema, text: string): string | undefined {
  // Literal stems: the synonym table is too wide here ("number" means a phone, "drop" to cancel).
  const own = new Set([...nameWords(name), ...words(prop.description ?? '')].filter((w) => !isStopWord(w)).map(stem));
  return words(text).find((w) => !isStopWord(w) && own.has(stem(w)));
}

/**
 * "The Tuesday afternoon one suits me", "that one", "the second one": a choice among options the
 * agent offered or will offer, which answers no question for a free text (a reason, a note).
 */
export const CHOICE_OF_OPTIONS = /^(?:(?:and|so|well|oh|yes|yeah|ok|okay)[,\s]+)*(?:the|that|this)\s+(?:[\w'’-]+\s+){0,3}one\b|\b(?:first|second|third|last|earlier|later|other)\s+one\b/i;

/** Verbs whose "to" is their object, not a purpose: "I'd like to book", "asked me to book". */
const TO_AFTER = /\b(?:want|wants|wanted|like|need|needs|needed|asked\s+(?:me|us)|told\s+(?:me|us)|have|has|had|going|able|trying|try|tried|hoping|hope|love|meant|supposed|used|got)\s+$/i;

/**
 * The purpose a line gives ("book a follow-up in a couple of weeks to go over my blood test
 * results", "…because the tap won't stop dripping"): the clause from its "to", "so that" or
 * "because" to the sentence's end. A "to" that is a verb's object ("I'd like to book") is none.
 */
export function purposeOf(line: string): { said: string } | undefined {
  for (const sentence of line.split(/(?<=[.!?])\s+/)) {
    for (const m of sentence.matchAll(/\b(?:to|so that|because|as)\s+(?=[a-z])/gi)) {
      const before = sentence.slice(0, m.index);
      if (!/\S/.test(before) || TO_AFTER.test(before)) continue;
      // "as" gives a reason only as "as I…"/"as we…"/"as my…"; "to" only before a verb-like word (not "to the", "to me").
      const rest = sentence.slice(m.index).replace(/[.!?]+$/, '').trim();
      if (/^as\s+(?!(?:i|we|my|our|the)\b)/i.test(rest) || /^to\s+(?:the|a|an|my|me|us|you|him|her|them|it|this|that|be|his|our|your|their)\b/i.test(rest)) continue;
      if (/^to\s+\w+/i.test(rest) && words(rest).length < 3) continue;
      return { said: rest };
    }
  }
  return undefined;
}

/** Words that judge a choice rather than say anything ("better", "ideally", "suits"). */
const JUDGING = new Set('better best fine good great ideal ideally suits suit works work prefer preferably rather possible easier easiest'.split(' '));

/**
 * "Thursday if you can, the afternoon's better for me": a line that says only when (a day, a time,
 * a part of the day) and how the caller feels about it, which answers no question for a place, a
 * reason or a note.
 */
export function saysOnlyWhen(text: string, today?: string): boolean {
  const spans = [...findDates(text, today), ...findTimes(text)].map((f) => [f.index, f.index + f.said.length] as const);
  let rest = text;
  for (const [a, b] of [...spans].sort((x, y) => y[0] - x[0])) rest = rest.slice(0, a) + ' ' + rest.slice(b);
  rest = rest.replace(/\b(?:morning|afternoon|evening|lunchtime|teatime|night|weekend|weekday)(?:s|['’]s)?\b|\b(?:this|next|any)\s+week\b/gi, ' ');
  const said = words(rest).filter((w) => !isStopWord(w.replace(/['’].*$/, '')) && !JUDGING.has(w));
  return spans.length + (rest === text ? 0 : 1) > 0 && said.length === 0;
}

/**
 * Free text that describes a thing (what it looks like), not the caller's problem or request: by
 * the parameter's description, or by what its tool's description says of it ("description: what
 * it looks like…").
 */
export function describesAThing(name: string, prop: JsonSchema, toolDescription = ''): boolean {
  const spelled = [name, nameWords(name).join(' ')].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const clause = new RegExp(`\\b(?:${spelled.join('|')})\\b\\s*(?::|is|means)\\s*([^;.]*)`, 'i').exec(toolDescription)?.[1] ?? '';
  return /\b(?:looks? like|appearance|colour|color|what it is like)\b/i.test(`${prop.description ?? ''} ${clause}`);
}

/** A parameter that holds why: its name or description says reason, why or purpose. */
export const REASON = /\b(?:reasons?|why|purpose|what (?:it|the \w+) is for)\b/i;

/** Letters said one by one, as a name or a code is spelled out ("D O B S O N", "Q U A Y E"). */
const SPELLED_OUT = /(?<![\w'’])(?:[A-Z][\s.,]+){2,}[A-Z](?![\w'’])/;
/** The words of a parameter that holds contact details or a name: these may hold a phone or a spelling. */
const HOLDS_CONTACT = /\b(?:contact|phone|mobile|number|email|e-mail|name|names|spell(?:ing|ed)?|details|reference|code|id)\b/i;

/**
 * A phone number, an email or a spelling in an answer for free text that holds none of them: the
 * caller is giving their contact details ("Put it under Deborah Quaye, that's Q U A Y E, and my
 * mobile's oh seven eight one two…"), which answers another question, not this one (issue 32: the
 * whole line became a delivery's building). Undefined when the answer holds none.
 */
export function contactDetailsIn(name: string, prop: JsonSchema, text: string): string | undefined {
  if (HOLDS_CONTACT.test(`${nameWords(name).join(' ')} ${prop.description ?? ''}`)) return undefined;
  const found = findPhones(text)[0] ?? findEmails(text)[0] ?? findSpokenEmails(text)[0];
  if (found) return found.said;
  return SPELLED_OUT.exec(text)?.[0];
}
