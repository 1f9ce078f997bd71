// A flag bounded in time (issue 32): "travel booked in the next four weeks", "at the kerb by 7am".
// A day or a time the caller gives is inside that bound or not; the flag is read from it.
import { findDates, findTimes } from './dates';
import { findDurations } from './ids';

/**
 * A flag whose meaning is a window of time from today ("in the next four weeks", "within 10 days"),
 * read from the one day to come the caller's line gives: inside the window, true; past it, false.
 */
export function dateInWindow(description: string, line: string, today: string | undefined): { value: boolean; said: string; why: string } | undefined {
  const window = /\b(?:in|within|over)\s+(?:the\s+)?(?:next\s+)?([\w-]+\s+(?:days?|weeks?|fortnights?|months?))\b/i.exec(description);
  if (!window || !today) return undefined;
  const days = findDurations(window[1], 'day')[0]?.value;
  const coming = findDates(line, today).filter((d) => d.iso >= today);
  if (days === undefined || new Set(coming.map((d) => d.iso)).size !== 1) return undefined;
  const ahead = Math.round((Date.parse(coming[0].iso) - Date.parse(today)) / 86_400_000);
  const value = ahead <= days;
  return { value, said: coming[0].said, why: `"${coming[0].said}" is ${coming[0].iso}, ${ahead} days from today: ${value ? 'within' : 'past'} "${window[0]}" (${days} days)` };
}

/**
 * "True when the bin was at the kerb by 7am": a time the caller gives is by that deadline or not
 * ("before half six" is, "about half seven" is not). A time said with "after" that is before the
 * deadline, or with "before" that is after it, tells nothing.
 */
export function timeInWindow(description: string, line: string): { value: boolean; said: string; why: string } | undefined {
  const deadline = /\b(?:by|before|no later than)\s+/i.exec(description) ? findTimes(description).find((t) => /\b(?:by|before|no later than)\s+$/i.test(description.slice(0, t.index))) : undefined;
  if (!deadline) return undefined;
  const said = findTimes(line);
  if (said.length !== 1) return undefined;
  const [t] = said;
  const marker = /\b(before|by|after|around|about|at)\s+$/i.exec(line.slice(0, t.index))?.[1]?.toLowerCase();
  const early = t.hhmm <= deadline.hhmm;
  if ((marker === 'after' && early) || ((marker === 'before' || marker === 'by') && !early)) return undefined;
  return { value: early, said: line.slice(t.index - (marker ? marker.length + 1 : 0), t.index + t.said.length), why: `"${t.said}" is ${t.hhmm}: ${early ? 'by' : 'after'} the ${deadline.said} the flag asks for` };
}
