// Of enum values named as strongly (enums.ts), the one the line tells apart: said in the clause
// that names what the parameter is about, or marked as the caller's pick ("Morning, ideally").
// Where neither tells, the tie stands and the agent asks.
import { conceptOfWord, isStopWord, stem, words } from './words';

const concept = (w: string) => conceptOfWord(w);
const content = (ws: string[]) => ws.filter((w) => !isStopWord(w) && !/^\d+$/.test(w));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Of values named as strongly, the one said in the one clause that names the parameter's thing
 * ("The internet light on the box is red, and I've turned it off and on": the light is red; "off"
 * is said of something else).
 */
export function namedBesideItsThing<T extends { value: string; said: string; evidence: string }>(tied: T[], line: string, description: string): (T & { clause: string }) | undefined {
  const thing = new Set(content(words(description)).map(stem));
  if (!thing.size) return undefined;
  const clauses = line.split(/[,;.!?]|\s+(?:and|but)\s+/i).map((c) => c.trim()).filter(Boolean);
  const about = clauses.filter((c) => words(c).some((w) => thing.has(stem(w))));
  // Where each value was said: "drive_through" as "drive-through", a word by any of its forms.
  const saidIn = (clause: string, said: string) => {
    const parts = said.toLowerCase().split(/[\s_-]+/);
    const ws = words(clause.toLowerCase().replace(/-/g, ' '));
    return ws.some((_, i) => parts.every((p, j) => ws[i + j] !== undefined && concept(ws[i + j]) === concept(p)));
  };
  if (about.length !== 1 || !tied.every((t) => clauses.some((c) => saidIn(c, t.said)))) return undefined;
  const hits = tied.filter((t) => saidIn(about[0], t.said));
  return hits.length === 1 ? { ...hits[0], clause: about[0] } : undefined;
}

/** Words right after a value that make it the caller's pick: "Morning, ideally", "Tuesday would be best". */
const PICK_AFTER = /^[\s,]*(?:ideally|preferably|please|if (?:possible|you can|that['’]s (?:ok|okay|all right|alright))|would (?:be )?(?:best|great|perfect|ideal|lovely|better|suit)|(?:is|['’]s) (?:best|better|ideal|perfect|easiest)|works? (?:best|better|for (?:me|us))|suits? (?:me|us|best))\b/i;
/** Words right before a value that make it the caller's pick: "I'd prefer the morning", "ideally mornings". */
const PICK_BEFORE = /\b(?:prefer(?:ably)?|ideally|rather(?: have)?|go for|go with)\s+(?:an?\s+|the\s+)?$/i;

/**
 * Of values named as strongly ("Morning, ideally, she naps in the afternoon"), the one the caller
 * marks as their pick, when exactly one is so marked: the others are said in passing, as a reason.
 */
export function pickedOutright<T extends { value: string; said: string }>(tied: T[], line: string): (T & { marked: string }) | undefined {
  const marked = tied.flatMap((t) => {
    const word = t.said.replace(/_/g, ' ');
    const found = [...line.matchAll(new RegExp(`\\b${escaped(word)}\\w*`, 'gi'))].find((m) => PICK_AFTER.test(line.slice((m.index ?? 0) + m[0].length)) || PICK_BEFORE.test(line.slice(0, m.index ?? 0)));
    return found ? [{ ...t, marked: line.slice(Math.max(0, (found.index ?? 0) - 12), (found.index ?? 0) + found[0].length + 14).trim() }] : [];
  });
  return marked.length === 1 ? marked[0] : undefined;
}
