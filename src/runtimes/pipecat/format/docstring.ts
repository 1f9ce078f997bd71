// A Google-style docstring read as docstring_parser 0.18 reads it (google.py), for what Pipecat
// takes from it (adapters/llm/schemas/direct_function.py): the description (short and long parts
// joined, a blank line kept between them) and each `Args:` entry's description.
import { cleandoc } from './python-source';

const SECTION_TITLES = ['Arguments', 'Args', 'Parameters', 'Params', 'Raises', 'Exceptions', 'Except', 'Attributes', 'Example', 'Examples', 'Returns', 'Yields'];
const PARAM_SECTIONS = new Set(['Arguments', 'Args', 'Parameters', 'Params']);
const titles = () => new RegExp(`^(${SECTION_TITLES.map((t) => `(${t})`).join('|')}):[ \\t\\r\\f\\v]*$`, 'gm');
const TYPED_ARG = /^\s*(.+?)\s*\(\s*(.*[^\s]+)\s*\)/;

export interface ParsedDocstring {
  description: string;
  params: { name: string; description: string }[];
  /** Another docstring style, which Callboard does not read (docstring_parser might pick it). */
  otherStyle?: string;
}

export function parseDocstring(doc: string): ParsedDocstring {
  const text = cleandoc(doc);
  if (!text) return { description: '', params: [] };
  // A fresh pattern each time: a shared global one carries lastIndex into matchAll.
  const first = titles().exec(text);
  const descChunk = first ? text.slice(0, first.index) : text;
  const metaChunk = first ? text.slice(first.index) : '';
  const parts = descChunk.split(/\n([\s\S]*)/);
  const short = parts[0] || undefined;
  let description: string[] = [];
  if (short) description.push(short);
  if (parts.length > 1 && parts[1] !== undefined) {
    const longChunk = parts[1];
    const long = longChunk.trim();
    if (short && longChunk.startsWith('\n')) description.push('');
    if (long) description.push(long);
  }
  if (description.length === 1 && description[0] === '') description = [];

  const params: ParsedDocstring['params'] = [];
  const matches = [...metaChunk.matchAll(titles())];
  matches.forEach((match, j) => {
    const title = match[1];
    const end = j + 1 < matches.length ? matches[j + 1].index! : metaChunk.length;
    let details = metaChunk.slice(match.index! + match[0].length, end);
    // docstring_parser drops what follows an unindented line inside a section (its issue 29).
    const unknown = /\n\S/.exec(details);
    if (unknown) details = details.slice(0, unknown.index);
    const chunk = details.replace(/^\n+|\n+$/g, '');
    if (!PARAM_SECTIONS.has(title) || !chunk) return;
    const indent = /^\s*/.exec(chunk)![0];
    const starts = [...chunk.matchAll(new RegExp(`^${indent}(?=\\S)`, 'gm'))];
    starts.forEach((start, k) => {
      const from = start.index! + start[0].length;
      const to = k + 1 < starts.length ? starts[k + 1].index! : chunk.length;
      const entry = chunk.slice(from, to).replace(/^\n+|\n+$/g, '');
      const colon = entry.indexOf(':');
      if (colon < 0) return;
      let before = entry.slice(0, colon);
      let desc = entry.slice(colon + 1);
      if (before.includes('\n')) {
        const [head, ...rest] = before.split('\n');
        before = head + cleandoc(rest.join('\n'));
      }
      if (desc) {
        if (desc[0] === ' ') desc = desc.slice(1);
        const newline = desc.indexOf('\n');
        if (newline >= 0) desc = `${desc.slice(0, newline)}\n${cleandoc(desc.slice(newline + 1))}`;
        desc = desc.replace(/^\n+|\n+$/g, '');
      }
      const typed = TYPED_ARG.exec(before);
      params.push({ name: typed ? typed[1] : before, description: desc });
    });
  });
  const otherStyle = /^\s*:param\s/m.test(text) ? 'reST (:param x:)' : /^\s*-{3,}\s*$/m.test(text) ? 'NumPy (underlined sections)' : /^\s*@param\s/m.test(text) ? 'Epydoc (@param)' : undefined;
  return { description: description.join('\n').trim(), params, ...(otherStyle ? { otherStyle } : {}) };
}
