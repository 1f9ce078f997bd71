// The Ruby expressions a Pinecall view's tags may hold, read into a tree (erb-eval.js walks it):
// names, symbols, strings with `#{…}`, numbers, nil/true/false, `x[…]`, `x.m`, `x.m(…)`, `f(…)`,
// `!`, unary minus, `*`, `+`, `-`, comparisons, `==`/`!=`, `&&`, `||`, `a ? b : c`, `not`, `and`,
// `or`, with Ruby's precedence. Anything else is refused (Unsupported, naming it): the view is then
// not rendered rather than read another way. Guest code: runs in QuickJS, and only data crosses.
import { SyntaxProblem, Unsupported } from './erb-values.js';

const KEYWORDS = new Set(['nil', 'true', 'false', 'and', 'or', 'not', 'if', 'elsif', 'else', 'end', 'unless', 'case', 'when', 'then', 'do', 'while', 'until', 'for', 'in', 'begin', 'rescue', 'ensure', 'def', 'class', 'module', 'return', 'yield', 'self', 'super', 'defined?', 'break', 'next', 'redo', 'retry', 'alias', 'undef', 'lambda', '__FILE__', '__LINE__']);
const ALLOWED_KEYWORDS = new Set(['nil', 'true', 'false', 'and', 'or', 'not', 'then', 'do']);
const PUNCT = ['&&', '||', '==', '!=', '<=', '>=', '(', ')', '[', ']', ',', '.', '?', ':', '!', '<', '>', '+', '-', '*', '|'];
const REFUSED = ['**', '<=>', '===', '=~', '!~', '&.', '::', '..', '+=', '-=', '*=', '||=', '&&=', '<<', '>>', '->', '=>', '/', '%', '=', '{', '}', '&', '^', '~', ';', '@', '$', '`'];

const SIMPLE_ESCAPES = { n: '\n', t: '\t', r: '\r', s: ' ', e: '\u001b', a: '\u0007', b: '\b', f: '\f', v: '\v', 0: '\0' };

/** Where the `#{` at `start` (pointing past the brace) closes, strings inside included. */
function interpolationEnd(src, start) {
  let depth = 1;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const close = stringEnd(src, i);
      i = close - 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new SyntaxProblem('a #{ never closed');
}

function stringEnd(src, start) {
  const quote = src[start];
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (quote === '"' && src[i] === '#' && src[i + 1] === '{') i = interpolationEnd(src, i + 2);
    else if (src[i] === quote) return i + 1;
  }
  throw new SyntaxProblem('a string never closed');
}

/** A double-quoted string's pieces: text, and `#{…}` as the source inside. */
function readDouble(src, start) {
  const parts = [];
  let text = '';
  let i = start + 1;
  for (; i < src.length && src[i] !== '"'; i++) {
    const c = src[i];
    if (c === '\\') {
      const n = src[++i];
      if (n === undefined) break;
      if (n === 'u') {
        const braced = /^\{([0-9A-Fa-f ]+)\}/.exec(src.slice(i + 1));
        const plain = /^[0-9A-Fa-f]{4}/.exec(src.slice(i + 1));
        if (braced) {
          text += braced[1].trim().split(/\s+/).map((h) => String.fromCodePoint(parseInt(h, 16))).join('');
          i += braced[0].length;
        } else if (plain) {
          text += String.fromCharCode(parseInt(plain[0], 16));
          i += 4;
        } else throw new SyntaxProblem('invalid Unicode escape');
      } else if (/[0-7xcCM]/.test(n) && n !== '0') throw new Unsupported(`the escape \\${n} in a string`);
      else if (n === '\n') continue;
      else text += Object.hasOwn(SIMPLE_ESCAPES, n) ? SIMPLE_ESCAPES[n] : n;
    } else if (c === '#' && src[i + 1] === '{') {
      const close = interpolationEnd(src, i + 2);
      if (text) parts.push(text);
      text = '';
      parts.push({ code: src.slice(i + 2, close) });
      i = close;
    } else if (c === '#' && (src[i + 1] === '@' || src[i + 1] === '$')) throw new Unsupported(`#${src[i + 1]} in a string (an instance or global variable)`);
    else text += c;
  }
  if (src[i] !== '"') throw new SyntaxProblem('a string never closed');
  if (text || !parts.length) parts.push(text);
  return { parts, end: i + 1 };
}

