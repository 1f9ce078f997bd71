// Python text: literals of JSON values, docstrings as written, and as the SDK reads them back
// (pinecall 0.11.24 `_doc.one_line` / `_doc.arguments_of` over `inspect.cleandoc`).

/** Where Python's `str.splitlines` breaks a line, beyond \n and \r: the controls are Python's line breaks. */
// eslint-disable-next-line no-control-regex
const PY_LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
/** What Python's `str.strip` takes off (its whitespace), which JavaScript's `trim` does not quite match. */
const PY_SPACE = '[\\s\\x1c-\\x1f\\x85]';
const PY_STRIP = new RegExp(`^(?:(?!\\ufeff)${PY_SPACE})+|(?:(?!\\ufeff)${PY_SPACE})+$`, 'g');
export const pyStrip = (text: string): string => text.replace(PY_STRIP, '');
// eslint-disable-next-line no-control-regex -- Python's line breaks include these controls
export const pySplitLines = (text: string): string[] => (text === '' ? [] : text.replace(/(\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029])$/, '').split(PY_LINE_BREAK));

/** `str.expandtabs(8)`, which `inspect.cleandoc` applies to every line. */
export function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** A Google-style section header: the description ends at the first one (`_doc.SECTION`). */
export const PY_SECTION = /^(Args|Arguments|Parameters|Params|Returns?|Raises|Yields|Examples?|Notes?|Attributes|See Also|Warnings?|Todo):\s*$/;

/** What a docstring's text says as one line, as the SDK reads it (`one_line`); undefined for none. */
export function pyOneLine(doc: string): string | undefined {
  const said: string[] = [];
  for (const line of cleandoc(doc)) {
    if (PY_SECTION.test(line)) break;
    if (pyStrip(line)) said.push(pyStrip(line));
  }
  return said.length ? said.join(' ') : undefined;
}

/** `inspect.cleandoc`: tabs expanded, the common indentation of the lines after the first removed, blank edges dropped. */
function cleandoc(doc: string): string[] {
  const lines = pySplitLines(doc).map(expandTabs);
  const indents = lines.slice(1).filter((l) => l.trimStart() !== '').map((l) => l.length - l.replace(/^ +/, '').length);
  const margin = indents.length ? Math.min(...indents) : 0;
  const out = lines.map((l, i) => (i === 0 ? l.replace(/^ +/, '') : l.slice(margin)));
  while (out.length && !out[0].trim()) out.shift();
  while (out.length && !out.at(-1)!.trim()) out.pop();
  return out;
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
