// A Pinecall class file in Python, parsed. The parser is @lezer/python (CodeMirror's: a small,
// well-kept LR parser in plain JavaScript that keeps every node's offsets and recovers from errors
// with marked error nodes), so the same code runs in the CLI, in a worker and in the page, with
// no Python. The file is untrusted input: its size, the nesting of its tree and the time spent
// parsing it are bounded, and each bound is named at the line and column where the file passes it.
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/python';
import { fileTooDeepMessage, formatBytes, formatCount, MAX_FILE_DEPTH } from '../../../../model/limits';
import { positionAt } from '../../../../model/text-position';

export interface PySourceProblem {
  line: number;
  column: number;
  message: string;
}

export const PY_LIMITS = {
  /** The file's text, in UTF-16 code units. */
  bytes: 2 * 1024 * 1024,
  /** Levels of the syntax tree (a reader's nesting plus the grammar's own steps). */
  depth: MAX_FILE_DEPTH * 4,
  /** Milliseconds to parse one file. */
  millis: 3_000,
};

/** A parsed file and what reads it: the text, node texts, and positions. */
export class PyFile {
  constructor(readonly text: string, readonly tree: Tree) {}

  get top(): SyntaxNode {
    return this.tree.topNode;
  }

  of(node: SyntaxNode): string {
    return this.text.slice(node.from, node.to);
  }

  at(offset: number | SyntaxNode, message: string): PySourceProblem {
    const { line, column } = positionAt(this.text, typeof offset === 'number' ? offset : offset.from);
    return { line, column, message };
  }
}

/** The named children of a node (punctuation and keywords included: Lezer names them by their text). */
export function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
}

export type PyParse = { ok: true; file: PyFile } | { ok: false; errors: PySourceProblem[] };

/** At most this many syntax errors are listed: after them, the parser's recovery says little more. */
const MAX_LISTED_ERRORS = 5;

/** Parse within PY_LIMITS; syntax errors (Lezer's error nodes) come back each with its line and column. */
export function parsePython(text: string, limits = PY_LIMITS, now: () => number = () => performance.now()): PyParse {
  if (text.length > limits.bytes) {
    return { ok: false, errors: [{ line: 1, column: 1, message: `the file is ${formatBytes(text.length)}; Callboard reads a Python class of at most ${formatBytes(limits.bytes)}: move data out of the class file` }] };
  }
  const started = now();
  const parse = parser.startParse(text);
  let tree: Tree | null;
  while (!(tree = parse.advance())) {
    if (now() - started > limits.millis) {
      const stopped = parse.parsedPos;
      const { line, column } = positionAt(text, stopped);
      return { ok: false, errors: [{ line, column, message: `reading this file took more than ${formatCount(limits.millis)} ms and stopped here; split the class's data into other files` }] };
    }
  }
  const file = new PyFile(text, tree);
  const errors: PySourceProblem[] = [];
  let depth = 0;
  let deepest: { depth: number; from: number } | undefined;
  tree.iterate({
    enter(node) {
      depth++;
      if (depth > limits.depth && !deepest) deepest = { depth, from: node.from };
      if (node.type.isError && errors.length < MAX_LISTED_ERRORS) errors.push(syntaxError(file, node.from));
    },
    leave() {
      depth--;
    },
  });
  if (deepest) return { ok: false, errors: [file.at(deepest.from, fileTooDeepMessage('the file', MAX_FILE_DEPTH + 1))] };
  return errors.length ? { ok: false, errors } : { ok: true, file };
}

/** What a person reads at a syntax error: the line as written and what to look for. */
function syntaxError(file: PyFile, offset: number): PySourceProblem {
  const lineStart = file.text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = file.text.indexOf('\n', offset);
  const line = file.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim();
  const atEnd = offset >= file.text.trimEnd().length;
  const what = atEnd
    ? 'the file ends before the statement does: close the bracket, string or block it opened'
    : `Python cannot read this line${line ? ` ("${line.length > 60 ? `${line.slice(0, 57)}…` : line}")` : ''}: check its brackets, quotes, colon and indentation`;
  return file.at(offset, what);
}

// --- literals ---------------------------------------------------------------------------------

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '' };

