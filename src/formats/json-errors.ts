// JSON syntax errors in words a person can act on (issue 33). An engine says `Unexpected token
// '}', "…" is not valid JSON` and stops at the first; people edit saved agents by hand, so each
// common slip — a comma after the last item, a comma missing between two, a quote never closed, a
// brace or bracket never closed, a key without quotes, text in single quotes — says what to write,
// where, with the line quoted; the reading goes on after each, so one pass reports them all.
// Called only once JSON.parse has refused the text, so valid JSON is never second-guessed. Each
// problem stands where the text stops being JSON (as an engine that gives a position places it:
// the } after a trailing comma, the end of a file left open), and its message names the other
// place when there is one (the comma to delete, the brace that opened).
import { positionAt } from '../model/text-position';
import { showLine } from './show-line';

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  message: string;
}

/** More than this many problems are one file that is not JSON at all: the first ones are enough to start. */
const MOST_PROBLEMS = 20;

type TokenKind = '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'value' | 'word' | 'end';
interface Token {
  kind: TokenKind;
  at: number;
  text: string;
  /** A word that begins like true, false or null: where it stops being that word. */
  stop?: number;
}

const WORD = /[A-Za-z_$][\w$-]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The JSON syntax problems of `text`, each with what to write; empty when none of these is found. */
export function explainJsonSyntax(text: string): JsonSyntaxProblem[] {
  const lines = text.split(/\r\n|\r|\n/);
  const problems: JsonSyntaxProblem[] = [];
  // Each pass (the characters, then the structure) keeps its first MOST_PROBLEMS; the first ones
  // of the file, whichever pass found them, are those shown.
  let pass = 0;
  const report = (at: number, message: string) => {
    if (++pass > MOST_PROBLEMS) return;
    const where = positionAt(text, at);
    problems.push({ ...where, message: `${message}${showLine(lines, where.line)}` });
  };

  // --- Tokens; a string never closed ends at its line's end (JSON strings hold no line break) ---
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    // A text with this many characters JSON has no place for is no JSON at all: read no further (its tokens would only fill memory).
    if (pass > MOST_PROBLEMS) break;
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
      i++;
      continue;
    }
    if ('{}[]:,'.includes(c)) {
      tokens.push({ kind: c as TokenKind, at: i, text: c });
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n' && text[i] !== '\r') i += text[i] === '\\' ? 2 : 1;
      i = Math.min(i, text.length);
      if (c === "'") report(start, 'JSON writes text in double quotes, not single ones: write "…" instead of \'…\'');
      else if (text[i] !== c) {
        const opened = positionAt(text, start);
        report(i, `the text in quotes that opens on line ${opened.line}, column ${opened.column} is never closed; end it with " on the same line (a line break inside a JSON string is written \\n)`);
      }
      if (text[i] === c) i++;
      tokens.push({ kind: 'string', at: start, text: text.slice(start, i) });
      continue;
    }
    NUMBER.lastIndex = i;
    WORD.lastIndex = i;
    const number = NUMBER.exec(text);
    const word = number ? undefined : WORD.exec(text);
    if (number) {
      const end = i + number[0].length;
      // Where the number stops being JSON: a digit after a leading 0, a `.` or an `e` with no digit after it.
      if (/^-?0$/.test(number[0]) && /\d/.test(text[end] ?? '')) report(end, `a number is not written with a leading 0: write ${text.slice(i, end + 1).replace(/^(-?)0+(?=\d)/, '$1')}… without it, or the text in double quotes`);
      else if (text[end] === '.' || text[end] === 'e' || text[end] === 'E') report(end + 1, `a number ends in ${text[end]} with no digit after it: write the digits, or remove the ${text[end]}`);
      let next = end;
      while (/[\d.eE+-]/.test(text[next] ?? '')) next++;
      tokens.push({ kind: 'value', at: i, text: text.slice(i, next) });
      i = next;
    } else if (c === '-') {
      report(i + 1, 'a - with no number after it: write the number, or remove the -');
      i++;
    } else if (word) {
      const literal = ['true', 'false', 'null'].includes(word[0]);
      if (!literal) {
        // A misspelt true, false or null stops being JSON where it leaves the word it begins.
        const near = ['true', 'false', 'null'].find((l) => l[0] === word[0][0]);
        let stop = 0;
        while (near && stop < word[0].length && near[stop] === word[0][stop]) stop++;
        tokens.push({ kind: 'word', at: i, text: word[0], ...(near ? { stop: i + stop } : {}) });
      } else tokens.push({ kind: 'value', at: i, text: word[0] });
      i += word[0].length;
    } else {
      report(i, `${JSON.stringify(c)} cannot stand here in JSON; remove it (a comment, too: JSON has none)`);
      i++;
    }
  }
  const cut = i < text.length;
  tokens.push({ kind: 'end', at: text.length, text: '' });
  pass = 0;

  // --- Structure: a stack of open objects and lists, each waiting for what comes next ---
  type Wants = 'key' | 'colon' | 'value' | 'more';
  const stack: { kind: '{' | '['; at: number; wants: Wants; comma?: number }[] = [];
  let top: 'value' | 'done' = 'value';
  const isValueStart = (t: Token) => t.kind === 'string' || t.kind === 'value' || t.kind === 'word' || t.kind === '{' || t.kind === '[';
  const closerOf = { '{': '}', '[': ']' } as const;
  const nameOf = { '{': 'brace', '[': 'bracket' } as const;

  /** A value starts at t: a container opens, a word outside quotes is said; either way the value is taken. */
  const takeValue = (t: Token): void => {
    if (t.kind === 'word') report(t.stop ?? t.at, `${t.text} is neither a value nor text in quotes: write "${t.text}" for the text, or true, false or null`);
    if (t.kind === '{' || t.kind === '[') stack.push({ kind: t.kind, at: t.at, wants: t.kind === '{' ? 'key' : 'value' });
  };
  const afterValue = () => {
    const open = stack.at(-1);
    if (open) open.wants = 'more';
    else top = 'done';
  };

  for (const t of tokens) {
    const open = stack.at(-1);
    if (!open) {
      if (t.kind === 'end') break;
      if (top === 'done') {
        report(t.at, 'the JSON document ended before this: remove what follows it, or wrap both in a list [ … , … ]');
        break;
      }
      if (isValueStart(t)) {
        takeValue(t);
        if (!stack.length) top = 'done';
      } else report(t.at, `${t.text} cannot start a JSON document; it starts with { (a saved agent is one object)`);
      continue;
    }
    if (t.kind === 'end') break;
    // A closer: of this container, after a trailing comma, or of another one.
    if (t.kind === '}' || t.kind === ']') {
      if (closerOf[open.kind] !== t.kind) {
        report(t.at, `this ${t.kind} closes nothing open here: the ${nameOf[open.kind]} ${open.kind} that opens on line ${positionAt(text, open.at).line} is still open; write ${closerOf[open.kind]} first`);
        continue;
      }
      if (open.comma !== undefined && (open.wants === 'key' || open.wants === 'value')) {
        const comma = positionAt(text, open.comma);
        report(t.at, `a comma after the last item: JSON allows none before ${t.kind}; delete the comma on line ${comma.line}, column ${comma.column}`);
      } else if (open.wants === 'colon' || (open.wants === 'value' && open.kind === '{')) {
        report(t.at, 'a key without its value: write a colon and the value after the key, or remove the key');
      }
      stack.pop();
      afterValue();
      continue;
    }
    switch (open.wants) {
      case 'key':
        if (t.kind === 'string') open.wants = 'colon';
        else if (t.kind === 'word' || t.kind === 'value') {
          report(t.at, `a key is written in double quotes: write "${t.text}"`);
          open.wants = 'colon';
        } else if (t.kind === ',') report(t.at, 'two commas in a row, or a comma before the first item: delete this one');
        else report(t.at, `a key in double quotes comes here, not ${t.text}`);
        break;
      case 'colon':
        if (t.kind === ':') open.wants = 'value';
        else if (isValueStart(t)) {
          report(t.at, 'a colon is missing between the key and its value: write : after the key');
          takeValue(t);
          if (stack.at(-1) === open) open.wants = 'more';
        } else report(t.at, `a colon comes here, after the key, not ${t.text}`);
        break;
      case 'value':
        if (isValueStart(t)) {
          open.comma = undefined;
          takeValue(t);
          if (stack.at(-1) === open) open.wants = 'more';
        } else if (t.kind === ',') report(t.at, 'two commas in a row, or a comma before the first item: delete this one');
        else report(t.at, `a value comes here, not ${t.text}`);
        break;
      case 'more':
        if (t.kind === ',') {
          open.wants = open.kind === '{' ? 'key' : 'value';
          open.comma = t.at;
        } else if (isValueStart(t) || t.kind === ':') {
          if (t.kind === ':') {
            report(t.at, `${t.text} cannot stand here; between two items comes a comma`);
            break;
          }
          report(t.at, 'a comma is missing before this: write , between the two items');
          open.comma = undefined;
          if (open.kind === '{') open.wants = t.kind === 'string' ? 'colon' : 'key';
          else {
            takeValue(t);
            if (stack.at(-1) === open) open.wants = 'more';
          }
          if (open.kind === '{' && t.kind !== 'string') report(t.at, `a key in double quotes comes here, not ${t.text}`);
        }
        break;
    }
  }
  // What is still open at the end, said once at the end: the innermost first, each with where it opened.
  // (Not when a quote left open already ends the text: what it swallowed is why the rest is open.)
  const endsInQuote = problems.some((p) => p.line === positionAt(text, text.length).line && p.column === positionAt(text, text.length).column);
  if (stack.length > 0 && !endsInQuote && !cut) {
    const opens = [...stack].reverse().map((open) => {
      const where = positionAt(text, open.at);
      return `the ${nameOf[open.kind]} ${open.kind} that opens on line ${where.line}, column ${where.column}`;
    });
    const closers = [...stack].reverse().map((open) => closerOf[open.kind]).join(' and ');
    report(text.length, `the text ends while ${opens.join(' and ')} ${stack.length === 1 ? 'is' : 'are'} never closed; end ${stack.length === 1 ? 'it' : 'them'} with ${closers} where what ${stack.length === 1 ? 'it holds ends' : 'they hold end'}`);
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column).slice(0, MOST_PROBLEMS);
}
