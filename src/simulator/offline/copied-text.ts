// A free text copied from the caller's line, kept to what is its own. One line often gives several
// values at once ("She's called Biscuit, she's a cockapoo, about three. Medium-ish, I'd say"): the
// other parameters' rules read theirs from its clauses, and a text copied whole would carry them
// all. It keeps the one clause no other value came from, less hedges ("I'd say") and denials
// ("she's not a big dog"); with none or several left nothing tells which, and the text is not
// given (the agent asks for it). A text that only denies ("No skin problems or anything") gives
// nothing an optional note could hold.
import type { JsonSchema } from '../../model';
import { sentenceAboutEarlier, withoutFillers, wordOfItsThing } from './answer-text';
import { isStopWord, stem, words } from './words';
import type { Filled } from './fill-types';

/** Rules that take a stretch of the line as it was said. */
export const COPIED_RULES = new Set(['answer-to-question', 'words-as-said', 'words-clause', 'words-sentence-about']);

const HEDGE = /^(?:i['’]d say|i think|i guess|i reckon|i suppose|to be honest|if i['’]m honest|probably|maybe|roughly|about|or so|or thereabouts|either|i think so)$/i;
const DENIES = /\b(?:not|no|never|nothing|none|nobody|neither|nor)\b|n['’]t\b/i;
/** "since she's the one who ordered them", "because …": a clause that explains another is no answer of its own. */
const LEANS_ON_ANOTHER = /^(?:since|because|cos|['’]cause|as|which|who|whom|whose|when|whenever|if|unless|though|although|while|whereas|where)\b/i;
/** "she's a …", "it's the …": the subject and the article before the thing named. */
const SUBJECT = /^(?:(?:she|he|it|they|that|this)['’](?:s|re)|(?:she|he|it|that|this) is|they are)\s+(?:(?:a|an|the)\s+)?/i;

/** A text's words, lower case: "Dr Ahmed" and the value dr_ahmed are the same two. */
const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9à-ÿ'’]+/).filter(Boolean);
/** Whether `ws` holds every word of `part` (a word with more after it counts: "medium-ish" holds "medium"). */
const holds = (ws: readonly string[], part: readonly string[]) => part.every((p) => ws.some((w) => w === p || (p.length >= 4 && w.startsWith(p))));

const clausesOf = (text: string) => text.split(/\s*(?:[,;:.!?]+\s*|\s[-–—]\s|\s+(?:but|and|so|though|although)\s+)/i).map((c) => c.trim()).filter(Boolean);

/** The one clause of `text` that holds none of `others` (the words other values were read from), or undefined. */
export function ownClause(text: string, others: readonly string[]): string | undefined {
  const taken = others.map(wordsOf).filter((ws) => ws.length > 0);
  const own = clausesOf(text).filter((clause) => {
    const ws = wordsOf(clause);
    return !taken.some((o) => holds(ws, o) || holds(o, ws)) && !HEDGE.test(clause) && !DENIES.test(clause) && !LEANS_ON_ANOTHER.test(clause);
  });
  if (own.length !== 1) return undefined;
  const kept = withoutFillers(own[0]).replace(SUBJECT, '').trim();
  return kept || undefined;
}

/** A text that says only that there is none: "No skin problems or anything", "nothing like that". */
export const onlyDenies = (text: string): boolean => {
  const clauses = clausesOf(text).filter((c) => !HEDGE.test(c));
  return clauses.length > 0 && /^(?:no|nothing|none|not|never|nope)\b/i.test(clauses[0]) && clauses.every((c) => DENIES.test(c) || /\b(?:fine|healthy|ok|okay|all good|well)\b/i.test(c));
};

/**
 * The copied text of `name`, narrowed (undefined: not given). `filled` holds every value read from
 * the same line, so their words are known.
 */
export function narrowedCopy(name: string, own: Filled, filled: Readonly<Record<string, Filled>>, required: boolean): { value: string } | undefined | 'keep' {
  if (!COPIED_RULES.has(own.rule) || typeof own.value !== 'string' || !own.fromLatest) return 'keep';
  if (!required && onlyDenies(own.value)) return undefined;
  const text = own.value;
  // A value that took its clause: a name, a number, a date, an enum value named as it is. A yes or
  // no, or an enum read from a word of its meaning ("water" for an emergency), says something of
  // the clause and leaves it to the text.
  const tookItsClause = (f: Filled) => typeof f.value !== 'boolean' && (f.rule !== 'enum-value' || String(f.value).toLowerCase() === f.said.toLowerCase());
  const others = Object.entries(filled)
    .filter(([other, f]) => other !== name && f.fromLatest && f.said && tookItsClause(f) && holds(wordsOf(text), wordsOf(f.said)))
    .map(([, f]) => f.said);
  if (!others.length) return 'keep';
  // Sentences first: those that gave no other value are the text's own ("Just the kitchen, under
  // the sink. And we heard scratching in the ceiling. It's been going on a fortnight": the first two).
  // Within one sentence, the one clause none came from.
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  const free = sentences.filter((x) => !others.some((o) => holds(wordsOf(x), wordsOf(o))) && !onlyDenies(x));
  if (sentences.length > 1 && free.length > 0 && free.length < sentences.length) {
    const joined = free.join(' ');
    const one = ownClause(joined, []);
    // A sentence of one clause and hedges ("Medium-ish, I'd say") is that clause; more are kept whole.
    return { value: one ?? withoutFillers(joined).replace(/^(?:and|but|so|also)\s+/i, '') };
  }
  const clause = ownClause(text, others);
  return clause === undefined ? undefined : { value: clause };
}

/**
 * The text of `name` once the line's other values are known: `f` narrowed to its own clause
 * (narrowedCopy), the line's other sentences where the one that meant the tool gave another value,
 * or a sentence a line or two before that names the parameter's thing where what is left names
 * nothing of it ("With gold letters on" is no cemetery; "it's up at Undercliffe Cemetery" is).
 */
export function copiedText(name: string, prop: JsonSchema, f: Filled, filled: Readonly<Record<string, Filled>>, callerLines: readonly string[], required: boolean): { value: string } | undefined | 'keep' {
  let narrowed = narrowedCopy(name, f, filled, required);
  // The sentence that meant the tool ("It's leaking.") gave another value: the rest of the line
  // ("Every time it gets to the spin there's a puddle…") is the text, if any sentence is free.
  const line = callerLines[0] ?? '';
  const othersSaid = new Set(Object.entries(filled).filter(([other]) => other !== name).flatMap(([, o]) => words(String(o.said ?? '')).map(stem)));
  // ("His GCSEs, yeah, next summer." gave the exam: the text is in the line's other sentences.)
  const givesOthers = words(String(f.value)).filter((w) => !isStopWord(w)).some((w) => othersSaid.has(stem(w)));
  if (narrowed === undefined && f.rule === 'words-clause' && givesOthers && line.trim() !== f.value) narrowed = narrowedCopy(name, { ...f, value: withoutFillers(line), said: line, rule: 'words-as-said' }, filled, required);
  if (narrowed === 'keep') return 'keep';
  const earlier = narrowed && !wordOfItsThing(name, prop, narrowed.value) ? sentenceAboutEarlier(name, prop, callerLines) : undefined;
  return earlier ? { value: earlier.said } : narrowed;
}
