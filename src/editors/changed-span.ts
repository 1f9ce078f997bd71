/**
 * The one span of `before` that differs from `after`: what a read-only view must replace to show
 * `after`. The Export preview of a large agent is a megabyte of text of which a keystroke changes a
 * few characters; replacing only those keeps Monaco from rebuilding (and re-tokenizing) the whole
 * model and keeps the reader's scroll where it was.
 */
export function changedSpan(before: string, after: string): { start: number; end: number; text: string } | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never step back into a UTF-16 surrogate pair: the span starts at a whole character.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let common = 0;
  const room = shorter - start;
  while (common < room && before.charCodeAt(before.length - 1 - common) === after.charCodeAt(after.length - 1 - common)) common++;
  if (common > 0 && isLowSurrogate(before.charCodeAt(before.length - common))) common--;
  return { start, end: before.length - common, text: after.slice(start, after.length - common) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
