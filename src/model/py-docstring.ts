// A docstring as the Pinecall SDK for Python reads it (pinecall 0.11.24 `_doc.one_line` over
// `inspect.cleandoc`, Python's own `str.splitlines` and `str.strip`): the class's identity line and
// each tool's description. The Python export writes by these rules (runtimes/pinecall/format/python) and
// the simulator reads a class in Python by them (runtimes/pinecall/engine/prompt.ts).

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
export function cleandoc(doc: string): string[] {
  const lines = pySplitLines(doc).map(expandTabs);
  const indents = lines.slice(1).filter((l) => l.trimStart() !== '').map((l) => l.length - l.replace(/^ +/, '').length);
  const margin = indents.length ? Math.min(...indents) : 0;
  const out = lines.map((l, i) => (i === 0 ? l.replace(/^ +/, '') : l.slice(margin)));
  while (out.length && !out[0].trim()) out.shift();
  while (out.length && !out.at(-1)!.trim()) out.pop();
  return out;
}

