// Plain data → the yaml package's nodes, as `new Document(data)` builds them for JSON-like data
// (createNode.js: a Scalar per string, number, boolean or null, a YAMLMap per object with its
// undefined values left out, a YAMLSeq per array, undefined in a list as null), in one pass without
// the package's per-value tag search and duplicate-object bookkeeping, which were a large share
// of writing a big agent. Anything else (an object met twice, which the package writes as an
// alias; a Map, a Date, a class instance, a bigint) gives undefined, and the caller lets the
// package build the document as before.
import { Document, Pair, Scalar, YAMLMap, YAMLSeq, type Node, type Schema } from 'yaml';

const isPlainRecord = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A document whose contents are `data`'s nodes, or undefined where the package would build otherwise. */
export function buildDocument(data: unknown): Document | undefined {
  const doc = new Document();
  const seen = new Set<object>();
  const schema = doc.schema;
  const build = (value: unknown): Node | undefined => {
    if (value === null || value === undefined) return new Scalar(null);
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') return new Scalar(value);
    if (type !== 'object') return undefined;
    const object = value as object;
    if (seen.has(object)) return undefined;
    seen.add(object);
    if (Array.isArray(object)) {
      const seq = new YAMLSeq(schema as Schema);
      for (const item of object as unknown[]) {
        const node = build(item);
        if (!node) return undefined;
        seq.items.push(node);
      }
      return seq;
    }
    if (!isPlainRecord(object) || typeof (object as { toJSON?: unknown }).toJSON === 'function') return undefined;
    const map = new YAMLMap(schema as Schema);
    for (const key of Object.keys(object)) {
      const item = (object as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const node = build(item);
      if (!node) return undefined;
      map.items.push(new Pair(new Scalar(key), node));
    }
    return map;
  };
  const contents = build(data);
  if (!contents) return undefined;
  doc.contents = contents;
  return doc;
}
