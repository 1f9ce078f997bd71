// Writing a flow back, key for key. YAML written from a file read as YAML keeps the file's text and
// changes only the values that changed: a changed scalar is replaced where it stands (a block
// scalar stays a block at its indentation); a map or list that gained or lost entries is written
// anew at its place (comments inside that one collection are lost, the rest of the file is
// untouched). An unchanged flow comes back byte for byte. Every string that PyYAML (YAML 1.1) would
// read as something else (`yes`, `on`, `1_000`, `2024-01-02`, `~`) is written in quotes. Each
// output is read back with Pipecat's reading and compared with what was meant, so a write that
// would change the data fails here instead of in Pipecat.
import { Document, isCollection, isMap, isPair, isScalar, isSeq, Scalar, visit, type Node, type Pair } from 'yaml';
import { parseFlowText, pythonStr, resolvePlain, toData, type FlowSyntax, type PyValue } from './pytree';
import type { Document as YamlDocument } from 'yaml';

/** A flow as read: its text, its syntax, and the data Pipecat's loader would validate. */
export interface FlowSource {
  syntax: FlowSyntax;
  /** The text as read, byte for byte. */
  source: string;
  document?: YamlDocument;
  root?: PyValue;
  data: unknown;
}

export class FlowWriteError extends Error {
  constructor(message: string, readonly written: string) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData(a[k], b[k]));
  }
  return false;
}

/** A string PyYAML would read back as the same string when written without quotes. */
const plainIsSafe = (text: string) => resolvePlain(text).kind === 'str';

/** Quotes every string scalar PyYAML would read as a boolean, a number, null or a date. */
function quoteForPyYaml(doc: Document): void {
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && (node.type === Scalar.PLAIN || node.type === undefined) && !plainIsSafe(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
}

/** `value` as YAML text for PyYAML, as a whole document. */
export function dataToYaml(value: unknown): string {
  const doc = new Document(value, { version: '1.1' });
  quoteForPyYaml(doc);
  return doc.toString({ lineWidth: 100 });
}

/** A scalar written inline (after `key: ` or `- `): plain when PyYAML reads it back the same, else JSON-quoted. */
function inlineScalar(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : JSON.stringify(value);
  const doc = new Document(value, { version: '1.1' });
  quoteForPyYaml(doc);
  const text = doc.toString({ lineWidth: 0 }).replace(/\n$/, '');
  return text.includes('\n') || /^[|>]/.test(text) ? JSON.stringify(value) : text;
}

/** A block scalar (`|`) holding `value`, its lines at `indent`. */
function blockScalar(value: string, indent: string): string {
  const chomp = value.endsWith('\n\n') ? '+' : value.endsWith('\n') ? '' : '-';
  const body = value.replace(/\n$/, '').split('\n').map((line) => (line ? indent + line : '')).join('\n');
  // A first line starting with a space needs an indentation indicator.
  const indicator = /^\s/.test(value) ? String(indent.length) : '';
  return `|${indicator}${chomp}\n${body}\n`;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

const lineIndent = (source: string, offset: number): string => {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  return /^[ ]*/.exec(source.slice(lineStart))![0];
};

/** Replaces `node` (a value in the source) by `value`, keeping its style where it can. */
function replaceNode(source: string, node: Node, value: unknown, edits: Edit[], keyWithoutValue?: string): void {
  if (keyWithoutValue !== undefined) {
    // `key:` with nothing after it: the value goes after the key.
    edits.push({ start: node.range![0], end: node.range![1], text: `${inlineScalar(keyWithoutValue)}: ${JSON.stringify(value)}` });
    return;
  }
  const [start, end] = [node.range![0], node.range![1]];
  if (isScalar(node) && !isObject(value) && !Array.isArray(value)) {
    const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
    if (block && typeof value === 'string') {
      const contentStart = source.indexOf('\n', start) + 1;
      const indent = lineIndent(source, contentStart) || `${lineIndent(source, start)}  `;
      edits.push({ start, end, text: blockScalar(value, indent) });
    } else {
      // A block scalar's range ends after its newline; an inline one's does not.
      edits.push({ start, end, text: inlineScalar(value) + (block ? '\n' : '') });
    }
    return;
  }
  if (isBlock(source, node)) {
    const indent = ' '.repeat(start - (source.lastIndexOf('\n', start - 1) + 1));
    const text = dataToYaml(value).replace(/\n$/, '').split('\n').map((line, i) => (i === 0 || !line ? line : indent + line)).join('\n');
    edits.push({ start, end, text: `${text}\n` });
    return;
  }
  edits.push({ start, end, text: JSON.stringify(value) });
}

/** The pair of `map` Python keeps for the data key `key` (the last written). */
function pairFor(map: Node, key: string): Pair | undefined {
  if (!isMap(map)) return undefined;
  let found: Pair | undefined;
  for (const pair of map.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    const scalar = pair.key as Scalar;
    const written = scalar.type === Scalar.PLAIN || scalar.type === undefined ? resolvePlain(scalar.source ?? String(scalar.value)) : { kind: 'str' as const, value: String(scalar.value) };
    const name = written.kind === 'str' ? (written.value as string) : pythonStr({ ...written, text: scalar.source ?? '' });
    if (name === key) found = pair;
  }
  return found;
}

const isBlock = (source: string, node: Node): boolean => isCollection(node) && !(node as { flow?: boolean }).flow && source[node.range![1] - 1] === '\n';

/** Offset just after the line that `offset` is on (its newline included). */
const lineEnd = (source: string, offset: number): number => {
  if (offset > 0 && source[offset - 1] === '\n') return offset;
  const newline = source.indexOf('\n', offset);
  return newline < 0 ? source.length : newline + 1;
};
const lineStart = (source: string, offset: number): number => source.lastIndexOf('\n', offset - 1) + 1;

/** New entries written at the end of a block collection, at its indentation. */
function appendToBlock(source: string, node: Node, value: unknown, edits: Edit[]): void {
  const [start, end] = node.range!;
  const indent = ' '.repeat(start - lineStart(source, start));
  const text = dataToYaml(value).replace(/\n$/, '').split('\n').map((line) => (line ? indent + line : line)).join('\n');
  edits.push({ start: end, end, text: `${text}\n` });
}

/** Removes the lines of one entry of a block collection, from its line's start to its value's end. */
function removeLines(source: string, from: number, to: number, edits: Edit[]): void {
  const start = lineStart(source, from);
  edits.push({ start, end: lineEnd(source, to), text: '' });
}

function diffInto(source: string, node: Node | null | undefined, before: unknown, after: unknown, edits: Edit[]): void {
  if (sameData(before, after) || !node?.range) return;
  if (isMap(node) && isObject(before) && isObject(after) && isBlock(source, node) && !node.items.some((p) => isPair(p) && isScalar(p.key) && (p.key as Scalar).source === '<<')) {
    const kept = Object.keys(after).filter((k) => Object.prototype.hasOwnProperty.call(before, k));
    const keptBefore = Object.keys(before).filter((k) => Object.prototype.hasOwnProperty.call(after, k));
    const added = Object.keys(after).filter((k) => !Object.prototype.hasOwnProperty.call(before, k));
    const removed = Object.keys(before).filter((k) => !Object.prototype.hasOwnProperty.call(after, k));
    const appended = Object.keys(after).slice(kept.length).every((k) => added.includes(k));
    const pairs = [...kept, ...removed].map((k) => pairFor(node, k));
    // Keys kept in the same order, new ones after them: edit in place; otherwise write the map anew.
    if (kept.join('\u0000') === keptBefore.join('\u0000') && appended && pairs.every((p) => p?.key && (p.key as Node).range)) {
      for (const key of removed) {
        const pair = pairFor(node, key)!;
        removeLines(source, (pair.key as Node).range![0], (pair.value as Node | null)?.range?.[1] ?? (pair.key as Node).range![1], edits);
      }
      for (const key of kept) {
        const pair = pairFor(node, key)!;
        if (pair.value) diffInto(source, pair.value as Node, before[key], after[key], edits);
        else replaceNode(source, pair.key as Node, after[key], edits, key);
      }
      if (added.length > 0) appendToBlock(source, node, Object.fromEntries(added.map((k) => [k, after[k]])), edits);
      return;
    }
  }
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after) && (before.length === after.length || isBlock(source, node))) {
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) diffInto(source, node.items[i] as Node, before[i], after[i], edits);
    for (let i = common; i < before.length; i++) {
      const item = node.items[i] as Node;
      removeLines(source, source.lastIndexOf('-', item.range![0]), item.range![1], edits);
    }
    if (after.length > common) appendToBlock(source, node, after.slice(common), edits);
    return;
  }
  replaceNode(source, node, after, edits);
}

