// Picking one of the rows the agent offered from how the caller refers to it: by position ("the
// second one", "the last"), by a time or date it holds ("the 10:30 one"), or by a word it holds.
import { findDates, findTimes } from './dates';
import type { Item } from './reading';
import { contentStems, stem } from './words';

export interface Picked {
  row: Item;
  rule: string;
  why: string;
}

const ORDINALS: [RegExp, (n: number) => number][] = [
  [/\b(?:first|1st|earliest|earlier)\b/i, () => 0],
  [/\b(?:second|2nd)\b/i, () => 1],
  [/\b(?:third|3rd)\b/i, () => 2],
  [/\b(?:fourth|4th)\b/i, () => 3],
  [/\b(?:fifth|5th)\b/i, () => 4],
  [/\b(?:last|latest|later)\b/i, (n) => n - 1],
];

const textValues = (row: Item): string[] => Object.values(row).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);

/** The one row the caller's line points at, or undefined when it points at none or at several. */
export function pickOffered(line: string, rows: Item[], todayIso?: string): Picked | undefined {
  if (rows.length === 0) return undefined;
  for (const [re, index] of ORDINALS) {
    const m = re.exec(line);
    const i = m ? index(rows.length) : -1;
    if (m && rows[i]) return { row: rows[i], rule: 'pick-by-position', why: `"${m[0]}" is row ${i + 1} of the ${rows.length} offered` };
  }
  for (const time of findTimes(line)) {
    const hits = rows.filter((row) => textValues(row).some((v) => findTimes(v).some((t) => t.hhmm === time.hhmm)));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-time', why: `"${time.said}" is the time of only one offered row` };
  }
  for (const date of findDates(line, todayIso)) {
    const hits = rows.filter((row) => textValues(row).some((v) => v.toLowerCase().includes(date.said.toLowerCase()) || findDates(v, todayIso).some((d) => d.iso === date.iso)));
    if (hits.length === 1) return { row: hits[0], rule: 'pick-by-date', why: `"${date.said}" is the day of only one offered row` };
  }
  const said = new Set(contentStems(line));
  const scored = rows.map((row) => ({ row, hits: textValues(row).flatMap((v) => contentStems(v)).filter((w) => said.has(w)) }));
  const best = Math.max(...scored.map((s) => new Set(s.hits).size));
  const top = scored.filter((s) => new Set(s.hits).size === best);
  if (best > 0 && top.length === 1) return { row: top[0].row, rule: 'pick-by-words', why: `"${top[0].hits[0]}" is said and only one offered row holds it` };
  if (rows.length === 1 && /\b(?:yes|yeah|sure|ok|okay|that one|it)\b/i.test(line)) return { row: rows[0], rule: 'pick-only-row', why: 'only one row was offered and the caller said yes to it' };
  return undefined;
}

/** The value of a picked row a parameter wants: the field of its own name, else the row's id. */
export function valueOfRow(row: Item, param: string): unknown {
  if (param in row) return row[param];
  const idKey = Object.keys(row).find((k) => /(^|_)id$|Id$/.test(k) || k === 'id');
  if (idKey) return row[idKey];
  const paramStem = stem(param);
  const near = Object.keys(row).find((k) => stem(k) === paramStem);
  return near ? row[near] : undefined;
}
