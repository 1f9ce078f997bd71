// Two time parameters of one tool ("start_time" and "end_time", "from" and "until"): which of a
// line's times each takes (issue 32: "from one till four? … so say from half twelve" wrote half
// twelve into both). A time said right after a word that starts something ("from", "start at") is
// the start's, one right after a word that ends it ("till", "until", "finish at") the end's; a
// later one of the same role stands for an earlier ("so say from half twelve" moves the start).
// Times said with no such words go to the parameters in the order both are said.
import { findTimes } from './dates';
import { dayRoleOf, type DayRole } from './day-roles';
import type { Candidate } from './fill-types';
import { bareHours } from './readers';

const OPENS_CUE = /\b(?:from|start(?:ing|s)?(?:\s+at)?|begin(?:ning|s)?(?:\s+at)?|get\s+in(?:\s+at)?|arriv(?:e|ing)(?:\s+at)?|kick(?:ing)?\s+off(?:\s+at)?)\s+(?:about\s+|around\s+)?$/i;
const CLOSES_CUE = /\b(?:till|until|til|to|through|finish(?:ing|es)?(?:\s+at|\s+by)?|end(?:ing|s)?(?:\s+at|\s+by)?|out\s+by|done\s+by|leav(?:e|ing)(?:\s+at)?)\s+(?:about\s+|around\s+)?$/i;

interface Said {
  hhmm: string;
  said: string;
  index: number;
  rule: string;
}

/** Every time the line says, clock times first where two readings overlap, in the order said. */
function timesSaid(line: string): Said[] {
  const out: Said[] = [];
  for (const t of [...findTimes(line), ...bareHours(line, true)]) {
    if (out.some((o) => t.index < o.index + o.said.length && t.index + t.said.length > o.index)) continue;
    out.push(t);
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The role the words just before a time give it ("from" opens, "till" closes), if any. */
function cueOf(line: string, t: Said): DayRole | undefined {
  // A bare hour's own words hold its cue ("from one"): the cue is read before its number.
  const own = /^(?:at|around|round|from|after|before|by|till|until|til|to)\s+(?:about\s+)?/i.exec(t.said)?.[0] ?? '';
  const before = line.slice(Math.max(0, t.index - 32), t.index) + own;
  if (OPENS_CUE.test(before)) return 'opens';
  if (CLOSES_CUE.test(before)) return 'closes';
  return undefined;
}

/**
 * The time a time parameter with a role takes from the line, given the tool's other time
 * parameters (in the schema's order, this one among them); `found` when the roles do not apply.
 */
export function timesForRole(name: string, timeParams: string[], line: string, found: Candidate[]): Candidate[] {
  const role = dayRoleOf(name);
  if (!role || timeParams.length < 2 || !timeParams.every((p) => dayRoleOf(p) !== undefined)) return found;
  if (timeParams.filter((p) => dayRoleOf(p) === role).length > 1) return found;
  const said = timesSaid(line);
  if (said.length === 0) return found;
  const cued = said.map((t) => ({ t, cue: cueOf(line, t) }));
  const mine = cued.filter((x) => x.cue === role);
  const at = (t: Said, rule: string, why: string): Candidate => ({ value: t.hhmm, said: t.said, rule, why });
  if (mine.length) {
    const last = mine[mine.length - 1].t;
    const moved = mine.length > 1 ? `, the last of ${mine.length} said so` : '';
    return [at(last, 'time-of-its-role', `"${last.said}" is said as the time it ${role === 'closes' ? 'ends' : 'starts'}${moved}, which ${name} holds`)];
  }
  if (cued.every((x) => x.cue === undefined) && said.length >= 2) {
    const i = timeParams.indexOf(name);
    return said[i] ? [at(said[i], 'time-in-order', `"${said[i].said}" is time ${i + 1} said, and ${name} is time parameter ${i + 1}`)] : [];
  }
  // One time with nothing to say what it is, or only times said as the other's: the start's only.
  return role === 'opens' ? cued.filter((x) => x.cue === undefined).map((x) => at(x.t, x.t.rule, `"${x.t.said}" is the one time said`)).slice(0, 1) : [];
}
