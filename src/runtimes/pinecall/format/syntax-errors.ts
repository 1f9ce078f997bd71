// TypeScript syntax errors in words a person can act on (issue 33). The parser's own messages
// name a token ("'}' expected.", "Unterminated string literal.") and point at where it gave up,
// often the end of the file; people write these classes by hand, so each common slip — a brace
// never closed, a missing comma, a quote never closed — says what to write and where it began,
// with the line quoted. Every syntax error the parser found is reported, in one pass.
import ts from 'typescript';
import { showLine } from '../../../formats/show-line';
import type { SourceProblem } from './import-util';
import { tokenize } from './js-lexer';

/** TypeScript's diagnostic codes for the slips explained here (diagnosticMessages.json). */
const EXPECTED = 1005; // '{0}' expected.
const UNTERMINATED_STRING = 1002;
const UNTERMINATED_TEMPLATE = 1160;
const CLOSERS: Record<string, { opener: string; what: string }> = {
  '}': { opener: '{', what: 'brace' },
  ')': { opener: '(', what: 'parenthesis' },
  ']': { opener: '[', what: 'bracket' },
};

const position = (sf: ts.SourceFile, pos: number) => {
  const { line, character } = sf.getLineAndCharacterOfPosition(Math.min(pos, sf.text.length));
  return { line: line + 1, column: character + 1 };
};

/** One parser diagnostic as a problem that says what to write. */
export function explainSyntaxError(sf: ts.SourceFile, diagnostic: ts.DiagnosticWithLocation, lines: readonly string[]): SourceProblem {
  const at = position(sf, diagnostic.start);
  const original = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const say = (message: string, where = at) => ({ ...where, message: `${message}${showLine(lines, where.line)}` });
  if (diagnostic.code === EXPECTED) {
    const token = /^'(.+)' expected\.$/.exec(original)?.[1];
    const closer = token === undefined ? undefined : CLOSERS[token];
    // The parser says which opener it was matching in its related information.
    const related = diagnostic.relatedInformation?.find((r) => r.start !== undefined && r.file === sf);
    const opener = closer && (related?.start ?? unclosedOpener(sf.text, closer.opener, token!));
    if (closer && opener !== undefined) {
      const opened = position(sf, opener);
      return say(`the ${closer.what} ${closer.opener} that opens on line ${opened.line}, column ${opened.column} is never closed; end it with ${token} where what it holds ends`, opened);
    }
    if (closer) return say(`a ${token} is missing here; close what is open with ${token}`);
    if (token === ',') {
      // What the comma would separate: the innermost bracket open before it.
      const open = innermostOpen(sf.text.slice(0, diagnostic.start));
      if (open === '(') return say('a comma or a ) is missing before this: write , between two parameters or arguments, or ) where they end');
      if (open === '[') return say('a comma is missing before this: write , between two items of the list');
      return say('a comma is missing before this: write , between two entries of the object');
    }
    if (token === ';') return say('this statement runs into the next one: end the first with ; or put the second on its own line');
  }
  if (diagnostic.code === UNTERMINATED_STRING) {
    const line = lines[at.line - 1] ?? '';
    const open = openQuoteOf(line);
    const where = open === undefined ? at : { line: at.line, column: open + 1 };
    const quote = open === undefined ? '"' : line[open];
    return say(`the text in quotes that opens here is never closed; end it with ${quote} on the same line (a text over several lines is written in backticks, \`like this\`)`, where);
  }
  if (diagnostic.code === UNTERMINATED_TEMPLATE) return say('the text in backticks that opens here is never closed; end it with `');
  return say(original);
}

/** The innermost bracket still open at the end of `code` (strings, comments and templates skipped). */
function innermostOpen(code: string): string | undefined {
  const stack: string[] = [];
  for (const token of tokenize(code)) {
    if (token.kind !== 'punct') continue;
    if ('([{'.includes(token.text)) stack.push(token.text);
    else if (')]}'.includes(token.text)) stack.pop();
  }
  return stack.at(-1);
}

