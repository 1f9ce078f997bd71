// Whether a `when` source or an expression condition is one of the plain expressions agents use
// (`searches >= 3`, `(s) => s.slots.length > 0`, `s.verified && s.caller_name !== ''`), so that
// lint can say it parses without loading acorn (~35 kB gzip; ./js-syntax.ts). It answers true only
// when the text certainly parses as JavaScript the way lint asks (`return (source\n);` in a
// script); anything it does not know, it leaves to acorn by answering false: other operators,
// line breaks, comments, escapes, templates, regular expressions, objects, `new`, assignment, words
// that are reserved anywhere. A property test (simple-expression.test.ts) holds it to acorn.

type Token = { kind: 'name' | 'number' | 'string' | 'op'; text: string };

const OPERATORS = ['===', '!==', '=>', '==', '!=', '<=', '>=', '&&', '||', '?.', '(', ')', '[', ']', ',', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.'];
/** Punctuators lint leaves to acorn; listed so that `a ++ b` is never read as `a + +b`, nor `<!--` as `<` `!` `--`. */
const OTHERS = /^(?:>>>=|\.\.\.|\*\*=|<<=|>>=|>>>|&&=|\|\|=|\?\?=|\?\?|\+\+|--|[-+*/%&|^]=|<<|>>|\*\*|[{};&|^~=@#\\`])/;
/** Reserved in some context (strict mode, modules, async, generators) or with a meaning of their own, plus eval and arguments. */
const RESERVED = new Set((
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
  'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
  'package private protected public await async of get set eval arguments'
).split(' '));
const LITERAL_WORDS = new Set(['this', 'true', 'false', 'null']);
const MAX_LENGTH = 400;
const MAX_DEPTH = 40;

function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest[0] === ' ' || rest[0] === '\t') {
      i += 1;
      continue;
    }
    const name = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(rest);
    const number = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(rest);
    const string = /^(?:'[^'\\\n\r\u2028\u2029]*'|"[^"\\\n\r\u2028\u2029]*")/.exec(rest);
    const found = name ? { kind: 'name' as const, text: name[0] } : number ? { kind: 'number' as const, text: number[0] } : string ? { kind: 'string' as const, text: string[0] } : undefined;
    if (found) {
      const next = source[i + found.text.length];
      // `3in`, `1.toFixed`, `08`: a number runs on into what follows it; leave those to acorn.
      if (found.kind === 'number' && next !== undefined && /[A-Za-z0-9_$.\\]/.test(next)) return undefined;
      tokens.push(found);
      i += found.text.length;
      continue;
    }
    // A comment, or anything this list does not hold (non-ASCII, other white space, line breaks).
    if (rest.startsWith('//') || rest.startsWith('/*')) return undefined;
    const op = OPERATORS.find((o) => rest.startsWith(o));
    // The longer punctuator is the one JavaScript reads: `==` not `=`, but `++` not `+`.
    if (!op || (OTHERS.exec(rest)?.[0].length ?? 0) > op.length) return undefined;
    tokens.push({ kind: 'op', text: op });
    i += op.length;
  }
  return tokens;
}

const BINARY: string[][] = [['||'], ['&&'], ['===', '!==', '==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];

class Reader {
  private at = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  done = () => this.at === this.tokens.length;
  private peek = (offset = 0): Token | undefined => this.tokens[this.at + offset];
  private isOp = (text: string, offset = 0) => this.peek(offset)?.kind === 'op' && this.peek(offset)?.text === text;
  private take(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.at += 1;
    return true;
  }
  private nameAt = (offset = 0) => {
    const token = this.peek(offset);
    return token?.kind === 'name' && !RESERVED.has(token.text) ? token.text : undefined;
  };

  /** Expression: assignment expressions joined by commas. */
  expression(): boolean {
    if (!this.assignment()) return false;
    while (this.take(',')) if (!this.assignment()) return false;
    return true;
  }

  /** An arrow function with a concise body, or a conditional expression. */
  private assignment(): boolean {
    if (++this.depth > MAX_DEPTH) return false;
    const ok = this.arrowParams() ? this.assignment() : this.conditional();
    this.depth -= 1;
    return ok;
  }

  /** `x =>` or `(a, b) =>`, consumed when it is there; parameter names must be distinct. */
  private arrowParams(): boolean {
    if (this.nameAt() !== undefined && this.isOp('=>', 1)) {
      this.at += 2;
      return true;
    }
    if (!this.isOp('(')) return false;
    const names: string[] = [];
    let offset = 1;
    if (!this.isOp(')', offset)) {
      for (;;) {
        const name = this.nameAt(offset);
        if (name === undefined || names.includes(name)) return false;
        names.push(name);
        offset += 1;
        if (this.isOp(')', offset)) break;
        if (!this.isOp(',', offset)) return false;
        offset += 1;
      }
    }
    if (!this.isOp('=>', offset + 1)) return false;
    this.at += offset + 2;
    return true;
  }

  private conditional(): boolean {
    if (!this.binary(0)) return false;
    if (!this.take('?')) return true;
    return this.assignment() && this.take(':') && this.assignment();
  }

  private binary(level: number): boolean {
    if (level === BINARY.length) return this.unary();
    if (!this.binary(level + 1)) return false;
    while (BINARY[level]!.some((op) => this.isOp(op))) {
      this.at += 1;
      if (!this.binary(level + 1)) return false;
    }
    return true;
  }

  private unary(): boolean {
    const typeOf = this.peek()?.kind === 'name' && this.peek()?.text === 'typeof';
    if (typeOf) this.at += 1;
    if (typeOf || this.take('!') || this.take('-') || this.take('+')) {
      if (++this.depth > MAX_DEPTH) return false;
      const ok = this.unary();
      this.depth -= 1;
      return ok;
    }
    return this.postfix();
  }

  private postfix(): boolean {
    if (!this.primary()) return false;
    for (;;) {
      if (this.take('.') || this.take('?.')) {
        // Any word names a property, reserved or not (`a.default`).
        if (this.peek()?.kind !== 'name') return false;
        this.at += 1;
      } else if (this.take('[')) {
        if (!this.expression() || !this.take(']')) return false;
      } else if (this.take('(')) {
        if (!this.list(')')) return false;
      } else {
        return true;
      }
    }
  }

  /** Assignment expressions separated by commas up to `close` (no trailing comma, no holes). */
  private list(close: string): boolean {
    if (this.take(close)) return true;
    do if (!this.assignment()) return false;
    while (this.take(','));
    return this.take(close);
  }

  private primary(): boolean {
    const token = this.peek();
    if (!token) return false;
    if (token.kind === 'number' || token.kind === 'string' || (token.kind === 'name' && (LITERAL_WORDS.has(token.text) || !RESERVED.has(token.text)))) {
      this.at += 1;
      return true;
    }
    if (this.take('(')) return this.expression() && this.take(')');
    if (this.take('[')) return this.list(']');
    return false;
  }
}

/** True only when `source` certainly parses as lint parses it (./js-syntax.ts); false means "ask acorn". */
export function simpleExpressionParses(source: string): boolean {
  if (source.length > MAX_LENGTH) return false;
  const tokens = tokenize(source);
  if (!tokens || tokens.length === 0) return false;
  const reader = new Reader(tokens);
  return reader.expression() && reader.done();
}
