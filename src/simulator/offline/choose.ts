// Choosing which offered tools to call: each tool is scored by what the caller's latest line
// shares with it (words of its name, description, parameters and enum values, through everyday
// synonyms) and by the values that line gives for its parameters; a tool whose required
// parameters can all be filled is preferred.
import type { JsonSchema } from '../../model';
import type { ToolSpec } from '../types';
import { fillArguments, type FillContext, type FillResult } from './fill';
import { isNotYetTool, MANNERS, meaningOf, type Meant, VAGUE } from './intent';
import { callerWords, conceptOfWord, isStopWord, nameWords, overlap, stem, words } from './words';

export interface Scored {
  tool: ToolSpec;
  index: number;
  fill: FillResult;
  /** Words of the latest caller line that meet a word of the tool. */
  shared: { mine: string; theirs: string }[];
  /** Parameters a specific rule filled from the latest line. */
  values: string[];
  evidence: number;
  complete: boolean;
  /** How the caller's latest line means this tool, when it does. */
  meant?: Meant;
  /** The parameter of this tool the agent's last question asked for (the dialogue state). */
  askedHere?: string;
  /** A not-yet tool that stepped aside because the caller means another tool (the note says why). */
  deferred?: string;
}


/** Every word a tool shows the model: name parts, description, parameter names, descriptions and enum values. */
/** Words of contact details, by concept: giving them is no purpose of the call. */
const CONTACT = new Set('email phone street name surname'.split(' ').map(conceptOfWord));

export function toolWords(tool: ToolSpec, asPurpose = false): string[] {
  const out = [...nameWords(tool.name), ...words(tool.description)];
  const walk = (props: Record<string, JsonSchema> | undefined) => {
    for (const [name, prop] of Object.entries(props ?? {})) {
      // (Offered as a purpose, a tool is not what its parameters' words of contact say: "the code
      // from their confirmation email" is asked once the caller has a booking, and "my email is …"
      // states no such purpose.)
      out.push(...nameWords(name), ...words(prop?.description ?? '').filter((w) => !asPurpose || !CONTACT.has(conceptOfWord(w))));
      for (const v of prop?.enum ?? []) if (typeof v === 'string') out.push(...nameWords(v));
    }
  };
  walk(tool.parameters.properties);
  return out;
}

/**
 * Scores each tool. A not-yet tool ("while the caller has not said why…") steps aside once the
 * caller's line means another tool: a greeting word that meets it does not outweigh a purpose.
 */
export function scoreTools(tools: ToolSpec[], ctx: FillContext): Scored[] {
  const line = ctx.callerLines[0] ?? '';
  const latest = callerWords(line);
  const notYet = tools.map(isNotYetTool);
  const purposeful = tools.filter((_, i) => !notYet[i]);
  const flags = tools.flatMap((t) => Object.entries(t.parameters.properties ?? {}).filter(([, p]) => p?.type === 'boolean').map(([name]) => `${t.name}.${name}`));
  const soleFlag = flags.length === 1 ? flags[0] : undefined;
  const purposes = notYet.some(Boolean);
  const scored: Scored[] = tools.map((tool, index) => {
    const theirs = toolWords(tool, purposes);
    // A stated purpose alone means the one tool the stage offers besides its not-yet tools.
    const meant = notYet[index] || !line ? undefined : meaningOf(line, theirs, notYet.some(Boolean) && purposeful.length === 1);
    const fill = fillArguments(tool.parameters, { ...ctx, soleFlag, tool: { name: tool.name, description: tool.description, meant } });
    // ("the big double kind" shares "kind" with "Capture the kind of project": a word for any sort
    // of thing points at no tool.)
    // (Nor, at a stage that offers purposes, a word of manners: "for sure" is no "confirmation".)
    const shared = overlap(latest, theirs).pairs.filter((p) => !VAGUE.has(stem(p.mine)) && !(purposes && !notYet[index] && MANNERS.has(conceptOfWord(p.mine))));
    const values = Object.entries(fill.filled).filter(([, f]) => f.fromLatest && f.specific).map(([name]) => name);
    const byPurpose = meant?.rule === 'tool-by-stated-purpose' ? 1 : 0;
    // The agent just asked for one of its parameters: the caller's line answers this tool's question.
    const askedHere = ctx.asked?.[0]?.find((q) => q.tool === tool.name);
    const byQuestion = askedHere ? 0.5 : 0;
    return { tool, index, fill, shared, values, evidence: values.length + byPurpose + byQuestion, complete: fill.missing.length === 0, meant, askedHere: askedHere?.param };
  });
  // A word the caller shares with several tools tells them apart less than a word only one has:
  // each shared concept weighs 1 / (how many tools share it), so "pills" in two descriptions
  // counts half for each while "rash" in one counts whole.
  const sharing = new Map<string, number>();
  for (const s of scored) for (const p of s.shared) sharing.set(conceptOfWord(p.mine), (sharing.get(conceptOfWord(p.mine)) ?? 0) + 1);
  // One word of the caller counts once for a tool: "a dog" that fills surrender_species is that
  // tool's value, not a second sign of it besides ("We saw a dog on your website" is about adopting).
  // At a stage that offers its tools as purposes (it has a not-yet tool), a thing named is no
  // purpose: "the aerial" of "we've lost half the channels" fills a new_installation's install_type
  // but says nothing of wanting one. There a tool's values count only beside a word of its own.
  for (const s of scored) {
    const valueWords = new Set(s.values.flatMap((name) => callerWords(s.fill.filled[name].said)).map(conceptOfWord));
    const ownWords = s.shared.filter((p) => !valueWords.has(conceptOfWord(p.mine)));
    if (purposes && !notYet[s.index] && ownWords.length === 0) s.evidence -= s.values.length;
    s.evidence += ownWords.reduce((sum, p) => sum + 1 / (sharing.get(conceptOfWord(p.mine)) ?? 1), 0);
  }
  const other = scored.find((s) => s.meant && !s.meant.negated);
  for (const s of scored) {
    if (!other || !notYet[s.index] || s.evidence === 0) continue;
    s.deferred = `${s.tool.name} waits for a purpose, and the caller's "${other.meant!.said}" means ${other.tool.name}`;
    s.evidence = 0;
  }
  return scored;
}

