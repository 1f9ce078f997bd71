/**
 * The one line a model reads from a tool's docstring, by Pinecall's rule (formats/pinecall.md):
 * trim each line and drop its leading `*`, drop empty lines, stop at the first line that starts
 * with `@`, join the rest with single spaces. The JSDoc delimiters `/**` and `*\/` are tolerated
 * (dropped) so that a docstring pasted with them reads the same as without.
 */
export function docstringOneLine(docstring: string): string {
  const lines: string[] = [];
  for (const raw of docstring.split(/\r\n|\r|\n/)) {
    let line = raw.trim();
    if (line.startsWith('/**')) line = line.slice(3).trim();
    if (line.endsWith('*/')) line = line.slice(0, -2).trim();
    if (line.startsWith('*')) line = line.slice(1).trim();
    if (line.startsWith('@')) break;
    if (line) lines.push(line);
  }
  return lines.join(' ');
}
