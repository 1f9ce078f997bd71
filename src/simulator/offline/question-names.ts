// Questions read from a parameter's name or its docstring where "What is the <name>?" would read as
// no person asks: a name that opens with a question word ("where_in_home" → "Where in the home?"),
// a score on a scale its description gives ("worstPain: 0 to 10" → "On a scale of 0 to 10, …"),
// and a docstring that says only how the value is written ("what the guest said, in their words").
import type { JsonSchema } from '../../model';
import { nameWords } from './words';

const QUESTION_WORD = /^(?:where|when|who|which|how|why)$/;
const PREPOSITION = /^(?:in|on|at|of|from|to|into|inside|near|by|with)$/;
const DETERMINER = /^(?:the|a|an|your|my|this|that|which|what)$/;

/**
 * "where_in_home" → "Where in the home?", "how_many_pets" → "How many pets?": a name that is a
 * question already. A preposition before a bare noun takes "the". Undefined for any other name.
 */
export function questionFromName(name: string): string | undefined {
  const ws = nameWords(name);
  if (ws.length < 2 || !QUESTION_WORD.test(ws[0])) return undefined;
  // Only a question whole without a verb: "where in …", "how many …" ("when_free" is no question).
  if (!PREPOSITION.test(ws[1]) && !(ws[0] === 'how' && /^(?:many|much|long|often|far)$/.test(ws[1]))) return undefined;
  const out: string[] = [];
  ws.forEach((w, i) => {
    out.push(w);
    const next = ws[i + 1];
    if (PREPOSITION.test(w) && next !== undefined && !DETERMINER.test(next) && !/^\d/.test(next)) out.push('the');
  });
  return `${out[0].charAt(0).toUpperCase()}${out[0].slice(1)} ${out.slice(1).join(' ')}?`;
}

/** The scale a number's own description or docstring gives ("0 to 10", "1-5"), or undefined. */
export function scaleOf(name: string, prop: JsonSchema | undefined, toolDescription: string): string | undefined {
  if (prop?.type !== 'number' && prop?.type !== 'integer') return undefined;
  const escaped = [name, nameWords(name).join(' ')].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const own = prop.description ?? new RegExp(`\\b(?:${escaped.join('|')})\\s*:\\s*([^;.]*)`, 'i').exec(toolDescription)?.[1] ?? '';
  const m = /\b(\d{1,3})\s*(?:to|-|–)\s*(\d{1,3})\b/.exec(own);
  if (!m || Number(m[1]) >= Number(m[2])) return undefined;
  // A range of a count or a measure ("2 to 8 people", "4 to 8, to the nearest foot") is a limit, not
  // a scale: a scale is named so, or starts at 0 or 1 with nothing of its own after it.
  const bare = /^\s*[01]\s*(?:to|-|–)\s*\d{1,3}\s*(?:,|$)/.test(own) && !/\b(?:nearest|feet|foot|inch(?:es)?|metres?|meters?|cm|kg|years?|days?|weeks?|people|guests?)\b/i.test(own);
  return /\b(?:scale|score|rating|rate|worst|best|pain|out of)\b/i.test(own) || bare ? `${m[1]} to ${m[2]}` : undefined;
}

/** A docstring clause that says how the value is written ("what the guest said, in their words"), not what it is. */
export const saysOnlyHowWritten = (clause: string): boolean => /^what\s+(?:the\s+\w+|they|he|she|you)\s+(?:said|says|say)\b/i.test(clause.trim());
