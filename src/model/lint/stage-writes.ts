import { literalValue, tokenize, type SourceToken } from '../ops/source-text';

/** `this.stage =` in code (not `==`, not `=>`, not `x.this.stage`). */
const ASSIGNS_STAGE = /(?:^|[^\w$.])this\s*\.\s*stage\s*=(?![=>])/g;

/**
 * Reads one `this.stage = …` statement from just after its `=`: collects every string literal the
 * value can be, and stops where the statement ends (`;` or `,` outside brackets, a bracket it did
 * not open, or a line break between two operands, where JavaScript inserts the semicolon).
 */
class StatementScan {
  names: string[] = [];
  done = false;
  private depth = 0;
  private operandEnded = false;
  private lineBreak = false;

  code(text: string): void {
    for (const c of text) {
      if (this.done) return;
      if (/\s/.test(c)) {
        if (c === '\n' && this.depth === 0) this.lineBreak = true;
        continue;
      }
      if (this.lineBreak && this.operandEnded && /[\w$]/.test(c)) return this.stop();
      this.lineBreak = false;
      if ('([{'.includes(c)) {
        this.depth++;
        this.operandEnded = false;
      } else if (')]}'.includes(c)) {
        if (this.depth === 0) return this.stop();
        this.depth--;
        this.operandEnded = true;
      } else if (this.depth === 0 && (c === ';' || c === ',')) {
        return this.stop();
      } else {
        this.operandEnded = /[\w$]/.test(c);
      }
    }
  }

  literal(token: SourceToken): void {
    if (this.done) return;
    if (this.lineBreak && this.operandEnded) return this.stop();
    this.lineBreak = false;
    const value = literalValue(token);
    if (value !== undefined) this.names.push(value);
    this.operandEnded = true;
  }

  private stop(): void {
    this.done = true;
  }
}

/**
 * Every stage name a tool body may move the call to: each `this.stage = …` statement, and in it
 * every string literal the value can be — `this.stage = "book"`, and also
 * `this.stage = this.slots.length > 0 ? "book" : "choose"` (both names), which the Pinecall docs'
 * own freeSlots writes. Read with the model's lexer (ops/source-text.ts), so a `this.stage = "x"`
 * inside a string or a comment is no write.
 */
export function stagesWrittenIn(source: string): string[] {
  if (!source.includes('stage')) return [];
  const tokens = tokenize(source);
  const names: string[] = [];
  tokens.forEach((token, k) => {
    if (token.kind !== 'code') return;
    for (const match of token.text.matchAll(ASSIGNS_STAGE)) {
      const scan = new StatementScan();
      scan.code(token.text.slice(match.index + match[0].length));
      for (let j = k + 1; j < tokens.length && !scan.done; j++) {
        const next = tokens[j];
        if (next.kind === 'code') scan.code(next.text);
        else if (next.kind === 'string' || next.kind === 'template' || next.kind === 'regex') scan.literal(next);
      }
      names.push(...scan.names);
    }
  });
  return names;
}
