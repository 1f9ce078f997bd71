// Python text: literals of JSON values, docstrings as written, and as the SDK reads them back
// (pinecall 0.11.24 `_doc.one_line` / `_doc.arguments_of` over `inspect.cleandoc`).

// How Python reads a docstring (splitlines, strip, cleandoc, one_line) is the document's semantics
// for a class in Python, which the simulator follows too: it lives on the ground floor.
import { cleandoc, expandTabs, PY_SECTION, pyOneLine, pySplitLines, pyStrip } from '../../../../model/py-docstring';

export { cleandoc, expandTabs, PY_SECTION, pyOneLine, pySplitLines, pyStrip };

/** What Python's `str.lstrip()` takes off the left: its whitespace (JavaScript's `\s` but U+FEFF, and the separators \x1c-\x1f, \x85). */
// eslint-disable-next-line no-control-regex -- Python's whitespace includes these separators
const PY_LEADING_SPACE = /^(?:(?!\ufeff)[\s\x1c-\x1f\x85])+/;

/**
 * `inspect.cleandoc` exactly, as the SDK's Python (3.11) runs it on a class's `__doc__`: tabs
 * expanded over the whole text (columns restart after \n and \r), the text split at \n alone,
 * the first line's leading whitespace and the other lines' common indentation removed, and only
 * empty lines dropped at the ends (a line of spaces the margin leaves stays, and so does trailing
 * whitespace). pydantic gives a TypedDict's `$defs` entry this as its description
 * (`GenerateJsonSchema._update_class_schema`).
 */
export function pyCleandoc(doc: string): string {
  let expanded = '';
  let column = 0;
  for (const ch of doc) {
    if (ch === '\t') {
      const n = 8 - (column % 8);
      expanded += ' '.repeat(n);
      column += n;
    } else {
      expanded += ch;
      column = ch === '\n' || ch === '\r' ? 0 : column + 1;
    }
  }
  const lines = expanded.split('\n');
  const lstrip = (line: string) => line.replace(PY_LEADING_SPACE, '');
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = lstrip(line).length;
    if (content) margin = Math.min(margin, line.length - content);
  }
  lines[0] = lstrip(lines[0]);
  if (margin < Infinity) for (let i = 1; i < lines.length; i++) lines[i] = lines[i].slice(margin);
  while (lines.length && !lines.at(-1)) lines.pop();
  while (lines.length && !lines[0]) lines.shift();
  return lines.join('\n');
}

/** Characters written escaped in a Python string literal: controls, and the line breaks only Python sees. */
// eslint-disable-next-line no-control-regex -- the controls are what must be escaped
const ESCAPED = /[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029]/g;
const escapeChar = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * One line of a docstring's body as source: backslashes escaped, and a quote that could close the
 * docstring (one before another quote, or the last character before the closing quotes) escaped.
 */
export function docLineSource(line: string, closes = false): string {
  const escaped = line.replace(/\\/g, '\\\\').replace(/"(?=")/g, '\\"').replace(ESCAPED, escapeChar);
  return closes ? escaped.replace(/"$/, '\\"') : escaped;
}

/** A docstring at `indent`: `"""One line."""`, or its lines between the quotes. */
export function docstringSource(lines: readonly string[], indent: string): string {
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}"""${docLineSource(lines[0], true)}"""\n`;
  return `${indent}"""${docLineSource(lines[0])}\n${lines.slice(1).map((l) => (l === '' ? '\n' : `${indent}${docLineSource(l)}\n`)).join('')}${indent}"""\n`;
}

/** A JSON value as a Python literal (`None`, `True`, `{"a": [1]}`): JSON's string escapes are Python's. */
export function pyLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value).replace(ESCAPED, escapeChar);
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyLiteral(k)}: ${pyLiteral(v)}`).join(', ')}}`;
  return 'None';
}
