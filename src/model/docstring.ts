/**
 * The lines Pinecall keeps of a tool's docstring (formats/pinecall.md): each trimmed, its leading
 * `*` dropped, empty ones dropped, up to the first that starts with `@`. The JSDoc delimiters `/**`
 * and `*\/` are tolerated (dropped) so that a docstring pasted with them reads the same as without.
 * Kept line by line so the Pinecall export can write one comment line per kept line.
 */
export function docstringLines(docstring: string): string[] {
  const lines: string[] = [];
  for (const raw of docstring.split(/\r\n|\r|\n/)) {
    let line = raw.trim();
    if (line.startsWith('/**')) line = line.slice(3).trim();
    if (line.endsWith('*/')) line = line.slice(0, -2).trim();
    if (line.startsWith('*')) line = line.slice(1).trim();
    if (line.startsWith('@')) break;
    if (line) lines.push(line);
  }
  return lines;
}

/** The one line a model reads from a tool's docstring: the kept lines joined with single spaces. */
export const docstringOneLine = (docstring: string): string => docstringLines(docstring).join(' ');