/** Best first: most evidence, then complete, then fewest missing, then the order offered. */
export function ranked(scored: Scored[]): Scored[] {
  return [...scored].sort((a, b) => b.evidence - a.evidence || Number(b.complete) - Number(a.complete) || a.fill.missing.length - b.fill.missing.length || a.index - b.index);
}

/** Why a tool was picked, as the note says it. */
export function reasonFor(s: Scored): { rule: string; why: string } {
  if (s.meant?.rule === 'tool-by-stated-purpose' && !s.shared.length) return { rule: s.meant.rule, why: `the caller states a purpose ("${s.meant.said} …") and it is the one tool offered for one` };
  if (s.shared.length) {
    const { mine, theirs } = s.shared[0];
    const how = mine === theirs ? `its word "${theirs}"` : `its word "${theirs}" (same meaning)`;
    return { rule: 'tool-by-words', why: `the caller's "${mine}" matches ${how}` };
  }
  if (s.values.length) {
    const described = s.values.map((name) => `${name} ← "${s.fill.filled[name].said}" (${s.fill.filled[name].rule})`).join(', ');
    return { rule: 'tool-by-values', why: `the caller's line gives its parameters: ${described}` };
  }
  if (s.askedHere) return { rule: 'tool-by-dialogue-state', why: `the agent's last question asked for its ${s.askedHere}` };
  return { rule: 'tool-fallback', why: 'nothing in the caller\'s line points at a tool' };
}

/**
 * Further tools that clearly match too: complete, with values of their own from the latest line
 * that no tool already chosen took ("my name is Ann, born May 5" fills two tools at once).
 */
export function alsoMatching(best: Scored, scored: Scored[]): Scored[] {
  // A stage that offers a tool for "not said why yet" offers its tools as purposes, one of which
  // the caller has: a value another purpose's tool could take ("a dog" to surrender) is no second
  // purpose besides the one meant ("calling about adopting").
  if (scored.some((s) => isNotYetTool(s.tool))) return [];
  const used = new Set(best.values.map((name) => best.fill.filled[name].said));
  const more: Scored[] = [];
  for (const s of ranked(scored)) {
    if (s === best || !s.complete || s.values.length === 0) continue;
    const own = s.values.map((name) => s.fill.filled[name].said);
    if (own.some((said) => used.has(said))) continue;
    own.forEach((said) => used.add(said));
    more.push(s);
  }
  return more;
}

/**
 * For a call that must fire a tool when nothing points at one: a complete tool with no parameters
 * guesses nothing, so it goes first; then any complete tool; then the first offered.
 */
export function fallbackTool(scored: Scored[]): Scored | undefined {
  const bare = scored.find((s) => s.complete && Object.keys(s.tool.parameters.properties ?? {}).length === 0);
  return bare ?? scored.find((s) => s.complete) ?? scored[0];
}

/**
 * The tools the stage's instructions name, with the instructions' words that name each: every
 * content word of the tool's name is a word of the instructions, stemmed ("checking the record"
 * names a tool called check_record). Only the name counts, and only by stem: description words
 * ("caller", "phone") are shared by tools whose action the instructions do not ask for, and a
 * synonym is too loose for an order ("say goodbye" does not tell the agent to call end_session).
 */
export function namedByInstructions(scored: Scored[], instructions: string): { s: Scored; said: string[] }[] {
  // Each content stem of the instructions → the first word that carried it, for the note.
  const said = new Map<string, string>();
  for (const w of words(instructions)) if (!isStopWord(w) && !said.has(stem(w))) said.set(stem(w), w);
  return scored.flatMap((s) => {
    const name = [...new Set(nameWords(s.tool.name).filter((w) => !isStopWord(w) && !/^\d+$/.test(w)).map(stem))];
    return name.length > 0 && name.every((w) => said.has(w)) ? [{ s, said: name.map((w) => said.get(w)!) }] : [];
  });
}

/** How far ahead the best tool must be, by the words alone, for the caller's line to mean it. */
export const INTENT_MARGIN = 0.5;

/**
 * When the caller's words point at two tools about equally (and no value they gave settles it),
 * the line does not say which one they mean: the runner-up, else undefined.
 */
export function tooClose(best: Scored | undefined, fresh: Scored[]): Scored | undefined {
  if (!best || best.values.length > 0 || best.meant?.rule === 'tool-by-stated-purpose') return undefined;
  const second = fresh.find((s) => s !== best && s.evidence > 0 && s.values.length === 0 && !s.deferred);
  return second && best.evidence - second.evidence < INTENT_MARGIN ? second : undefined;
}

const FALLBACK_WORDS = /\b(?:anything else|everything else|otherwise|other (?:questions?|requests?|topics?)|not sure|unclear|fallback|none of the (?:others|above)|does not fit|doesn['’]t fit)\b/i;

/** A tool the agent offers for what no other tool fits ("Use for anything else"). */
export function namedFallback(scored: Scored[]): Scored | undefined {
  return scored.find((s) => FALLBACK_WORDS.test(s.tool.description));
}