/** A Python string literal's value (prefixes r, u, b; single, double, triple quotes); undefined for an f-string. */
export function pyStringValue(literal: string): string | undefined {
  const m = /^([rRuUbB]{0,2})('''|"""|'|")/.exec(literal);
  if (!m || /[fF]/.test(m[1])) return undefined;
  const quote = m[2];
  const body = literal.slice(m[0].length, literal.length - quote.length);
  if (/[rR]/.test(m[1])) return body;
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|[\s\S])/g, (all, esc: string) => {
    if (/^[xuU]/.test(esc) && esc.length > 1) return String.fromCodePoint(parseInt(esc.slice(1), 16));
    if (/^[0-7]+$/.test(esc) && esc !== '0') return String.fromCharCode(parseInt(esc, 8));
    return SIMPLE_ESCAPES[esc] ?? all;
  });
}

/** A string node's value: one literal, or adjacent literals joined (`"a" "b"`); undefined when one is an f-string. */
export function stringOf(file: PyFile, node: SyntaxNode): string | undefined {
  if (node.name === 'String') return pyStringValue(file.of(node));
  if (node.name === 'ContinuedString') {
    const parts = children(node).map((c) => (c.name === 'String' ? pyStringValue(file.of(c)) : undefined));
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return undefined;
}

export type LiteralRead = { ok: true; value: unknown } | { ok: false };

const NOT_LITERAL: LiteralRead = { ok: false };

/** A literal as JSON: strings, numbers, True/False/None, lists, tuples and dicts of them (`-1` too); anything else is code. */
export function literalOf(file: PyFile, node: SyntaxNode, depth = 0): LiteralRead {
  if (depth > MAX_FILE_DEPTH) return NOT_LITERAL;
  switch (node.name) {
    case 'String':
    case 'ContinuedString': {
      const value = stringOf(file, node);
      return value === undefined ? NOT_LITERAL : { ok: true, value };
    }
    case 'Number': {
      const text = file.of(node).replace(/_/g, '');
      if (!/^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) return NOT_LITERAL;
      const value = Number(text);
      return Number.isFinite(value) ? { ok: true, value } : NOT_LITERAL;
    }
    case 'Boolean':
      return { ok: true, value: file.of(node) === 'True' };
    case 'None':
      return { ok: true, value: null };
    case 'UnaryExpression': {
      const [op, operand] = children(node);
      if (op?.name !== 'ArithOp' || file.of(op) !== '-' || operand?.name !== 'Number') return NOT_LITERAL;
      const read = literalOf(file, operand, depth + 1);
      return read.ok ? { ok: true, value: -(read.value as number) } : NOT_LITERAL;
    }
    case 'ArrayExpression':
    case 'TupleExpression': {
      const items = children(node).filter((c) => !['[', ']', '(', ')', ','].includes(c.name));
      const values: unknown[] = [];
      for (const item of items) {
        const read = literalOf(file, item, depth + 1);
        if (!read.ok) return NOT_LITERAL;
        values.push(read.value);
      }
      return { ok: true, value: values };
    }
    case 'DictionaryExpression': {
      const parts = children(node).filter((c) => !['{', '}', ',', ':'].includes(c.name));
      if (parts.length % 2) return NOT_LITERAL;
      const out: Record<string, unknown> = {};
      for (let i = 0; i < parts.length; i += 2) {
        const key = literalOf(file, parts[i], depth + 1);
        const value = literalOf(file, parts[i + 1], depth + 1);
        if (!key.ok || typeof key.value !== 'string' || !value.ok) return NOT_LITERAL;
        Object.defineProperty(out, key.value, { value: value.value, enumerable: true, writable: true, configurable: true });
      }
      return { ok: true, value: out };
    }
    case 'ParenthesizedExpression': {
      const inner = children(node).find((c) => c.name !== '(' && c.name !== ')');
      return inner ? literalOf(file, inner, depth + 1) : NOT_LITERAL;
    }
    default:
      return NOT_LITERAL;
  }
}

/** A call's arguments: positional ones in order, keyword ones by name. */
export function callArguments(file: PyFile, node: SyntaxNode): { positional: SyntaxNode[]; named: Map<string, { name: SyntaxNode; value: SyntaxNode }> } | undefined {
  const args = node.getChild('ArgList');
  if (!args) return undefined;
  const parts = children(args).filter((c) => c.name !== '(' && c.name !== ')');
  const positional: SyntaxNode[] = [];
  const named = new Map<string, { name: SyntaxNode; value: SyntaxNode }>();
  let i = 0;
  while (i < parts.length) {
    const part = parts[i];
    if (part.name === ',') {
      i++;
      continue;
    }
    if (part.name === 'VariableName' && parts[i + 1]?.name === 'AssignOp' && parts[i + 2]) {
      named.set(file.of(part), { name: part, value: parts[i + 2] });
      i += 3;
      continue;
    }
    positional.push(part);
    i++;
  }
  return { positional, named };
}