/**
 * The flow as YAML. From a YAML source: the source with only the changed values rewritten (the
 * source itself when nothing changed). Otherwise: the data written out.
 */
export function writeFlowYaml(flow: FlowSource, data: unknown = flow.data): string {
  if (flow.syntax === 'yaml' && sameData(flow.data, data)) return flow.source;
  let out: string;
  // The document is parsed again when it did not travel with the flow (a worker's structured clone drops it).
  const document = flow.syntax === 'yaml' ? flow.document ?? parseFlowText(flow.source, 'yaml').document : undefined;
  if (document?.contents) {
    const bom = flow.source.startsWith('\uFEFF') ? '\uFEFF' : '';
    const source = flow.source.slice(bom.length);
    const edits: Edit[] = [];
    diffInto(source, document.contents as Node, flow.data, data, edits);
    // From the end backwards, so offsets stay true; at one offset, the edit recorded last first: an
    // inner map's new keys (recorded before its parent's) then land before the parent's new entries.
    const order = edits.map((edit, index) => ({ edit, index })).sort((a, b) => b.edit.start - a.edit.start || b.index - a.index);
    edits.splice(0, edits.length, ...order.map((o) => o.edit));
    out = source;
    for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    out = bom + out;
  } else {
    out = dataToYaml(data);
  }
  verify(out, 'yaml', data);
  return out;
}

/** The flow as JSON (the source itself when it was JSON and nothing changed). */
export function writeFlowJson(flow: FlowSource, data: unknown = flow.data): string {
  if (flow.syntax === 'json' && sameData(flow.data, data)) return flow.source;
  const out = `${JSON.stringify(data, null, 2)}\n`;
  verify(out, 'json', data);
  return out;
}

function verify(text: string, syntax: FlowSyntax, meant: unknown): void {
  const read = parseFlowText(text, syntax);
  const problem = read.problems[0];
  if (problem) throw new FlowWriteError(`the written ${syntax.toUpperCase()} does not read back (${problem.line}:${problem.column} ${problem.message}); this is a bug in Callboard's writer`, text);
  if (!sameData(toData(read.root!), meant)) throw new FlowWriteError(`the written ${syntax.toUpperCase()} reads back as other data than was meant; this is a bug in Callboard's writer`, text);
}

