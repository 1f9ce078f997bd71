// The dialogue state: which parameter(s) the agent's last question asked for. The next caller line
// is then first read as the answer to that question ("the brakes on my car" answers "What is the
// problem with your car?" even though no rule knows a kind of value called a problem).
import type { JsonSchema } from '../../model';
import type { ToolSpec } from '../types';
import { askFor } from './speech';
import { fieldsAskedBy } from './field-question';
import { isStopWord, nameWords, stem, words } from './words';

export interface Asked {
  tool: string;
  param: string;
  /** How the question was matched to the parameter, for the note. */
  why: string;
}

/** A question answered by yes or no: "Is…", "Do you…", "Could you tell me if…", "…, is that all right?". */
export const YES_NO_QUESTION = /(?:^|[.!?]\s+)(?:is|are|am|was|were|do|does|did|can|could|would|will|shall|should|have|has|may)\b(?![^?]*\b(?:what|which|when|where|who|how)\b)[^?]*\?\s*$|\b(?:if|whether)\b[^?]*\?\s*$|,\s*(?:is that|are you|ok|okay|all right)\b[^?]*\?\s*$/i;

/** A question that offers something ("Would you like…", "Shall I…", "Do you want…"). */
const OFFER_QUESTION = /\b(?:would|do|did|will) you (?:like|want|prefer|need|rather)\b|\b(?:shall|should|can|could|may) (?:i|we)\b|\bwant (?:me|us) to\b|\bhow about\b|\bwould (?:that|this|it) (?:suit|work|do|be)\b|\b(?:is|would) that (?:ok|okay|all right|alright|fine)\b/i;
/** "Yes please", "no thanks": how an offer is taken or turned down. */
const OFFER_REPLY = /^(?:(?:oh|well|um|uh)[,\s]+)?(?:yes|yeah|yep|no|nope)[,!\s]+(?:please|thanks|thank you|ta)\b/i;

/**
 * "Yes please" to a question of fact ("Do you still have the card?"): the caller takes up an offer
 * they expected, they do not answer that question. It is no evidence for the fact; the agent asks again.
 */
export const offerReplyToFact = (line: string, question: string): boolean => OFFER_REPLY.test(line.trim()) && YES_NO_QUESTION.test(question.trim()) && !OFFER_QUESTION.test(question);

/** Words of a line that are manners, not an answer ("Hi there", "Morning!"). */
const MANNERS = new Set('there morning afternoon evening thank thanks bye goodbye sure fine good great cheers sorry'.split(' ').map(stem));

const contentOf = (text: string) => new Set(words(text).filter((w) => !isStopWord(w) && !/^\d+$/.test(w)).map(stem));

/**
 * The parameters the agent's last line asked for: first a question the model itself built for a
 * parameter (askFor), else a question holding every content word of a parameter's name ("What's
 * the tracking number?" asks for tracking_number) or most words of its description.
 */
export function askedFor(lastAgentLine: string | undefined, tools: ToolSpec[]): Asked[] {
  if (!lastAgentLine || !/\?\s*$/.test(lastAgentLine.trim())) return [];
  const line = lastAgentLine.trim();
  const params = tools.flatMap((tool) => Object.entries(tool.parameters.properties ?? {}).map(([param, prop]) => ({ tool: tool.name, description: tool.description, param, prop: prop ?? ({} as JsonSchema) })));
  const own = params.filter((p) => line.endsWith(askFor(p.param, p.prop, p.description)));
  // (A field of an object asked by its own question asks for the object: field-question.ts.)
  own.push(...params.filter((p) => !own.includes(p) && fieldsAskedBy(line, p.param, p.prop).length > 0));
  if (own.length) return own.map((p) => ({ tool: p.tool, param: p.param, why: 'the agent\'s last question was built for it' }));
  const said = contentOf(line);
  const byName = params.filter((p) => {
    const name = nameWords(p.param).filter((w) => !isStopWord(w)).map(stem);
    return name.length > 0 && name.every((w) => said.has(w));
  });
  if (byName.length) return byName.map((p) => ({ tool: p.tool, param: p.param, why: `the agent's last question names it ("${nameWords(p.param).join(' ')}")` }));
  const scored = params.map((p) => {
    const described = [...contentOf(p.prop.description ?? '')];
    const hits = described.filter((w) => said.has(w)).length;
    return { p, hits, share: described.length ? hits / described.length : 0 };
  });
  const best = Math.max(0, ...scored.map((s) => s.hits));
  const top = scored.filter((s) => s.hits === best && best >= 2 && s.share >= 0.5);
  if (top.length) return top.map(({ p }) => ({ tool: p.tool, param: p.param, why: 'the agent\'s last question holds most words of its description' }));
  // A yes/no question that names no parameter, where one flag is all the tools ask: it asks for
  // that flag, when it speaks of what the flag means ("Is there anything else?" asks no flag).
  const flags = params.filter((p) => p.prop.type === 'boolean');
  const speaksOf = (p: (typeof params)[number]) => [...contentOf(`${nameWords(p.param).join(' ')} ${p.prop.description ?? ''}`)].some((w) => said.has(w));
  if (YES_NO_QUESTION.test(line) && flags.length === 1 && speaksOf(flags[0])) return [{ tool: flags[0].tool, param: flags[0].param, why: 'the agent asked a yes/no question of what the one yes/no parameter offered means' }];
  return [];
}

/** Fillers around an answer: "Um, it's the brakes, thanks" → "the brakes". */
export function answerContent(line: string): string {
  let s = line.trim();
  const opener = /^(?:(?:yes|yeah|yep|sure|ok|okay|so|well|um|uh|erm|hmm|oh|right|alright|hi|hello|and|also)\b[,.!]?\s*|(?:i['’]m (?:with|at|from)|we['’]re (?:with|at|from)|i am (?:with|at|from)|it(?:['’]s| is| was)|that(?:['’]s| is)|i (?:think|guess|suppose|would say|['’]d say)|i['’]d (?:like|suggest|say)|i would like|i want|my \w+(?: \w+)? (?:is|was|are)|the \w+(?: \w+)? (?:is|was|are))\b[,:]?\s*)/i;
  for (let i = 0; i < 4 && opener.test(s); i++) s = s.replace(opener, '');
  s = s.replace(/[,.\s]*(?:please|thanks|thank you|cheers)?[.!?\s]*$/i, '').trim();
  // A greeting or a bare yes is no answer: nothing is left once manners are set aside.
  return contentOf(s).size > 0 && [...contentOf(s)].some((w) => !MANNERS.has(w)) ? s : '';
}