function readSingle(src, start) {
  let text = '';
  let i = start + 1;
  for (; i < src.length && src[i] !== "'"; i++) {
    if (src[i] === '\\' && (src[i + 1] === "'" || src[i + 1] === '\\')) text += src[++i];
    else text += src[i];
  }
  if (src[i] !== "'") throw new SyntaxProblem('a string never closed');
  return { text, end: i + 1 };
}

/** Tokens: {t: 'name'|'num'|'str'|'dstr'|'sym'|'kw'|'op', v, space} (space: white space before it). */
export function lex(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const start = i;
    while (i < src.length && /[ \t\r\n]/.test(src[i])) {
      if (src[i] === '\n') throw new Unsupported('more than one line of Ruby in one tag');
      i++;
    }
    if (i >= src.length) break;
    const space = i > start || i === 0;
    const rest = src.slice(i);
    const c = src[i];
    let m;
    if (c === '#') throw new Unsupported('a Ruby comment inside a tag');
    if (c === '"') {
      const read = readDouble(src, i);
      out.push({ t: 'dstr', v: read.parts, space });
      i = read.end;
    } else if (c === "'") {
      const read = readSingle(src, i);
      out.push({ t: 'str', v: read.text, space });
      i = read.end;
    } else if ((m = /^:([A-Za-z_][A-Za-z0-9_]*[?!]?)/.exec(rest)) && !(out.length && !space && out[out.length - 1].t !== 'op')) {
      out.push({ t: 'sym', v: m[1], space });
      i += m[0].length;
    } else if (c === ':' && src[i + 1] === '"') {
      const read = readDouble(src, i + 1);
      if (read.parts.length !== 1 || typeof read.parts[0] !== 'string') throw new Unsupported('a symbol with #{…} in it');
      out.push({ t: 'sym', v: read.parts[0], space });
      i = read.end;
    } else if ((m = /^(\d[\d_]*)(\.\d[\d_]*)?([eE][+-]?\d+)?/.exec(rest))) {
      if (/^0[xbo\d]/i.test(rest) && m[0].length > 1 && !m[2] && !m[3]) throw new Unsupported(`the number ${m[0]} (a base other than ten)`);
      if (/_$|__/.test(m[1])) throw new SyntaxProblem(`the number ${m[0]}`);
      out.push({ t: 'num', v: Number(m[0].replace(/_/g, '')), float: Boolean(m[2] || m[3]), space });
      i += m[0].length;
    } else if ((m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) {
      let word = m[0];
      const next = src[i + word.length];
      if ((next === '?' || next === '!') && src[i + word.length + 1] !== '=') word += next;
      if (word === 'defined?' || (KEYWORDS.has(word) && !ALLOWED_KEYWORDS.has(word))) out.push({ t: 'kw', v: word, space });
      else if (ALLOWED_KEYWORDS.has(word)) out.push({ t: 'kw', v: word, space });
      else if (/^[A-Z]/.test(word)) throw new Unsupported(`the constant ${word}`);
      else out.push({ t: 'name', v: word, space });
      i += word.length;
    } else {
      const refused = REFUSED.find((r) => rest.startsWith(r) && !PUNCT.some((p) => p.length > r.length && rest.startsWith(p)));
      const punct = PUNCT.find((p) => rest.startsWith(p));
      if (refused && (!punct || refused.length >= punct.length)) throw new Unsupported(`the operator ${refused}`);
      if (!punct) throw new Unsupported(`the character ${JSON.stringify(c)}`);
      out.push({ t: 'op', v: punct, space });
      i += punct.length;
    }
  }
  return out;
}

/** A parser over one tag's tokens. */
export class Parser {
  constructor(tokens) {
    this.tokens = tokens;
    this.i = 0;
  }

