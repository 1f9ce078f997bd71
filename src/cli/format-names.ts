// The formats the usage lines and messages list, from the kinds of agent file (formats/file-kind.ts):
// a runtime added with a new kind of file shows in every command's help with no edit here.
import { FILE_FORMATS, FILE_KINDS } from '../formats/file-format';

/** `json|ts|py|rb|yaml|flow`. */
export const FORMATS_LIST = FILE_FORMATS.join('|');

/**
 * Every kind by its name and what it is, wrapped to the usage lines' width under `indent`:
 * `json (Callboard JSON), ts (Pinecall TypeScript), …`.
 */
export function kindsDescribed(indent: number, width = 90): string {
  const words = FILE_KINDS.map((k) => `${k.format} (${k.label})`).join(', ').split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}
