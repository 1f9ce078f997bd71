// Tools that want the caller's agreement first ("Ask the caller to agree before you call it",
// or stage instructions saying "Ask before you <verb>" with the verb of the tool's name): the agent
// asks "Shall I go ahead with …?" and calls the tool on the caller's yes. The yes may come in
// the same line as the choice ("Yes, the 10:30 one"); a bare yes agrees to the row the question named.
import type { Scored } from './choose';
import { findYesNo } from './extract';
import type { Item } from './reading';
import { describeRow } from './speech';
import { nameWords, stem } from './words';

const ASK_FIRST = [
  /\b(?:ask|get|check with|confirm with)\b[^.]*\b(?:agree|agreement|confirm|confirmation|consent|permission|ok|okay|yes)\b[^.]*\bbefore\b/i,
  /\bbefore\b[^.]*\b(?:caller|they|user|customer|guest|patient)\b[^.]*\b(?:agrees?|confirms?|says yes|consents?)\b/i,
  /\bonly (?:once|after|when)\b[^.]*\b(?:agrees?|agreed|confirms?|confirmed|says yes)\b/i,
];

/** Whether the tool is called only after the caller agrees: its description says so, or the instructions do with its name's verb. */
export function needsAgreement(s: Scored, instructions: string): string | undefined {
  const said = ASK_FIRST.map((re) => re.exec(s.tool.description)).find(Boolean);
  if (said) return `its description says "${said[0]}"`;
  const names = new Set(nameWords(s.tool.name).map(stem));
  for (const m of instructions.matchAll(/\b(?:ask|check|confirm)(?: with [a-z]+(?: [a-z]+)?)? before (?:you )?(\w+)/gi)) {
    if (names.has(stem(m[1]))) return `the stage's instructions say "${m[0]}"`;
  }
  return undefined;
}

/** The caller's latest line agrees ("Yes, …", "Sounds good", "Go ahead"). */
export const agrees = (line: string): boolean => findYesNo(line)?.value === true;

/** What the question names: the offered row an argument came from, else the arguments' values. */
export function whatToConfirm(s: Scored, offered: Item[]): string {
  const values = Object.values(s.fill.args);
  const row = offered.find((r) => Object.values(r).some((v) => values.includes(v)));
  if (row) return describeRow(row);
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

/** The question for a choice among offered rows: the first two, as the agent offered them. */
export function whichOne(offered: Item[]): string {
  const rows = offered.slice(0, 2).map(describeRow);
  return rows.length > 1 ? `Which one would you like: ${rows.join(' or ')}?` : `Shall I go ahead with ${rows[0]}?`;
}
