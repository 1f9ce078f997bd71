/**
 * The one span of `before` that differs from `after`: what a read-only view must replace to show
 * `after`. The Export preview of a large agent is a megabyte of text of which a keystroke changes a
 * few characters; replacing only those keeps Monaco from rebuilding (and re-tokenizing) the whole
 * model and keeps the reader's scroll where it was.
 */
export function changedSpan(before: string, after: string): { start: number; end: number; text: string } | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let start = sharedPrefix(before, after, shorter);
  // Never step back into a UTF-16 surrogate pair: the span starts at a whole character.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let common = sharedSuffix(before, after, shorter - start);
  if (common > 0 && isLowSurrogate(before.charCodeAt(before.length - common))) common--;
  return { start, end: before.length - common, text: after.slice(start, after.length - common) };
}

/**
 * Whole chunks are compared as strings first (a native compare of memory), then the last chunk a
 * character at a time. A loop over a megabyte one charCodeAt at a time ran 100-230 ms on the main
 * thread: it runs once per answer, so it stays in the interpreter until the optimizing compiler,
 * on a busy machine, gets round to it.
 */
const CHUNK = 4096;

function sharedPrefix(a: string, b: string, most: number): number {
  let n = 0;
  while (n + CHUNK <= most && a.slice(n, n + CHUNK) === b.slice(n, n + CHUNK)) n += CHUNK;
  while (n < most && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

function sharedSuffix(a: string, b: string, most: number): number {
  let n = 0;
  while (n + CHUNK <= most && a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)) n += CHUNK;
  while (n < most && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
