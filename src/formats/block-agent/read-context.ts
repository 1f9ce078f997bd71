// Reading a parsed YAML tree with positions: every error and warning the importer reports carries
// the line:column of the node it is about (1-based, as editors count), so the UI can point at it.
import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import { toPlain } from './yaml-bounds';
import { warnMisread } from './scalars';

import type { ImportProblem } from './yaml-bounds';
export type { ImportProblem };
export type ImportWarning = ImportProblem;

export class ReadContext {
  readonly errors: ImportProblem[] = [];
  readonly warnings: ImportWarning[] = [];
  /** `aliases`: each alias's node, found once (yaml-bounds.ts); else each alias is looked up in the whole document. */
  constructor(private readonly lines: LineCounter, private readonly doc: Document, private readonly aliases?: ReadonlyMap<Alias, Node>) {}

  /** The node an alias (`*name`) stands for; any other node as it is. */
  resolve<T extends Node | null | undefined>(node: T): Node | T {
    if (!isAlias(node)) return node;
    return (this.aliases ? this.aliases.get(node) : (node.resolve(this.doc) as Node | undefined)) ?? node;
  }

  /** A node as plain data (aliases resolved). */
  js(node: Node | null | undefined): unknown {
    if (!node) return null;
    return this.aliases ? toPlain(node, this.doc, this.aliases) : node.toJS(this.doc);
  }

  at(node: Node | Pair | null | undefined): { line: number; column: number } {
    const range = node && 'range' in node ? node.range : node && 'key' in node ? (node.key as Node | null)?.range : undefined;
    if (!range) return { line: 1, column: 1 };
    const { line, col } = this.lines.linePos(range[0]);
    return { line, column: col };
  }
  fail(node: Node | Pair | null | undefined, message: string): undefined {
    this.errors.push({ ...this.at(node), message });
    return undefined;
  }
  warn(node: Node | Pair | null | undefined, message: string): void {
    this.warnings.push({ ...this.at(node), message });
  }
}

/** A YAML map's entries by key, with the key node for positions; undefined (and an error) when it is no map. */
export interface MapView {
  node: YAMLMap;
  get(key: string): Node | null | undefined;
  has(key: string): boolean;
  keyNode(key: string): Node | undefined;
  keys(): string[];
}

export function readMap(ctx: ReadContext, given: Node | null | undefined, what: string, parent?: Node | Pair | null): MapView | undefined {
  const node = ctx.resolve(given);
  if (!isMap(node)) return ctx.fail(node ?? parent, `${what} must be a map of keys (key: value)`);
  const entries = new Map<string, Pair<Node, Node | null>>();
  for (const pair of node.items as Pair<Node, Node | null>[]) {
    if (!isScalar(pair.key)) {
      ctx.fail(pair.key, `${what}: a key must be a plain word`);
      continue;
    }
    entries.set(String(pair.key.value), pair);
  }
  return {
    node,
    get: (key) => ctx.resolve(entries.get(key)?.value),
    has: (key) => entries.has(key),
    keyNode: (key) => entries.get(key)?.key,
    keys: () => [...entries.keys()],
  };
}

export function readList(ctx: ReadContext, given: Node | null | undefined, what: string, parent?: Node | Pair | null): Node[] | undefined {
  const node = ctx.resolve(given);
  if (node === null || node === undefined || (isScalar(node) && node.value === null)) return [];
  if (!isSeq(node)) return ctx.fail(node ?? parent, `${what} must be a list (lines starting with "- ")`);
  return (node.items as Node[]).map((item) => ctx.resolve(item));
}

/**
 * A scalar as a string; numbers and booleans are written back as text (YAML `true` is the text
 * "true"), with a warning where that text is not what the file says (`007` becomes "7").
 */
export function readText(ctx: ReadContext, given: Node | null | undefined, what: string, parent?: Node | Pair | null): string | undefined {
  const node = ctx.resolve(given);
  if (isScalar(node) && node.value !== null && typeof node.value !== 'object') {
    warnMisread(ctx, node, what);
    return String(node.value);
  }
  return ctx.fail(node ?? parent, `${what} must be text`);
}

export function readOptionalText(ctx: ReadContext, view: MapView, key: string, what: string): string | undefined {
  const node = view.get(key);
  if (!view.has(key)) return undefined;
  if (isScalar(node) && node.value === null) {
    // `content: ~` or `content: null` says "no value", which leaves the text empty: said, in case the word was meant.
    warnMisread(ctx, node, what);
    return undefined;
  }
  return readText(ctx, node, what, view.keyNode(key));
}

export function readTextList(ctx: ReadContext, node: Node | null | undefined, what: string, parent?: Node | Pair | null): string[] | undefined {
  const items = readList(ctx, node, what, parent);
  if (!items) return undefined;
  const out: string[] = [];
  for (const item of items) {
    const text = readText(ctx, item, `each of ${what}`);
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}
