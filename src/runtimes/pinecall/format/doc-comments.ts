/**
 * JSDoc blocks: the persona above the class, a state field's description, a tool's docstring.
 *
 * A comment cannot hold `*\/`, and JSDoc has no escape. The exporter writes a zero-width space
 * between the two characters (U+200B), so Pinecall's reader sees the same visible text (a `\/`
 * escape would show the model a backslash), and the importer removes it again.
 */
import { docstringLines, docstringOneLine } from '../../../model/docstring';

const CLOSER = /\*\//g;
const ESCAPED_CLOSER = /\*\u200b\//g;

export const escapeComment = (text: string): string => text.replace(CLOSER, '*\u200b/');
export const unescapeComment = (text: string): string => text.replace(ESCAPED_CLOSER, '*/');

const LINE_BREAK = /\r\n|\r|\n/;

/** What Pinecall reads from a docstring comment as written in the file, escape removed. */
export const foldDocstring = (comment: string): string => unescapeComment(docstringOneLine(comment));

/**
 * A tool's docstring: the kept lines of the description, one per comment line, so the model reads
 * exactly the folded description. One short line that does not start with `*` fits `/** … *\/`.
 */
export function writeDocstring(description: string, indent: string): string {
  // Folded first, escaped after: a description pasted with its own `/** … */` reads as the lint reads it.
  return writeDocstringLines(docstringLines(description), indent);
}

/** The docstring of these kept lines (see writeDocstring). */
export function writeDocstringLines(kept: string[], indent: string): string {
  const lines = kept.map(escapeComment);
  if (lines.length === 0) return '';
  if (lines.length === 1 && !lines[0].startsWith('*') && lines[0].length <= 96) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

/**
 * The persona or a state field's description: kept line by line (no folding), so a blank line or
 * an indented line comes back as it was. One short line without outer spaces fits `/** … *\/`.
 */
export function writeDocBlock(text: string, indent: string): string {
  if (text === '') return '';
  const lines = escapeComment(text).split(LINE_BREAK);
  if (lines.length === 1 && text.trim() === text && !text.startsWith('*') && text.length <= 96) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`)).join('\n')}\n${indent} */\n`;
}

/** The text of a JSDoc block written by `writeDocBlock` (or by hand): margins and `*` gutters removed. */
export function readDocBlock(comment: string): string {
  const inner = comment.replace(/^\/\*\*/, '').replace(/\*\/$/, '');
  const lines = inner.split(LINE_BREAK);
  if (lines.length === 1) return unescapeComment(lines[0].trim());
  const body = lines.map((line, i) => {
    if (i === 0) return line.trim();
    const m = /^[ \t]*\*? ?/.exec(line)![0];
    return line.slice(m.length);
  });
  if (body[0] === '') body.shift();
  if (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
  return unescapeComment(body.join('\n'));
}
