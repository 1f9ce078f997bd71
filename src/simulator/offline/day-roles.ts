// Two day parameters of one tool ("pickup_date" and "return_date", "check_in" and "check_out"):
// which of a line's days each takes (issue 32: "We fly in on the eighteenth … and we'd drop it back
// on the twenty-seventh" wrote the eighteenth into both). A day said after words that start
// something ("fly in", "pick up", "from") is the start's; one after words that end it ("drop it
// back", "until", "leaving") the end's; else the days go to the parameters in the order both are
// said. One day said with no such words is the first parameter's only: a return is never the
// pickup's day by default.
import type { Candidate } from './fill-types';
import { nameWords } from './words';

/** The day a stretch of time begins on, or the day it ends on. */
export type DayRole = 'opens' | 'closes';

/** The role a day parameter's name gives it, when it gives one. */
export function dayRoleOf(name: string): DayRole | undefined {
  const ws = nameWords(name).map((w) => w.toLowerCase());
  if (ws.some((w) => /^(?:return|returning|end|ends|until|till|out|checkout|back|leave|leaving|finish|last|drop|departure|depart|to)$/.test(w))) return 'closes';
  if (ws.some((w) => /^(?:pickup|pick|start|starts|from|in|checkin|arrival|arrive|arriving|begin|first|collect|collection)$/.test(w))) return 'opens';
  return undefined;
}

/** Words just before a day that say it ends something ("drop it back on", "until", "flying home on"). */
const END_CUE = /\b(?:back|return(?:ing)?|until|till|til|drop(?:ping)?\s+(?:it|her|him|them)\s+off|leav(?:e|ing)|check(?:ing)?\s+out|home|finish(?:ing)?|end(?:ing)?|through\s+to|to)\b[^.?!]{0,24}$/i;
/** Words just before a day that say it starts something ("fly into … on", "pick it up", "from", "arriving"). */
const START_CUE = /\b(?:fly(?:ing)?\s+in(?:to)?|land(?:ing)?|arriv(?:e|ing)|pick(?:ing)?\s+(?:it|her|him|them)?\s*up|collect(?:ing)?|from|start(?:ing)?|begin(?:ning)?|check(?:ing)?\s+in|get(?:ting)?\s+there)\b[^.?!]{0,24}$/i;

/**
 * The days of a line this parameter may take, given the other day parameters of its tool (in the
 * schema's order, this one among them): by the words before each day, else by order.
 */
export function daysForRole(name: string, dayParams: string[], line: string, found: Candidate[]): Candidate[] {
  const role = dayRoleOf(name);
  if (!role || dayParams.length < 2 || !dayParams.every((p) => p === name || dayRoleOf(p) !== undefined)) return found;
  if (dayParams.filter((p) => dayRoleOf(p) === role).length > 1) return found;
  let from = 0;
  const cued = found.map((c) => {
    const at = line.indexOf(c.said, from);
    const before = at >= 0 ? line.slice(Math.max(from, at - 48), at) : '';
    if (at >= 0) from = at + c.said.length;
    const end = END_CUE.test(before);
    const start = START_CUE.test(before);
    return { c, cue: end && !start ? ('closes' as const) : start && !end ? ('opens' as const) : undefined };
  });
  const mine = cued.filter((x) => x.cue === role);
  if (mine.length) return mine.map((x) => ({ ...x.c, rule: 'date-of-its-role', why: `"${x.c.said}" is said as the day it ${role === 'closes' ? 'ends' : 'begins'}, which ${name} holds` }));
  const uncued = cued.filter((x) => x.cue === undefined);
  if (found.length >= 2 && uncued.length === found.length) {
    // Two days said with nothing to tell them apart: in the order the schema lists its days.
    const i = dayParams.indexOf(name);
    return found[i] ? [{ ...found[i], rule: 'date-in-order', why: `"${found[i].said}" is day ${i + 1} said, and ${name} is day parameter ${i + 1}` }] : [];
  }
  // One day with nothing to say what it is: the start's only. A day said as the other's is not mine.
  return role === 'opens' ? uncued.map((x) => x.c) : [];
}
