// The days an agent's tools offered, and a caller's day read against them (issue 32): "Thursday's
// better" when the offered days hold one Thursday is that Thursday, not the next one from today;
// a row picked for a parameter that wants YYYY-MM-DD gives the row's date, not its label.
import type { JsonSchema } from '../../model';
import type { Candidate, FillContext } from './fill-types';
import { wordsAfterName } from './kinds';
import type { Item } from './reading';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A row picked for a parameter that wants a date as YYYY-MM-DD: the row's field of that name may be
 * its label ("day": "Thursday 10 December"); the row's one ISO date is the value then.
 */
export function asDateWanted(prop: JsonSchema, toolDescription: string, name: string, value: unknown, row: Item): unknown {
  const wantsIso = prop.format === 'date' || /YYYY-MM-DD/.test(`${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`);
  if (!wantsIso || (typeof value === 'string' && ISO_DAY.test(value))) return value;
  const isoDays = Object.values(row).filter((v): v is string => typeof v === 'string' && ISO_DAY.test(v));
  return isoDays.length === 1 ? isoDays[0] : value;
}

/** The days (YYYY-MM-DD) the agent's tools offered: in the rows offered and the texts listed. */
export const offeredDates = (ctx: FillContext): string[] => [
  ...new Set([...ctx.offered.flatMap((row) => Object.values(row)), ...(ctx.offeredValues ?? [])].filter((v): v is string => typeof v === 'string' && ISO_DAY.test(v))),
];

/**
 * "Thursday's better" when the days offered hold one Thursday: that Thursday, not the next one
 * from today (the caller picks from what was offered).
 */
export function onOfferedWeekday(c: Candidate, offered: string[]): Candidate {
  if (c.rule !== 'date-weekday' || typeof c.value !== 'string' || !ISO_DAY.test(c.value) || offered.includes(c.value)) return c;
  const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
  const same = offered.filter((d) => weekday(d) === weekday(c.value as string));
  return same.length === 1 ? { ...c, value: same[0], rule: 'date-offered-weekday', why: `"${c.said}" is the one ${c.said.replace(/['’]s$/, '')} among the days offered (${offered.join(', ')})` } : c;
}
