/**
 * A small JavaScript/TypeScript tokenizer for the exporter and the projection, which must not pull
 * the TypeScript compiler into the main bundle (only the importer, in a worker, loads it). It knows
 * just enough to re-indent a tool body without changing the value of a multi-line template
 * literal, and to rewrite the identifiers of a state expression. The importer uses it too, so the
 * indentation rules are one implementation on both sides of the round trip.
 */
import { isBindable } from '../../../model/names';

export type TokenKind = 'ident' | 'punct' | 'string' | 'template' | 'number' | 'regex' | 'comment';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  text: string;
}

/** After these words a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);
const PUNCTUATORS = ['>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>'];
const IDENT_START = /[\p{L}\p{Nl}$_]/u;
const IDENT_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_\u200c\u200d]/u;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // One entry per open `{` or `${`: a `}` closing a `${` resumes the template around it.
  const braces: ('brace' | 'template')[] = [];
  let i = 0;
  const push = (kind: TokenKind, start: number) => tokens.push({ kind, start, end: i, text: source.slice(start, i) });
  const lastSignificant = () => {
    for (let k = tokens.length - 1; k >= 0; k--) if (tokens[k].kind !== 'comment') return tokens[k];
    return undefined;
  };
  /** Scans template characters from i until `` ` `` (closes) or `${` (opens a substitution). */
  const templateRest = (start: number) => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') { i++; break; }
      else if (c === '$' && source[i + 1] === '{') { i += 2; braces.push('template'); break; }
      else i++;
    }
    push('template', start);
  };
  while (i < source.length) {
    const c = source[i];
    const start = i;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && !'\n\r\u2028\u2029'.includes(source[i])) i++;
      push('comment', start);
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 ? source.length : close + 2;
      push('comment', start);
    } else if (c === '"' || c === "'") {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i = Math.min(source.length, i + 1);
      push('string', start);
    } else if (c === '`') {
      i++;
      templateRest(start);
    } else if (c === '}' && braces[braces.length - 1] === 'template') {
      braces.pop();
      i++;
      templateRest(start);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      i++;
      while (i < source.length && /[0-9A-Za-z_.]/.test(source[i])) i++;
      push('number', start);
    } else if (IDENT_START.test(c) || c === '\\') {
      i++;
      while (i < source.length && IDENT_PART.test(source[i])) i++;
      push('ident', start);
    } else if (c === '/' && startsRegex(lastSignificant())) {
      i = regexEnd(source, i);
      push('regex', start);
    } else {
      const long = PUNCTUATORS.find((p) => source.startsWith(p, i));
      i += long ? long.length : 1;
      if (c === '{') braces.push('brace');
      else if (c === '}') braces.pop();
      push('punct', start);
    }
  }
  return tokens;
}

function startsRegex(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'ident') return REGEX_AFTER_WORD.has(previous.text);
  if (previous.kind === 'punct') return ![')', ']', '}', '++', '--'].includes(previous.text);
  return false;
}

function regexEnd(source: string, from: number): number {
  let i = from + 1;
  let inClass = false;
  while (i < source.length && source[i] !== '\n') {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) break;
    i++;
  }
  i++;
  while (i < source.length && /[A-Za-z]/.test(source[i])) i++;
  return Math.min(i, source.length);
}

/** For each line of `source`, whether it starts inside a string or template literal (its text is data). */
export function linesInsideLiterals(source: string): boolean[] {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const inside = lineStarts.map(() => false);
  for (const token of tokenize(source)) {
    if (token.kind !== 'string' && token.kind !== 'template') continue;
    lineStarts.forEach((at, line) => {
      if (at > token.start && at < token.end) inside[line] = true;
    });
  }
  return inside;
}

const isBlank = (line: string) => line.trim() === '';

/** Indents each code line by `prefix`; blank lines become empty, lines inside a literal stay as they are. */
export function indentCode(source: string, prefix: string): string {
  const inside = linesInsideLiterals(source);
  return source.split('\n').map((line, i) => (inside[i] ? line : isBlank(line) ? '' : prefix + line)).join('\n');
}

/** Removes the whitespace every code line starts with; blank code lines become empty; literal lines stay. */
export function dedentCode(source: string): string {
  const lines = source.split('\n');
  const inside = linesInsideLiterals(source);
  let common: string | undefined;
  lines.forEach((line, i) => {
    if (inside[i] || isBlank(line)) return;
    const lead = /^[ \t]*/.exec(line)![0];
    if (common === undefined) common = lead;
    else {
      let n = 0;
      while (n < common.length && n < lead.length && common[n] === lead[n]) n++;
      common = common.slice(0, n);
    }
  });
  const cut = common?.length ?? 0;
  return lines.map((line, i) => (inside[i] ? line : isBlank(line) ? '' : line.slice(cut))).join('\n');
}

/**
 * `searches >= 3` as a method reads it: `this.searches >= 3`. Only free identifiers that name a
 * state field are prefixed (not property names after `.`, not object keys before `:`).
 */
export function prefixStateNames(expression: string, names: ReadonlySet<string>): string {
  const tokens = tokenize(expression);
  let out = '';
  let at = 0;
  tokens.forEach((token, k) => {
    if (token.kind !== 'ident' || !names.has(token.text)) return;
    const before = tokens[k - 1];
    const after = tokens[k + 1];
    if (before && before.kind === 'punct' && (before.text === '.' || before.text === '?.')) return;
    if (after && after.kind === 'punct' && after.text === ':' && before?.kind === 'punct' && (before.text === '{' || before.text === ',')) return;
    out += expression.slice(at, token.start) + 'this.';
    at = token.start;
  });
  return out + expression.slice(at);
}

/**
 * `this.x` → `x` in code (not in strings): how the importer reads a guard's state expression back.
 * `this.class` stays: a reserved word cannot stand as a free name.
 */
export function withoutThisPrefix(expression: string): string {
  const tokens = tokenize(expression);
  let out = '';
  let at = 0;
  tokens.forEach((token, k) => {
    const next = tokens[k + 1];
    if (token.kind !== 'ident' || token.text !== 'this' || next?.kind !== 'punct' || (next.text !== '.' && next.text !== '?.')) return;
    const name = tokens[k + 2];
    if (name?.kind !== 'ident' || !isBindable(name.text)) return;
    out += expression.slice(at, token.start);
    at = name.start;
  });
  return out + expression.slice(at);
}

/** Operators that bind looser than `&&` (or are `&&` itself): an expression holding one at its top level needs parentheses inside a guard. */
const LOOSE = new Set(['&&', '||', '??', '?', ',', '=>', '=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=', '&&=', '||=', '??=']);

/** Whether `expression` must be parenthesised to stand as one term of an `a && b && c` guard. */
export function needsParentheses(expression: string): boolean {
  const tokens = tokenize(expression).filter((t) => t.kind !== 'comment');
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && '([{'.includes(token.text)) depth++;
    else if (token.kind === 'punct' && ')]}'.includes(token.text)) depth--;
    else if (depth === 0 && ((token.kind === 'punct' && LOOSE.has(token.text)) || (token.kind === 'ident' && token.text === 'yield'))) return true;
  }
  // A fully parenthesised expression gets one more pair: the importer strips exactly one.
  return firstParenSpansAll(tokens);
}

function firstParenSpansAll(tokens: Token[]): boolean {
  if (tokens[0]?.text !== '(') return false;
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === 'punct' && '([{'.includes(t.text)) depth++;
    else if (t.kind === 'punct' && ')]}'.includes(t.text)) {
      depth--;
      if (depth === 0) return k === tokens.length - 1;
    }
  }
  return false;
}