/** Where on a line a quoted text opens and is not closed (0-based), if one does. */
function openQuoteOf(line: string): number | undefined {
  let open: number | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (open === undefined) {
      if (c === '"' || c === "'" || c === '`') open = i;
      else if (c === '/' && line[i + 1] === '/') break;
    } else if (c === '\\') i++;
    else if (c === line[open]) open = undefined;
  }
  return open;
}

/**
 * The opener a missing closer belongs to. Brackets are matched in the code (strings, comments and
 * templates skipped): one left open at the end is the answer, unless a pair matched on the way
 * does not line up — a `{` at the end of a line whose `}` stands at another indentation was most
 * likely left open, and a later closer taken for its own.
 */
function unclosedOpener(text: string, opener: string, closer: string): number | undefined {
  const stack: { at: number; text: string }[] = [];
  let misaligned: number | undefined;
  const indentOf = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0].length;
  const endsLine = (offset: number) => /^[ \t]*(\r?\n|$)/.test(text.slice(offset + 1, offset + 200));
  for (const token of tokenize(text)) {
    if (token.kind !== 'punct') continue;
    if ('([{'.includes(token.text)) stack.push({ at: token.start, text: token.text });
    else if (')]}'.includes(token.text)) {
      const open = stack.pop();
      if (open && misaligned === undefined && open.text === opener && token.text === closer && endsLine(open.at) && indentOf(open.at) !== indentOf(token.start)) misaligned = open.at;
    }
  }
  return misaligned ?? stack.filter((o) => o.text === opener).at(-1)?.at;
}

/** A scaffold's placeholder left unfilled: `{{ClassName}}`, `<%= name %>`, `__AGENT_NAME__`. */
const PLACEHOLDER = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}|<%=?\s*[A-Za-z_][\w.]*\s*%>|\b__[A-Z][A-Z0-9_]*__\b/g;

/**
 * A file with syntax errors on lines that hold a scaffold's placeholders is a template nobody
 * filled in (an unfilled `pinecall new` template gives a score of errors that each point
 * elsewhere): one problem first says so, at the first placeholder, naming them all.
 */
function unfilledTemplate(lines: readonly string[], problems: readonly SourceProblem[]): SourceProblem | undefined {
  const broken = new Set(problems.map((p) => p.line));
  const found: { line: number; column: number; text: string }[] = [];
  lines.forEach((line, i) => {
    for (const match of line.matchAll(PLACEHOLDER)) found.push({ line: i + 1, column: match.index + 1, text: match[0] });
  });
  if (!found.some((f) => broken.has(f.line))) return undefined;
  const names = [...new Set(found.map((f) => f.text))];
  const shown = names.slice(0, 4).join(', ') + (names.length > 4 ? ` and ${names.length - 4} more` : '');
  return {
    line: found[0].line, column: found[0].column,
    message: `this file looks like a template with its placeholders not filled in (${shown}): write each one's value (the class name, the stages, …), or make the agent with \`pinecall new <name>\`; the syntax errors after this one follow from them`,
  };
}

/** Every syntax error of the file, explained, in the order of the file (a template's unfilled placeholders said first). */
export function explainSyntaxErrors(sf: ts.SourceFile, diagnostics: readonly ts.DiagnosticWithLocation[]): SourceProblem[] {
  const lines = sf.text.split(/\r\n|\r|\n/);
  // A quote never closed swallows the rest of its line, closers included: the "expected" errors
  // after it follow from it, and would send the reader to the wrong place.
  const quote = diagnostics.find((d) => d.code === UNTERMINATED_STRING || d.code === UNTERMINATED_TEMPLATE)?.start;
  const own = diagnostics.filter((d) => quote === undefined || d.code !== EXPECTED || d.start < quote);
  const problems = own.map((d) => explainSyntaxError(sf, d, lines)).sort((a, b) => a.line - b.line || a.column - b.column);
  const template = unfilledTemplate(lines, problems);
  return template ? [template, ...problems] : problems;
}
