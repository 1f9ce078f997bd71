// A parameter for how things are now and one for how they are to be ("current_surface",
// "planned_surface"): which values of a line are whose, by the tense of the clause that says them
// (issue 32: "It's all lawn at the minute, and we're having them permeable blocks put down" wrote
// block paving as the surface now).
import type { JsonSchema } from '../../model';
import { getOwn } from '../../model/own';
import type { Filled } from './fill-types';
import { nameWords } from './words';

/** A parameter's name that holds how things are now, and one that holds how they are to be. */
const ROLE_NOW = /\b(?:current|existing|present|old|now)\b/i;
const ROLE_TO_BE = /\b(?:planned|new|future|wanted|desired|target|proposed|replacement)\b/i;

/** Words of a clause that says what is to be, and of one that says what is now. */
const PLAN_CLAUSE = /\b(?:having\s+(?:it|them|some|the)?\s*[\w\s]{0,30}?\s+(?:put|laid|fitted|done|installed)|going\s+to|gonna|will\s+be|we['’]ll|planning|plan\s+to|want(?:ing)?\s+to\s+(?:put|have|get)|getting)\b/i;
const NOW_CLAUSE = /\b(?:at\s+the\s+(?:minute|moment)|currently|right\s+now|at\s+present|it['’]s\s+all|there['’]s\s+just)\b/i;

/** The clause of `line` (between commas and stops) that holds `said`, or "" when it is not found. */
function clauseHolding(line: string, said: string): string {
  const word = said.replace(/_/g, ' ').split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!word) return '';
  return line.split(/[,.;!?]+/).find((c) => c.toLowerCase().includes(word)) ?? '';
}

/**
 * The enum parameters whose values are out of tense: read from a clause of plans for how things are
 * now (or from one of now for how they are to be), or the same words read for both.
 */
export function outOfTense(entries: [string, JsonSchema | undefined][], filled: Record<string, Filled>, callerLines: string[]): Set<string> {
  const out = new Set<string>();
  // "It's all lawn at the minute, and we're having permeable blocks put down": one value read from
  // the same words for a current_surface and a planned_surface is the one state or the other, never
  // both, and the rules do not know which: neither is written (the agent asks).
  // (And a value said in a clause of plans, "we're having them permeable blocks put down", is no
  // value of how things are now; one said "at the minute" none of how they are to be.)
  const latestLine = callerLines[0] ?? '';
  for (const [name, prop] of entries) {
    const f = getOwn(filled, name);
    if (!f || !Array.isArray(prop?.enum)) continue;
    const clause = f.fromLatest ? clauseHolding(latestLine, String(f.said)) : callerLines.slice(1).map((l) => clauseHolding(l, String(f.said))).find(Boolean) ?? '';
    const hasRoleTwin = (role: RegExp) => entries.some(([other, otherProp]) => other !== name && Array.isArray(otherProp?.enum) && role.test(nameWords(other).join(' ')));
    const wrongTense = (ROLE_NOW.test(nameWords(name).join(' ')) && hasRoleTwin(ROLE_TO_BE) && PLAN_CLAUSE.test(clause)) || (ROLE_TO_BE.test(nameWords(name).join(' ')) && hasRoleTwin(ROLE_NOW) && NOW_CLAUSE.test(clause));
    if (clause && wrongTense) out.add(name);
  }
  for (const [name, prop] of entries) {
    const f = getOwn(filled, name);
    // (A value already out of tense is no longer there to be read twice.)
    if (!f || out.has(name) || !Array.isArray(prop?.enum) || !ROLE_NOW.test(nameWords(name).join(' '))) continue;
    for (const [other, otherProp] of entries) {
      const o = getOwn(filled, other);
      if (!o || other === name || out.has(other) || !Array.isArray(otherProp?.enum) || !ROLE_TO_BE.test(nameWords(other).join(' '))) continue;
      if (o.value === f.value && o.said === f.said && o.fromLatest === f.fromLatest) {
        out.add(name);
        out.add(other);
      }
    }
  }
  return out;
}
