// What an agent's tools offered (rows, listed texts, days) and the parameters that take from it
// (issue 32): which parameter takes an offered row or a listed text; "Thursday's better" when the
// offered days hold one Thursday is that Thursday, not the next one from today; a row picked for a
// parameter that wants YYYY-MM-DD gives the row's date, not its label.
import type { JsonSchema } from '../../model';
import type { Candidate, FillContext } from './fill-types';
import { type Kind, wordsAfterName } from './kinds';
import { weekday } from './pick';
import type { Item } from './reading';
import { getOwn } from '../../model/own';
import { nameWords, stem, words } from './words';

/** A day written YYYY-MM-DD. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  const same = offered.filter((d) => weekday(d) === weekday(c.value as string));
  return same.length === 1 ? { ...c, value: same[0], rule: 'date-offered-weekday', why: `"${c.said}" is the one ${c.said.replace(/['’]s$/, '')} among the days offered (${offered.join(', ')})` } : c;
}

/**
 * A free string that takes one of the texts a tool listed: by what it says of itself ("exactly as
 * the search gave it", "one of the times you read out"), or a required one no other rule reads.
 */
export function takesListed(name: string, prop: JsonSchema, kind: Kind, toolDescription: string, required: boolean): boolean {
  if (prop.enum || !(prop.type === 'string' || prop.type === undefined)) return false;
  const said = `${prop.description ?? ''} ${wordsAfterName(name, toolDescription)}`;
  // (A required string with nothing said of it takes a listed text only when its name is a choice:
  // "lead_visitor" and "relationship" are no slot, whatever a tool listed before them.)
  return (kind === 'none' && required && CHOICE_NAME.test(nameWords(name).join(' '))) || /\b(?:offered|gave|given|listed|read out|one of|chose|chosen|exactly as)\b/i.test(said);
}

/** A parameter named as a choice among options: "slot", "time_slot", "option", "session". */
const CHOICE_NAME = /\b(?:slot|slots|option|choice|selection|session|appointment|time|day|date|offer|pick)\b/i;

/** Words that say a value is one of those the agent offered: "offered", "from the list". */
const OFFERED_STEMS = new Set(['offered', 'list', 'listed'].map(stem));

/** A parameter that takes one of the offered rows: an id, a key of the rows, or "offered" in its words. */
export function picksOffered(name: string, prop: JsonSchema, offered: Item[], toolDescription = ''): boolean {
  if (!offered.length || !(prop.type === 'string' || prop.type === 'number' || prop.type === 'integer' || prop.type === undefined)) return false;
  // ("Book the first lesson by its id": what the tool says of the parameter counts as its own words.)
  const hints = [...nameWords(name), ...words(prop.description ?? ''), ...(prop.description ? [] : words(wordsAfterName(name, toolDescription)))];
  // A key of the rows counts only when its values tell the rows apart (not one value all rows share).
  const tellsApart = new Set(offered.map((r) => JSON.stringify(getOwn(r, name)))).size > 1 && offered.some((r) => Object.hasOwn(r, name));
  // A choice by its name ("slot", "option") takes the row's id when the rows have one.
  const namedAsChoice = /^(?:slot|option|choice|selection)$/i.test(nameWords(name).at(-1) ?? '') && offered.some((r) => Object.keys(r).some((k) => /(^|_)id$|Id$/.test(k)));
  // An enum whose values are the offered rows' ids ("kingfisher" | "heron"): a pick among the rows
  // ("the one with the heater").
  const enumOfIds = Array.isArray(prop.enum) && offered.filter((r) => Object.entries(r).some(([k, v]) => /(^|_)id$|Id$/.test(k) && prop.enum!.includes(v))).length >= 2;
  // ("Choose a departure from the list": a choice from the list the agent read out.)
  return enumOfIds || hints.includes('id') || tellsApart || namedAsChoice || hints.some((h) => OFFERED_STEMS.has(stem(h)));
}

/**
 * A row's text for an enum parameter: itself when the enum holds it, else the one value the text
 * names as a word ("afternoon (12 to 5)" is "afternoon"); none when it names none or several.
 */
export function enumValueOfText(prop: JsonSchema, value: unknown): unknown {
  if (!Array.isArray(prop.enum) || prop.enum.includes(value) || typeof value !== 'string') return value;
  const named = prop.enum.filter((v) => typeof v === 'string' && new RegExp(`(?<![\\w])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'i').test(value));
  return named.length === 1 ? named[0] : value;
}