  peek(offset = 0) {
    return this.tokens[this.i + offset];
  }

  is(t, v, offset = 0) {
    const token = this.peek(offset);
    return Boolean(token) && token.t === t && (v === undefined || token.v === v);
  }

  take(t, v) {
    if (!this.is(t, v)) {
      const got = this.peek();
      throw new SyntaxProblem(got ? `unexpected ${got.t === 'dstr' ? 'string' : String(got.v)}${v ? `, expecting ${v}` : ''}` : `unexpected end of the tag${v ? `, expecting ${v}` : ''}`);
    }
    return this.tokens[this.i++];
  }

  done() {
    return this.i >= this.tokens.length;
  }

  /** A whole expression: `not`, `and`, `or` included. */
  expression() {
    let left = this.notExpr();
    while (this.is('kw', 'and') || this.is('kw', 'or')) {
      const op = this.tokens[this.i++].v;
      left = { k: op === 'and' ? 'and' : 'or', a: left, b: this.notExpr() };
    }
    return left;
  }

  notExpr() {
    if (this.is('kw', 'not')) {
      this.i++;
      return { k: 'not', a: this.notExpr() };
    }
    return this.ternary();
  }

  ternary() {
    const cond = this.orExpr();
    if (!this.is('op', '?')) return cond;
    this.i++;
    const yes = this.ternary();
    this.take('op', ':');
    return { k: 'if', cond, yes, no: this.ternary() };
  }

  orExpr() {
    let left = this.andExpr();
    while (this.is('op', '||')) {
      this.i++;
      left = { k: 'or', a: left, b: this.andExpr() };
    }
    return left;
  }

  andExpr() {
    let left = this.notOperand();
    while (this.is('op', '&&')) {
      this.i++;
      left = { k: 'and', a: left, b: this.notOperand() };
    }
    return left;
  }

  // `not` written after `&&` or `||` is Ruby's (`a && not b` is a syntax error there): refused as such.
  notOperand() {
    if (this.is('kw', 'not')) throw new SyntaxProblem('`not` after && or ||: write !');
    return this.equality();
  }

  equality() {
    const left = this.comparison();
    if (!this.is('op', '==') && !this.is('op', '!=')) return left;
    const op = this.tokens[this.i++].v;
    const node = { k: 'bin', op, a: left, b: this.comparison() };
    if (this.is('op', '==') || this.is('op', '!=')) throw new SyntaxProblem(`unexpected ${this.peek().v} (== and != do not chain in Ruby)`);
    return node;
  }

  comparison() {
    let left = this.additive();
    while (['<', '>', '<=', '>='].some((op) => this.is('op', op))) {
      const op = this.tokens[this.i++].v;
      left = { k: 'bin', op, a: left, b: this.additive() };
    }
    return left;
  }

  additive() {
    let left = this.multiplicative();
    while (this.is('op', '+') || this.is('op', '-')) {
      const token = this.peek();
      const next = this.peek(1);
      // `a -1` with no space after the sign is a call with an argument to Ruby: refused.
      if (token.space && next && !next.space) throw new Unsupported(`${token.v} written against its right side only (Ruby reads that as an argument)`);
      this.i++;
      left = { k: 'bin', op: token.v, a: left, b: this.multiplicative() };
    }
    return left;
  }

  multiplicative() {
    let left = this.unaryMinus();
    while (this.is('op', '*')) {
      const token = this.peek();
      const next = this.peek(1);
      if (token.space && next && !next.space) throw new Unsupported('* written against its right side only (Ruby reads that as a splat)');
      this.i++;
      left = { k: 'bin', op: '*', a: left, b: this.unaryMinus() };
    }
    return left;
  }

  unaryMinus() {
    if (this.is('op', '-')) {
      this.i++;
      if (this.is('num') && !this.peek().space) {
        const token = this.tokens[this.i++];
        return this.postfix({ k: 'num', v: -token.v, float: token.float });
      }
      return { k: 'neg', a: this.unaryMinus() };
    }
    if (this.is('op', '+')) throw new Unsupported('unary +');
    return this.bang();
  }

