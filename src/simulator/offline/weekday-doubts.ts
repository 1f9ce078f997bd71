// A weekday said alone names the coming one; said among other words of the calendar that no rule
// read ("Thursday week", "the day after Christmas? The Saturday?", "next week? The Thursday"), it
// may name another. Measured on agents no rule had seen (scripts/offline-evidence.ts, the rules as
// each blind batch found them), the coming-weekday reading was right 4 times and wrong 12: every
// wrong one had such words beside it. The strict reading takes the weekday only where nothing else
// of the calendar is said beside it and unread; otherwise no date is read and the agent asks.
/** What this needs of a date found (dates.ts DateMatch, which imports this file). */
type Found = { said: string; index: number; rule: string };

/** Words of the calendar that move a day: weeks, months, days of the year known by name, days of the month. */
const CALENDAR_WORD = new RegExp(
  [
    '\\b(?:weeks?|fortnight|month)\\b',
    '\\b(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\b',
    '\\b(?:christmas|xmas|boxing|new\\s+year|easter|hogmanay|halloween|thanksgiving|bank\\s+holiday|eve)\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)\\b',
    '\\bthe\\s+(?:(?:twenty|thirty)[\\s-])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\\b',
  ].join('|'),
  'i',
);
/** Calendar words that agree with the coming weekday rather than move it. */
const AGREEING = /\b(?:this|that)\s+week\b|\bthe\s+end\s+of\s+the\s+week\b|\bevery\s+week\b/gi;
/** A sentence this short ("Saturday, then?") leans on the one before it, as does one naming "the" weekday ("The Thursday would suit us"). */
const SHORT_SENTENCE = 3;

/** The sentences of a text, each with where it starts. */
function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.?!]+(?:\s+|$)/g)) {
    out.push({ start, end: m.index + m[0].length });
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

/**
 * The dates found, less a coming weekday said beside calendar words no other date read took up:
 * those words may move it a week or a month, so it is no evidence of which day is meant.
 */
export function withoutDoubtedWeekdays<D extends Found>(found: D[], text: string): D[] {
  const all = sentences(text);
  return found.filter((d) => {
    if (d.rule !== 'date-weekday') return true;
    const at = all.findIndex((s) => d.index >= s.start && d.index < s.end);
    if (at < 0) return true;
    const own = all[at];
    const words = text.slice(own.start, own.end).trim().split(/\s+/).length;
    const leans = words <= SHORT_SENTENCE || /\bthe\s+$/i.test(text.slice(own.start, d.index));
    const from = leans && at > 0 ? all[at - 1].start : own.start;
    let window = text.slice(from, own.end);
    // What the other dates read is read: blank their words (and the weekday's own).
    for (const other of found) {
      const i = window.indexOf(other.said);
      if (i >= 0) window = window.slice(0, i) + ' '.repeat(other.said.length) + window.slice(i + other.said.length);
    }
    return !CALENDAR_WORD.test(window.replace(AGREEING, ' '));
  });
}
