// An enum of windows named by their two ends ("today_2_to_4", "8_10", "morning_9_to_12"): "Five to
// seven works" names today_5_to_7, not five to seven o'clock (issue 32: a time read there left the
// window unread). Only the one value whose two ends are both said, in order, as a span.
import { numberWordValue } from './ids';

/** The two ends of a value's window, when its name gives them ("today_5_to_7" → [5, 7]). */
function endsOf(value: string): [number, number] | undefined {
  const m = /(?:^|[_-])(\d{1,2})(?:[_-](?:to|till|until|and))?[_-](\d{1,2})(?:$|[_-])/i.exec(value);
  return m ? [+m[1], +m[2]] : undefined;
}

const END = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
/** "five to seven", "5-7", "between five and seven", "from 2 till 4" (am and pm said or not). */
const SPAN = new RegExp(`\\b(?:between\\s+)?${END}(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?\\s*(?:to|till|until|til|-|–|and)\\s*${END}\\b`, 'gi');

/** The window value the line names by its two ends, with the words that name it. */
export function enumByRange(values: unknown[], line: string): { value: string; said: string } | undefined {
  const windows = values.filter((v): v is string => typeof v === 'string').map((v) => ({ v, ends: endsOf(v) })).filter((w) => w.ends);
  if (windows.length < 2) return undefined;
  const hits = new Map<string, string>();
  for (const m of line.matchAll(SPAN)) {
    const from = numberWordValue(m[1]);
    const to = numberWordValue(m[2]);
    for (const w of windows) if (w.ends![0] === from && w.ends![1] === to) hits.set(w.v, m[0]);
  }
  if (hits.size !== 1) return undefined;
  const [[value, said]] = [...hits];
  return { value, said };
}
