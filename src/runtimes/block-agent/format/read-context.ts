// Reading a parsed YAML tree with positions: every error and warning the importer reports carries
// the line:column of the node it is about (1-based, as editors count), so the UI can point at it.
import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Alias, type Node, type Pair, type YAMLMap } from 'yaml';
import { toPlain } from '../../../formats/yaml-bounds';
import { warnMisread } from './scalars';

import type { ImportProblem } from '../../../formats/yaml-bounds';
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

  /** Plain values of the nodes converted so far: a block's, then its turns', are converted once. */
  private readonly plain = new Map<Node, unknown>();

  /** A node as plain data (aliases resolved); shared with earlier calls, so not to be changed. */
  js(node: Node | null | undefined): unknown {
    if (!node) return null;
    return this.aliases ? toPlain(node, this.doc, this.aliases, this.plain) : node.toJS(this.doc);
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

/**
 * Thrown by a FastReadContext where the reader would place an error or a warning: the fast path
 * (fast-parse.ts) has no positions, so the importer reads the file again with them.
 */
export class Unsure extends Error {
  constructor() {
    super('the fast path cannot place this; read again with positions');
  }
}

/** A ReadContext for nodes without positions: anything it would report ends the fast read (Unsure). */
export class FastReadContext extends ReadContext {
  constructor() {
    // No aliases on the fast path (fast-parse.ts leaves them to the slow one); the document is never consulted.
    super(new LineCounter(), new Document(), new Map());
  }
  override at(): never {
    throw new Unsure();
  }
  override fail(): never {
    throw new Unsure();
  }
  override warn(): never {
    throw new Unsure();
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
