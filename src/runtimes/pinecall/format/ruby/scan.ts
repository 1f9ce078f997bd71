// Reading Ruby source as the gem's own readers see it, without a Ruby parser: where a statement
// spanning lines ends (an open bracket, a trailing comma or operator), the top-level pieces of an
// argument list, and the comment the gem takes as a method's description (pinecall/ruby
// `Agent::Doc.above`, read at 51239fa3). Strings and comments are skipped when counting brackets.

/** A comment line as the gem reads one: `#` and an optional space; not a magic comment, rubocop or :nodoc:. */
export const DOC_COMMENT = /^\s*#(?!\s*(frozen_string_literal|rubocop|:nodoc:))\s?(.*)$/;
/** What ends the gem's walk up from a `def` when no comment was found first. */
const ENDS_WHAT_CAME_BEFORE = /^\s*(end\b|def\b|class\b|module\b)/;

/**
 * The comment block the gem finds above the `def` at `defLine` (0-based): the lines between are
 * stepped over (the `tool` declaration, a rubocop line) until a comment, a blank line or an
 * `end`/`def`/`class`/`module`; then the comment lines up to the first line that is none. Each
 * line's text past `# `, right-trimmed, in order. Empty when there is none.
 */
export function commentAbove(lines: readonly string[], defLine: number): string[] {
  let at = defLine - 1;
  while (at >= 0 && !DOC_COMMENT.test(lines[at]) && lines[at].trim() !== '' && !ENDS_WHAT_CAME_BEFORE.test(lines[at])) at--;
  const block: string[] = [];
  for (let said = at >= 0 ? DOC_COMMENT.exec(lines[at]) : null; at >= 0 && said; said = --at >= 0 ? DOC_COMMENT.exec(lines[at]) : null) block.unshift(said[2].trimEnd());
  return block;
}

export { rubyOneLine } from '../../../../model/ruby-docstring';

/** A symbol as the exporter writes one (`:greet`, `:"two words"`): its pattern, with the quoted name in group 1 and the bare one in group 2. */
export const SYMBOL = String.raw`:(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_]\w*[?!]?))`;

/** A symbol's name from a match of SYMBOL. */
export const symbolName = (quoted: string | undefined, bare: string | undefined): string => (quoted !== undefined ? JSON.parse(`"${quoted}"`) as string : bare!);

/** Calls `visit` with each character of `code` outside a string literal and its index, until it returns true. */
function eachCodeChar(code: string, visit: (ch: string, i: number) => boolean | void): void {
  let quote: string | undefined;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (visit(ch, i)) return;
  }
}

/** The code of a line without its comment (a `#` outside a string). */
export function withoutComment(line: string): string {
  let cut = line.length;
  eachCodeChar(line, (ch, i) => {
    if (ch !== '#') return false;
    cut = i;
    return true;
  });
  return line.slice(0, cut);
}

/** How many brackets a code text leaves open (strings skipped); negative when it closes more than it opens. */
export function openBrackets(code: string): number {
  let depth = 0;
  eachCodeChar(code, (ch) => {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
  });
  return depth;
}

/**
 * The last line (0-based) of the statement that starts at `start`: it goes on while a bracket is
 * open or a line ends in a comma, a backslash or an operator that wants more. Comment lines inside
 * are part of it.
 */
export function statementEnd(lines: readonly string[], start: number, limit = lines.length): number {
  let depth = 0;
  for (let i = start; i < limit; i++) {
    const code = withoutComment(lines[i]).trimEnd();
    if (code.trim() === '' && i > start) continue;
    depth += openBrackets(code);
    if (depth <= 0 && !/(,|\\|&&|\|\||\+|=|\||->)$/.test(code.trimEnd())) return i;
  }
  return limit - 1;
}

/** The code of lines [from, to], comments and line breaks taken out: one line to read. */
export function joinedCode(lines: readonly string[], from: number, to: number): string {
  return lines.slice(from, to + 1).map((l) => withoutComment(l).trim()).filter(Boolean).join(' ');
}

/** The top-level comma-separated pieces of a list (`a: 1, b: -> { x }, c: [1, 2]`), each trimmed. */
export function topLevelPieces(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let from = 0;
  eachCodeChar(text, (ch, i) => {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      pieces.push(text.slice(from, i).trim());
      from = i + 1;
    }
  });
  const last = text.slice(from).trim();
  if (last) pieces.push(last);
  return pieces;
}
