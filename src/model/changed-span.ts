import { diffArrays } from 'diff';
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

export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Below this many characters changed, one span is as good as several. */
const ONE_SPAN_BELOW = 8 * 1024;
/** Past this many lines added and removed, the line diff gives up and one span is returned. */
const MOST_LINE_EDITS = 4000;

/**
 * The spans of `before` that differ from `after`, in order and apart: replacing each (all against
 * `before`) gives `after`. One edit can change a text in many places: a tool's docstring is written
 * once per block in Block Agent YAML, fifty times in a big agent, and one span from the first to the
 * last would be most of the megabyte. Past a few kilobytes the changed middle is compared line by
 * line (jsdiff's Myers diff, bounded by MOST_LINE_EDITS), so each changed run of lines is a span.
 */
export function changedSpans(before: string, after: string): Span[] {
  const one = changedSpan(before, after);
  if (!one) return [];
  if (one.end - one.start + one.text.length < ONE_SPAN_BELOW) return [one];
  // Whole lines on both sides: back to the start of the first changed line (the prefix is shared)
  // and on to the end of the last one (so is the suffix).
  // (From 0 when the texts part at once: lastIndexOf from -1 finds a break at 0.)
  const start = one.start === 0 ? 0 : before.lastIndexOf('\n', one.start - 1) + 1;
  const newline = before.indexOf('\n', one.end);
  const reach = (newline === -1 ? before.length : newline + 1) - one.end;
  const [bTo, aTo] = [one.end + reach, after.length - (before.length - one.end) + reach];
  const near = nearSpans(before, start, bTo, after, start, aTo);
  if (near) return near;
  const was = linesOf(before.slice(start, bTo));
  const now = linesOf(after.slice(start, aTo));
  const parts = diffArrays(was, now, { maxEditLength: MOST_LINE_EDITS });
  if (!parts) return [one];
  const spans: Span[] = [];
  let at = start;
  let open: Span | null = null;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      if (open) spans.push(open);
      open = null;
      at += part.value.reduce((n, line) => n + line.length, 0);
      continue;
    }
    open ??= { start: at, end: at, text: '' };
    if (part.removed) {
      const length = part.value.reduce((n, line) => n + line.length, 0);
      open.end += length;
      at += length;
    } else open.text += part.value.join('');
  }
  if (open) spans.push(open);
  return spans;
}

/** How far (lines removed plus lines added) the walk of nearSpans looks past a changed line for the texts to agree again. */
const NEAR = 24;

/** How many characters from `x` in `a` and `y` in `b` are the same, at most `most`: chunks compared as strings, then characters. */
function sameRun(a: string, x: number, b: string, y: number, most: number): number {
  let n = 0;
  for (const chunk of [CHUNK, 64]) while (n + chunk <= most && a.slice(x + n, x + n + chunk) === b.slice(y + n, y + n + chunk)) n += chunk;
  while (n < most && a.charCodeAt(x + n) === b.charCodeAt(y + n)) n++;
  return n;
}

/** Up to `most` lines of `text` from `from` (a line start) to `to` (a line end), and whether they reach `to`. */
function linesAt(text: string, from: number, to: number, most: number): { lines: string[]; toEnd: boolean } {
  const lines: string[] = [];
  while (from < to && lines.length < most) {
    const newline = text.indexOf('\n', from);
    const end = newline === -1 || newline >= to ? to : newline + 1;
    lines.push(text.slice(from, end));
    from = end;
  }
  return { lines, toEnd: from >= to };
}

/**
 * The spans of [bFrom, bTo) of `before` (line starts and ends) against [aFrom, aTo) of `after` when
 * each change lies close to where the texts agree again, as after a keystroke (a line changed in
 * each of the fifty places a tool's entry is written): the equal stretches are skipped a chunk at a
 * time, and at each difference the nearest place where two lines in a row (or both ends) agree
 * again ends the span; past NEAR lines it gives up (null) for the Myers diff. Any answer is right
 * (only equal text is skipped). jsdiff over the 30,000 lines of a big agent's YAML took 10-20 ms of
 * a typing pause on the page, half of it making the lines (issue 16).
 */
function nearSpans(before: string, bFrom: number, bTo: number, after: string, aFrom: number, aTo: number): Span[] | null {
  const spans: Span[] = [];
  let x = bFrom;
  let y = aFrom;
  for (;;) {
    const same = sameRun(before, x, after, y, Math.min(bTo - x, aTo - y));
    if (x + same === bTo && y + same === aTo) return spans;
    // Back to the start of the line where they part (the shared run is the same text on both sides).
    // (Nothing shared: x is already a line start; lastIndexOf from -1 would find a break at 0.)
    const back = same === 0 ? 0 : x + same - Math.max(x, before.lastIndexOf('\n', x + same - 1) + 1);
    x += same - back;
    y += same - back;
    const was = linesAt(before, x, bTo, NEAR + 2);
    const now = linesAt(after, y, aTo, NEAR + 2);
    const agree = (i: number, j: number) =>
      (i === was.lines.length && j === now.lines.length && was.toEnd && now.toEnd) ||
      (i + 1 < was.lines.length && j + 1 < now.lines.length && was.lines[i] === now.lines[j] && was.lines[i + 1] === now.lines[j + 1]) ||
      (i + 1 === was.lines.length && j + 1 === now.lines.length && was.toEnd && now.toEnd && was.lines[i] === now.lines[j]);
    let hunk: [number, number] | null = null;
    for (let d = 1; d <= NEAR && !hunk; d++) {
      for (let i = 0; i <= d && !hunk; i++) if (i <= was.lines.length && d - i <= now.lines.length && agree(i, d - i)) hunk = [i, d - i];
    }
    if (!hunk) return null;
    const removed = was.lines.slice(0, hunk[0]).join('');
    const added = now.lines.slice(0, hunk[1]).join('');
    spans.push({ start: x, end: x + removed.length, text: added });
    x += removed.length;
    y += added.length;
  }
}

/** The text's lines, each with its line break, so that they join back to the text exactly. */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  while (from < text.length) {
    const newline = text.indexOf('\n', from);
    const to = newline === -1 ? text.length : newline + 1;
    lines.push(text.slice(from, to));
    from = to;
  }
  return lines;
}

/** `before` with each span (all against `before`, in order) replaced: the text `changedSpans` was given as `after`. */
export function applySpans(before: string, spans: readonly Span[]): string {
  const pieces: string[] = [];
  let at = 0;
  for (const span of spans) {
    pieces.push(before.slice(at, span.start), span.text);
    at = span.end;
  }
  pieces.push(before.slice(at));
  return pieces.join('');
}
