// Python text: literals of JSON values, docstrings as written, and as the SDK reads them back
// (pinecall 0.11.24 `_doc.one_line` / `_doc.arguments_of` over `inspect.cleandoc`).

// How Python reads a docstring (splitlines, strip, cleandoc, one_line) is the document's semantics
// for a class in Python, which the simulator follows too: it lives on the ground floor.
import { cleandoc, expandTabs, PY_SECTION, pyOneLine, pySplitLines, pyStrip } from '../../../../model/py-docstring';

export { cleandoc, expandTabs, PY_SECTION, pyOneLine, pySplitLines, pyStrip };

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
