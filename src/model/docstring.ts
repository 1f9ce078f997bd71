/**
 * The lines Pinecall keeps of a tool's docstring (formats/pinecall.md): each trimmed, every leading
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
    // Every leading `*`, as Pinecall's oneLine does: `/** ** text */` reads "text".
    while (line.startsWith('*')) line = line.slice(1).trim();
    if (line.startsWith('@')) break;
    if (line) lines.push(line);
  }
  return lines;
}

/** The one line a model reads from a tool's docstring: the kept lines joined with single spaces. */
export const docstringOneLine = (docstring: string): string => docstringLines(docstring).join(' ');

/**
 * The persona as Pinecall reads a class's identity JSDoc: the same rule as a tool's docstring, so
 * an `@remarks` line ends it and the lines are joined with single spaces (formats/pinecall.md,
 * "Checked against Pinecall's source"). The document keeps the persona whole.
 */
export const personaAsPinecallReads = (persona: string): string => docstringOneLine(persona);