  bang() {
    if (this.is('op', '!')) {
      this.i++;
      return { k: '!', a: this.bang() };
    }
    return this.postfix(this.primary());
  }

  args(close) {
    const args = [];
    if (this.is('op', close)) {
      this.i++;
      return args;
    }
    for (;;) {
      if (this.is('op', '*') || this.is('op', '&')) throw new Unsupported('a splat or a block argument');
      if (this.is('name') && this.is('op', ':', 1) && !this.peek(1).space) throw new Unsupported('a keyword argument');
      args.push(this.expression());
      if (this.is('op', ',')) {
        this.i++;
        continue;
      }
      this.take('op', close);
      return args;
    }
  }

  postfix(node) {
    for (;;) {
      if (this.is('op', '.')) {
        this.i++;
        const name = this.take('name').v;
        if (this.is('op', '(') && !this.peek().space) {
          this.i++;
          node = { k: 'call', recv: node, name, args: this.args(')') };
        } else {
          this.noBareArgument(name);
          node = { k: 'call', recv: node, name, args: null };
        }
      } else if (this.is('op', '[') && !this.peek().space) {
        this.i++;
        const args = this.args(']');
        if (args.length !== 1) throw new Unsupported('an index with more than one argument');
        node = { k: 'index', recv: node, key: args[0] };
      } else return node;
    }
  }

  /** `x.first 4`, `f x`: a call with arguments and no parentheses, which this reading refuses. */
  noBareArgument(name) {
    const next = this.peek();
    if (!next || !next.space) return;
    if (['name', 'num', 'str', 'dstr', 'sym'].includes(next.t) || (next.t === 'kw' && ['nil', 'true', 'false'].includes(next.v))) {
      throw new Unsupported(`a call of ${name} with arguments and no parentheses`);
    }
    if (next.t === 'op' && (next.v === '[' || next.v === '(')) throw new Unsupported(`a call of ${name} with arguments and no parentheses`);
  }

  primary() {
    const token = this.peek();
    if (!token) throw new SyntaxProblem('an expression is missing');
    this.i++;
    switch (token.t) {
      case 'num': return { k: 'num', v: token.v, float: token.float };
      case 'str': return { k: 'str', v: token.v };
      case 'dstr': return { k: 'dstr', parts: token.v.map((p) => (typeof p === 'string' ? p : parseExpression(p.code))) };
      case 'sym': return { k: 'sym', v: token.v };
      case 'kw':
        if (token.v === 'nil') return { k: 'lit', v: null };
        if (token.v === 'true' || token.v === 'false') return { k: 'lit', v: token.v === 'true' };
        if (ALLOWED_KEYWORDS.has(token.v)) throw new SyntaxProblem(`unexpected ${token.v}`);
        throw new Unsupported(`the keyword ${token.v}`);
      case 'name':
        if (this.is('op', '(') && !this.peek().space) {
          this.i++;
          return { k: 'fcall', name: token.v, args: this.args(')') };
        }
        this.noBareArgument(token.v);
        return { k: 'name', v: token.v };
      case 'op':
        if (token.v === '(') {
          const inner = this.expression();
          this.take('op', ')');
          return inner;
        }
        if (token.v === '[') return { k: 'array', items: this.args(']') };
        throw new SyntaxProblem(`unexpected ${token.v}`);
      default: throw new SyntaxProblem(`unexpected ${token.v}`);
    }
  }
}

/** One expression, all of `src`. */
export function parseExpression(src) {
  const parser = new Parser(lex(src));
  if (parser.done()) throw new SyntaxProblem('an empty expression');
  const node = parser.expression();
  if (!parser.done()) {
    const left = parser.peek();
    if (left.t === 'op' && left.v === '|') throw new Unsupported('the operator |');
    throw new SyntaxProblem(`unexpected ${left.t === 'dstr' ? 'string' : String(left.v)} after the expression`);
  }
  return node;
}
