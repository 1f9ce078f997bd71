// YAML forbids tab characters in indentation, and the Block Agent documentation's sample tools
// are indented with tabs (and with an odd three-space `   function:` line). The importer points at
// the first tab; `reindentTabs` is the one-click fix: it rebuilds the indentation with two spaces
// per level from the text's own nesting, so those samples import as written.

const TAB_STOP = 4;
const INDENT = '  ';

/** Line and column (1-based) of the first tab in a line's indentation, if any. */
export function firstIndentTab(text: string): { line: number; column: number } | undefined {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const indentation = /^[ \t]*/.exec(lines[i])![0];
    if (indentation.includes('\t') && lines[i].trim() !== '') return { line: i + 1, column: indentation.indexOf('\t') + 1 };
  }
  return undefined;
}

const advance = (width: number, ch: string) => (ch === '\t' ? (Math.floor(width / TAB_STOP) + 1) * TAB_STOP : width + 1);

/** Columns a run of indentation covers, tabs advancing to the next tab stop. */
function widthOf(indentation: string): number {
  let width = 0;
  for (const ch of indentation) width = advance(width, ch);
  return width;
}

/** What is left of `indentation` past `width` columns, kept as written: in a block scalar a tab there is text. */
function beyond(indentation: string, width: number): string {
  let covered = 0;
  let i = 0;
  while (i < indentation.length && covered < width) covered = advance(covered, indentation[i++]);
  // A line indented less than the block's first line has nothing beyond it (not a negative run).
  return ' '.repeat(Math.max(0, covered - width)) + indentation.slice(i);
}

/** Index just past the closing quote of a quoted scalar whose text starts at `from`, or -1 when it runs on. */
function closingQuote(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

/** The value after `key:` on a line, '' for a bare `key:`, undefined when the line is no `key: value` entry. */
function entryValue(body: string): string | undefined {
  let keyEnd = 0;
  if (body[0] === '"' || body[0] === "'") {
    keyEnd = closingQuote(body, 1, body[0]);
    if (keyEnd < 0) return undefined;
  } else if (/^[#\-[{|>&*!%@`]/.test(body) && !/^-[^\s]/.test(body)) return undefined;
  const colon = body.slice(keyEnd).search(/:(\s|$)/);
  if (colon < 0) return undefined;
  return body.slice(keyEnd + colon + 1).trim();
}

interface Opened {
  /** The line's value cannot hold nested lines (`key: value`, a plain list item). */
  leaf: boolean;
  block: boolean;
  quote?: string;
}

/** What a line's content opens: a block scalar, a quoted scalar running onto the next lines, or nothing. */
function opens(content: string): Opened {
  const value = entryValue(content);
  const scalar = value === undefined ? content : value;
  if (value === '' || /^[&!]\S*$/.test(scalar)) return { leaf: false, block: false };
  if (/^[|>][-+0-9]*(\s+#.*)?$/.test(scalar)) return { leaf: false, block: true };
  if ((scalar[0] === "'" || scalar[0] === '"') && closingQuote(scalar, 1, scalar[0]) < 0) return { leaf: true, block: false, quote: scalar[0] };
  if (/^[[{]/.test(scalar)) return { leaf: false, block: false };
  return { leaf: true, block: false };
}

export function reindentTabs(text: string): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [];
  const open: { width: number; level: number }[] = [];
  let previous: { level: number; leaf: boolean } | undefined;
  let block: { parentWidth: number; level: number; base?: number } | undefined;
  let quote: { char: string; level: number } | undefined;

  for (const line of text.split(/\r?\n/)) {
    const indentation = /^[ \t]*/.exec(line)![0];
    const body = line.slice(indentation.length);
    const width = widthOf(indentation);
    if (block && (!body || width > block.parentWidth)) {
      // Inside a block scalar the text is kept; only its indentation is rebuilt, relative spacing kept.
      block.base ??= body ? width : undefined;
      out.push(body ? INDENT.repeat(block.level) + beyond(indentation, block.base ?? width) + body : '');
      continue;
    }
    block = undefined;
    if (quote) {
      out.push(body ? INDENT.repeat(quote.level) + body : '');
      if (body && closingQuote(body, 0, quote.char) >= 0) quote = undefined;
      continue;
    }
    if (!body || body.startsWith('#')) {
      out.push(body ? INDENT.repeat(open.at(-1)?.level ?? 0) + body : '');
      continue;
    }
    while (open.length > 0 && open[open.length - 1].width > width) open.pop();
    const top = open.at(-1);
    let level: number;
    if (!top) level = 0;
    else if (top.width === width) level = top.level;
    // A `key: value` line holds nothing, so a deeper entry after it is a sibling written too far in.
    else if (previous?.leaf && (entryValue(body) !== undefined || /^-(\s|$)/.test(body))) level = previous.level;
    else level = top.level + 1;
    if (!top || top.width !== width) open.push({ width, level });

    let content = body;
    let contentLevel = level;
    let contentWidth = width;
    const dash = /^-(\s+|$)/.exec(body);
    if (dash) {
      content = body.slice(dash[0].length);
      contentLevel = level + 1;
      contentWidth = width + dash[0].length;
      if (content) open.push({ width: contentWidth, level: contentLevel });
      out.push(INDENT.repeat(level) + (content ? '- ' + content : '-'));
    } else {
      out.push(INDENT.repeat(level) + body);
    }
    const opened = content ? opens(content) : { leaf: false, block: false };
    previous = { level: contentLevel, leaf: opened.leaf };
    if (opened.block) block = { parentWidth: contentWidth, level: contentLevel + 1 };
    if (opened.quote) quote = { char: opened.quote, level: contentLevel + 1 };
  }
  return out.join(newline);
}
