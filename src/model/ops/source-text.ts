/**
 * A small lexer for the TypeScript snippets a document holds (tool bodies, `when` arrows,
 * expression conditions): enough to tell code from strings, comments and regex literals, so a
 * rename touches identifiers and never the word inside a sentence. Joining the tokens' text
 * gives the source back exactly.
 */
export interface SourceToken {
  /** `template` is one piece of a template literal: from its backtick or `}` to its `${` or backtick. */
  kind: 'code' | 'string' | 'template' | 'comment' | 'regex';
  text: string;
}

const KEYWORDS_BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

/** A `/` starts a regex literal when what precedes it cannot end an operand. */
function regexMayStart(src: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && /\s/.test(src[j])) j--;
  if (j < 0) return true;
  const ch = src[j];
  if (/[\w$]/.test(ch)) {
    let k = j;
    while (k >= 0 && /[\w$]/.test(src[k])) k--;
    return KEYWORDS_BEFORE_REGEX.has(src.slice(k + 1, j + 1));
  }
  return !/[)\]}"'`]/.test(ch);
}

/** End (exclusive) of a regex literal starting at `at`, or -1 when it is not one (no closing / on the line). */
function regexEnd(src: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\n') return -1;
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let end = i + 1;
      while (end < src.length && /[a-z]/i.test(src[end])) end++;
      return end;
    }
  }
  return -1;
}

function quotedEnd(src: string, at: number): number {
  const quote = src[at];
  for (let i = at + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === quote || src[i] === '\n') return i + 1;
  }
  return src.length;
}

/** Scans a template piece from `at` (just after ` or the } closing a substitution); says whether a substitution opened. */
function templatePieceEnd(src: string, at: number): { end: number; opensSubstitution: boolean } {
  for (let i = at; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '`') return { end: i + 1, opensSubstitution: false };
    else if (src[i] === '$' && src[i + 1] === '{') return { end: i + 2, opensSubstitution: true };
  }
  return { end: src.length, opensSubstitution: false };
}

export function tokenize(src: string): SourceToken[] {
  const tokens: SourceToken[] = [];
  // One entry per open `${`: how many plain braces are open inside that substitution.
  const substitutions: number[] = [];
  let codeStart = 0;
  let i = 0;
  const push = (kind: SourceToken['kind'], end: number) => {
    if (codeStart < i) tokens.push({ kind: 'code', text: src.slice(codeStart, i) });
    tokens.push({ kind, text: src.slice(i, end) });
    i = codeStart = end;
  };
  const template = (from: number) => {
    const piece = templatePieceEnd(src, from);
    if (piece.opensSubstitution) substitutions.push(0);
    push('template', piece.end);
  };
  while (i < src.length) {
    const ch = src[i];
    const next = src[i + 1];
    if (ch === '"' || ch === "'") push('string', quotedEnd(src, i));
    else if (ch === '`') template(i + 1);
    else if (ch === '/' && next === '/') push('comment', src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i));
    else if (ch === '/' && next === '*') push('comment', src.indexOf('*/', i + 2) < 0 ? src.length : src.indexOf('*/', i + 2) + 2);
    else if (ch === '/' && regexMayStart(src, i) && regexEnd(src, i) > 0) push('regex', regexEnd(src, i));
    else if (substitutions.length && ch === '}' && substitutions[substitutions.length - 1] === 0) {
      substitutions.pop();
      template(i + 1);
    } else {
      if (substitutions.length && ch === '{') substitutions[substitutions.length - 1]++;
      if (substitutions.length && ch === '}') substitutions[substitutions.length - 1]--;
      i++;
    }
  }
  if (codeStart < src.length) tokens.push({ kind: 'code', text: src.slice(codeStart) });
  return tokens;
}

/** The value of a string token or of a whole template without substitutions; undefined for anything else or escapes. */
export function literalValue(token: SourceToken): string | undefined {
  const { text } = token;
  const quote = text[0];
  const whole = (token.kind === 'string' || (token.kind === 'template' && quote === '`')) && text.length >= 2 && text.endsWith(quote);
  if (!whole) return undefined;
  const body = text.slice(1, -1);
  return body.includes('\\') || body.includes('${') ? undefined : body;
}

/** A literal in the token's own quotes holding `value`. */
export function requote(token: SourceToken, value: string): string {
  const quote = token.text[0];
  return quote + value.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`) + quote;
}
