// A small, bounded reader of the parts of a Python module that a handlers.py needs: top-level
// statements (where each starts), string literals (to skip them and to read docstrings), brackets.
// It does not run Python and does not read expressions beyond what it is asked for; what it cannot
// read it refuses with the line and column.
import { positionAt } from '../../../model/text-position';
import type { Position } from './model';

export class PythonReadError extends Error {
  constructor(readonly at: Position, message: string) {
    super(message);
  }
}

const QUOTE = /^([rRuUbBfF]{0,2})('''|"""|'|")/;

/** The end offset of the string literal starting at `start` (prefix included), or a refusal. */
export function stringEnd(text: string, start: number): number {
  const match = QUOTE.exec(text.slice(start, start + 5));
  if (!match) throw new PythonReadError(positionAt(text, start), 'expected a string here');
  const quote = match[2];
  let i = start + match[0].length;
  while (i < text.length) {
    const c = text[i];
    // A backslash keeps the next character inside the string, in raw strings too (r"\"" is one quote).
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (quote.length === 1 && c === '\n') break;
    if (text.startsWith(quote, i)) return i + quote.length;
    i++;
  }
  throw new PythonReadError(positionAt(text, start), `this string is never closed: end it with ${quote}`);
}

/** The value of a string literal (escapes read as Python reads them, for the common ones). */
export function stringValue(text: string, start: number, end: number): string {
  const match = QUOTE.exec(text.slice(start, start + 5))!;
  const raw = /r/i.test(match[1]);
  const body = text.slice(start + match[0].length, end - match[2].length);
  if (raw) return body;
  return body.replace(/\\(\n|\\|'|"|n|t|r|0|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})/g, (_, e: string) => {
    switch (e[0]) {
      case '\n':
        return '';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case '0':
        return '\0';
      case 'x':
      case 'u':
      case 'U':
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      default:
        return e;
    }
  });
}

export interface LogicalLine {
  /** Offset of its first non-blank character. */
  start: number;
  /** Offset just after it (its newline excluded). */
  end: number;
  indent: number;
}

/**
 * The module's logical lines (a statement's lines joined across brackets, strings and `\`
 * continuations), comments and blank lines left out. `tick` is called per line (the time bound).
 */
export function logicalLines(text: string, tick: (at: number) => void = () => undefined): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let i = 0;
  while (i < text.length) {
    // The start of a physical line.
    let indent = 0;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) {
      indent += text[i] === '\t' ? 8 - (indent % 8) : 1;
      i++;
    }
    if (i >= text.length) break;
    if (text[i] === '\n' || text[i] === '\r' || text[i] === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      i++;
      continue;
    }
    tick(i);
    const start = i;
    const brackets: { char: string; at: number }[] = [];
    let end = -1;
    while (i < text.length) {
      const c = text[i];
      if (c === '#') {
        while (i < text.length && text[i] !== '\n') i++;
        continue;
      }
      const prefixed = /[rRuUbBfF]/.test(c) && !/\w/.test(text[i - 1] ?? '') && QUOTE.test(text.slice(i, i + 5));
      if (c === "'" || c === '"' || prefixed) {
        i = stringEnd(text, i);
        continue;
      }
      if (c === '(' || c === '[' || c === '{') brackets.push({ char: c, at: i });
      else if (c === ')' || c === ']' || c === '}') {
        const open = brackets.pop();
        if (!open || '([{'.indexOf(open.char) !== ')]}'.indexOf(c)) throw new PythonReadError(positionAt(text, i), `this ${c} closes no bracket opened before it`);
      } else if (c === '\\' && text[i + 1] === '\n') {
        i += 2;
        continue;
      } else if (c === '\n' && brackets.length === 0) {
        end = i;
        break;
      }
      i++;
    }
    if (brackets.length > 0) throw new PythonReadError(positionAt(text, brackets[brackets.length - 1].at), `this ${brackets[brackets.length - 1].char} is never closed`);
    if (end < 0) end = text.length;
    lines.push({ start, end: text[end - 1] === '\r' ? end - 1 : end, indent });
    i = end + 1;
  }
  return lines;
}

/** Splits `text` at commas outside brackets and strings, comments left out: each part with its offset. */
export function splitTopLevel(text: string, base: number, source: string): { text: string; offset: number }[] {
  // Comments become spaces first, so offsets stay true and a comment's text is never a part's.
  let clean = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = stringEnd(source, base + i) - base;
      clean += text.slice(i, end);
      i = end - 1;
    } else if (c === '#') {
      let j = i;
      while (j < text.length && text[j] !== '\n') j++;
      clean += ' '.repeat(j - i);
      i = j - 1;
    } else clean += c;
  }
  const parts: { text: string; offset: number }[] = [];
  let depth = 0;
  let partStart = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (c === "'" || c === '"') {
      i = stringEnd(source, base + i) - base - 1;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push({ text: clean.slice(partStart, i), offset: base + partStart });
      partStart = i + 1;
    }
  }
  parts.push({ text: clean.slice(partStart), offset: base + partStart });
  return parts
    .map((p) => {
      const lead = p.text.length - p.text.trimStart().length;
      return { text: p.text.trim(), offset: p.offset + lead };
    })
    .filter((p) => p.text !== '');
}

/** Python's inspect.cleandoc (PEP 257): common indentation of the lines after the first removed, blank lines at both ends dropped. */
export function cleandoc(doc: string): string {
  const lines = doc.split('\n').map(expandTabs);
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = line.trimStart().length;
    if (content > 0) margin = Math.min(margin, line.length - content);
  }
  const out = [lines[0].trimStart(), ...lines.slice(1).map((line) => (margin === Infinity ? line : line.slice(margin)))];
  // Only lines left empty go, as in Python: a line of spaces longer than the margin stays.
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  while (out.length > 0 && out[0] === '') out.shift();
  return out.join('\n');
}

/** Python's str.expandtabs(8). */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const c of line) out += c === '\t' ? ' '.repeat(8 - (out.length % 8)) : c;
  return out;
}
