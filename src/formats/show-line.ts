// The line an error is about, quoted after its message, so a one-line message still shows it
// (the CLI prints messages on one line; the import dialog shows an excerpt besides).

const LONGEST_QUOTED_LINE = 120;

/** ` (line 4: content: 'x')`: the line as written, trimmed; nothing for a blank line. */
export function showLine(lines: readonly string[], line: number): string {
  const text = (lines[line - 1] ?? '').trim();
  if (!text) return '';
  const shown = text.length > LONGEST_QUOTED_LINE ? `${text.slice(0, LONGEST_QUOTED_LINE)}…` : text;
  return ` (line ${line}: ${shown})`;
}
