// Text from an agent file put into the Markdown the CLI writes (`diff --markdown`, `test --compare
// --markdown`), which GitHub renders as a pull-request comment (security issue 30, point 3). A
// renderer reads Markdown and HTML in it: a stage named `greet<!--` opened an HTML comment that hid
// every later section, and `<!-- … -->` inside a changed instruction hid an injected line from
// the summary table. Each helper here puts such text where it can only be read as text, and keeps
// it readable: in a code span (`book_slot` stays `book_slot`, no backslashes), or as entities
// inside an HTML `<code>`. Code is also where GitHub links no @mention and no #issue, so a name
// cannot ping a team from the comment either.
import { oneLineText } from '../model/visible-text';

/** The longest run of backticks in `text` (a loop, not Math.max(...runs): a long text may have more runs than a call takes arguments). */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

/**
 * A code span holding `text` as written, on one line. Inside a code span nothing is Markdown or
 * HTML, so the only way out is a run of backticks as long as the span's own: the span's is made one
 * longer than any run in the text. CommonMark strips one space from each end when both ends have
 * one, so a text beginning or ending with a backtick or a space is padded by a space each side.
 */
export function codeSpan(text: string): string {
  const line = oneLineText(text);
  if (line === '') return '';
  const ticks = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = /^[` ]|[` ]$/.test(line) && line.trim() !== '' ? ' ' : '';
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/**
 * A code span for a table cell. GitHub splits a table row at every `|` that no backslash precedes,
 * code spans included, and takes the backslash away again inside the cell: so `|` becomes `\|`.
 */
export function tableCode(text: string): string {
  return codeSpan(text).replace(/\|/g, '\\|');
}

/**
 * Text for an HTML `<code>` element of the comment (a `<summary>` line is raw HTML, where Markdown
 * is not read): entities for what HTML would read as markup, on one line, since a blank line would
 * end the HTML and let the rest be read as Markdown.
 */
export function htmlCode(text: string): string {
  return `<code>${oneLineText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</code>`;
}
