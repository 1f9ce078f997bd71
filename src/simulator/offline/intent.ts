// What the caller means to do, read against the offered tools: a tool meant "while the caller has
// not said what they want" (a not-yet tool), a line that states a purpose ("I'd like to…", "can
// I…"), the caller's words that meet a tool's meaning, and a boolean parameter that restates its
// tool's purpose (so it is true once the caller means that tool, false when they deny it).
import type { JsonSchema } from '../../model';
import type { ToolSpec } from '../types';
import { negationOf } from './polarity';
import { callerWords, conceptOf, conceptOfWord, contentStems, isStopWord, nameWords, overlap, stem, words } from './words';

/** How the caller's line shows that they mean a tool. */
export interface Meant {
  /** The caller's word (or phrase) that shows it. */
  said: string;
  rule: 'tool-by-words' | 'tool-by-stated-purpose';
  /** The caller denies it ("I don't want to book"). */
  negated: boolean;
}

/** The tool as the fill rules see it: its meaning, and whether the caller's line means it. */
export interface ToolMeaning {
  name: string;
  description: string;
  meant?: Meant;
}

const NOT_YET_NAME = /\b(?:not yet|no intent|unknown|undetected|unclear|no purpose)\b/i;
const NOT_YET_DESCRIPTION = /\b(?:not yet|has not|hasn['’]t|have not|haven['’]t|did not|didn['’]t)\b[^.]*?\b(?:said|say|stated|given|detected|known|clear|told|explained|decided)\b|^\s*no \w+ yet\b/i;

/** A tool for a caller who has not yet said what they want ("No intent yet.", "…while the caller has not said why…"). */
export function isNotYetTool(tool: ToolSpec): boolean {
  return NOT_YET_NAME.test(nameWords(tool.name).join(' ')) || NOT_YET_DESCRIPTION.test(tool.description);
}

/**
 * Words for any sort of thing or anyone, "work" ("I work mornings" is no "fence work"), words of
 * opinion ("I think I need to talk to someone" is no "thinking of harming themselves") and of the
 * call itself ("give you guys a call" is no "calling about a bill"): shared with a tool, they say
 * nothing of what the caller wants of it.
 */
export const VAGUE = new Set('kind kinds sort sorts type types thing things stuff bit bits way ways lot work think thinking thought guess suppose reckon wonder wondering know mean call calling called ring ringing rang someone somebody something anything anyone anybody else'.split(' ').map(stem));

/** Words that are manners or talk about the call itself, not a purpose: greetings, thanks, yes/no. */
export const MANNERS = new Set([...['greeting', 'agree', 'refuse'].map(conceptOfWord), ...'thank thanks good morning afternoon evening there calling call speaking doing fine well nice'.split(' ').map(stem)]);
/** Asking for help or to talk names no purpose of its own. */
const META = new Set([...['help', 'ask'].map(conceptOfWord), ...'talk speak someone something anything thing wonder'.split(' ').map(stem)]);

const substance = (text: string) => contentStems(text).filter((w) => !MANNERS.has(conceptOf(w)) && !META.has(conceptOf(w)));

const WANTS = /\b(?:i(?:['’]d| would) (?:like|love)|i (?:want|wanna|need|have to|must)|i['’]m (?:looking|hoping|trying|calling|after)|i am (?:looking|hoping|trying|calling)|i was (?:hoping|wondering|looking|calling)|(?:can|could|may) (?:i|we)|calling (?:to|about|for|because|regarding)|is it possible|do you have)\b/i;

/** The words that state a purpose, when the line has one ("I was hoping to see the dentist"): a want with words of substance after it. */
export function statedPurpose(line: string): string | undefined {
  const m = WANTS.exec(line);
  if (!m) return undefined;
  return substance(line.slice(m.index + m[0].length)).length > 0 ? m[0] : undefined;
}

/** How near a negator must come before a word of want to deny the want ("don't want to book"). */
const WANT_NEGATION_WORDS = 3;

/** Whether a negator just before `said`, in its clause, denies it ("I don't want to book", "nobody wants to book"). */
export function deniedBefore(line: string, said: string): boolean {
  return negationOf(line, said, WANT_NEGATION_WORDS) !== undefined;
}

/**
 * The caller means `tool` when a word of substance of their line meets a word of the tool
 * (through everyday synonyms and phrases), or — when the stage offers only this tool besides
 * not-yet tools — when the line states a purpose at all.
 */
export function meaningOf(line: string, theirs: string[], onlyPurposeful: boolean): Meant | undefined {
  const pairs = overlap(callerWords(line), theirs).pairs.filter((p) => !MANNERS.has(conceptOfWord(p.mine)) && !VAGUE.has(stem(p.mine)) && !/^\d+$/.test(p.mine));
  if (pairs.length) return { said: pairs[0].mine, rule: 'tool-by-words', negated: deniedBefore(line, pairs[0].mine) };
  const stated = onlyPurposeful ? statedPurpose(line) : undefined;
  return stated ? { said: stated, rule: 'tool-by-stated-purpose', negated: deniedBefore(line, stated) } : undefined;
}

/** Words that say nothing of what a tool or parameter is about. */
// ("wants_lessons" restates a tool about lessons: a word of wanting adds no meaning of its own.)
const GENERIC = new Set('caller user customer person true false use tool call whether flag value want wants wanted wanting wish wishes interested'.split(' ').map(stem));
const meaningConcepts = (texts: string[]) =>
  new Set(texts.flatMap((t) => [...nameWords(t), ...words(t)]).filter((w) => !isStopWord(w) && !/^\d+$/.test(w) && !GENERIC.has(stem(w))).map(conceptOfWord));

/**
 * A boolean parameter that restates its tool's purpose: every concept of its name is one of the
 * tool's ("arrange_visit" of a tool that arranges visits). A flag that shares one word with its
 * tool and adds its own ("card_in_possession" of a tool that stops a card) says something else.
 */
export function restatesTool(name: string, prop: JsonSchema, tool: ToolMeaning): boolean {
  const own = meaningConcepts([name]);
  const mine = own.size ? own : meaningConcepts([prop.description ?? '']);
  // The tool's purpose is its name and first sentence: a description may go on to name every parameter.
  const purpose = tool.description.trim().split(/(?<=[.!?])\s+/)[0] ?? '';
  const theirs = [...meaningConcepts([tool.name, purpose])];
  return mine.size > 0 && [...mine].every((c) => theirs.some((t) => sameRoot(c, t)));
}

/** Two stems of one root: equal, or one opens the other and is five letters at least ("donat", "donation"). */
const sameRoot = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));

/** The sentence of the line that holds `said`, when the line has more than one. */
export function clauseWith(line: string, said: string): string {
  const sentences = line.trim().split(/(?<=[.!?])\s+/).filter(Boolean);
  if (sentences.length < 2) return line.trim();
  return sentences.find((s) => s.toLowerCase().includes(said.toLowerCase())) ?? line.trim();
}
