// How the page hands the open document to a worker without cloning all of it on every edit.
// Posting a 500-stage agent (~800 KB) costs the main thread 10-15 ms of structured cloning per
// settled keystroke, for each worker that follows the document (problems, export, versions). But
// a document is an immutable value whose unchanged parts keep their object identity from one edit
// to the next (immer), so the page can send what changed since the document the worker last got:
// - the worker keeps the last few documents it was sent, by key;
// - the page sends a new document as a patch against the last one it sent: for each top-level
//   field, nothing when it is the same object, else (for an array) the base's index of each item
//   it still holds and the new items whole, or (for a plain object, such as layout.positions) the
//   same one level further down;
// - a key the worker does not hold (a fresh worker, an evicted document) is answered with
//   UNKNOWN_DOC, and the page sends that document whole: a miss costs a resend, never a wrong
//   document. The worker's document is equal to the page's, keys in the same order (an exporter's
//   output may follow key order).
import type { AgentDocument } from '../../model';

/** One value of the new document against the base's value at the same place. */
export type ValuePatch =
  | { kind: 'value'; value: unknown }
  /** Each item: an index into the base array (that very item), or a new item whole. */
  | { kind: 'array'; items: (number | { value: unknown })[] }
  /** The new object's keys in order; `null`: the base's value under that key, unchanged. */
  | { kind: 'object'; entries: [string, ValuePatch | null][] };

export type DocWire =
  | { kind: 'full'; key: number; doc: AgentDocument }
  | { kind: 'ref'; key: number }
  | { kind: 'patch'; key: number; base: number; patch: ValuePatch };

/** The worker's answer to a key it does not hold. */
export const UNKNOWN_DOC = 'callboard: the worker no longer holds that document';

/** How far plain objects are compared key by key: doc → layout → positions → a point (whole). */
const OBJECT_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** `next` as a patch against `base`; `null` when it is the very same value. */
export function valuePatch(base: unknown, next: unknown, depth = OBJECT_DEPTH): ValuePatch | null {
  if (base === next) return null;
  if (Array.isArray(base) && Array.isArray(next)) {
    const indexOf = new Map<unknown, number>();
    base.forEach((item, i) => {
      if (typeof item === 'object' && item !== null && !indexOf.has(item)) indexOf.set(item, i);
    });
    return { kind: 'array', items: next.map((item) => indexOf.get(item) ?? { value: item }) };
  }
  if (depth > 0 && isPlainObject(base) && isPlainObject(next)) {
    const entries: [string, ValuePatch | null][] = Object.keys(next).map((key) => {
      const had = Object.prototype.hasOwnProperty.call(base, key);
      return [key, had ? valuePatch(base[key], next[key], depth - 1) : { kind: 'value', value: next[key] }];
    });
    return { kind: 'object', entries };
  }
  return { kind: 'value', value: next };
}

/** The value `patch` describes, made from `base` (whose unchanged parts it shares). */
export function applyValuePatch(base: unknown, patch: ValuePatch | null): unknown {
  if (patch === null) return base;
  if (patch.kind === 'value') return patch.value;
  if (patch.kind === 'array') {
    const from = base as unknown[];
    return patch.items.map((item) => (typeof item === 'number' ? from[item] : item.value));
  }
  const from = base as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // defineProperty, not assignment: a key named __proto__ stays a key (as JSON.parse makes it).
  for (const [key, entry] of patch.entries) Object.defineProperty(out, key, { value: applyValuePatch(from[key], entry), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The page's side: says which document to use, as a patch against the last one sent when it can. */
export interface DocSender {
  wire(doc: AgentDocument): DocWire;
  /** The document whole (the worker answered UNKNOWN_DOC). */
  full(doc: AgentDocument): DocWire;
}

export function docSender(): DocSender {
  const keys = new WeakMap<AgentDocument, number>();
  let last: { doc: AgentDocument; key: number } | undefined;
  let nextKey = 1;
  const keyOf = (doc: AgentDocument) => {
    const key = keys.get(doc) ?? nextKey++;
    keys.set(doc, key);
    return key;
  };
  return {
    wire(doc) {
      const known = keys.get(doc);
      const base = last;
      const key = keyOf(doc);
      last = { doc, key };
      if (known !== undefined) return { kind: 'ref', key };
      if (!base) return { kind: 'full', key, doc };
      return { kind: 'patch', key, base: base.key, patch: valuePatch(base.doc, doc) ?? { kind: 'object', entries: [] } };
    },
    full(doc) {
      const key = keyOf(doc);
      last = { doc, key };
      return { kind: 'full', key, doc };
    },
  };
}

/** The worker's side: the documents it was sent, the last few kept. */
export function docReceiver(limit = 3): { read(wire: DocWire): AgentDocument } {
  const docs = new Map<number, AgentDocument>();
  const keep = (key: number, doc: AgentDocument) => {
    docs.delete(key);
    docs.set(key, doc);
    while (docs.size > limit) docs.delete(docs.keys().next().value!);
    return doc;
  };
  const held = (key: number) => {
    const doc = docs.get(key);
    if (!doc) throw new Error(UNKNOWN_DOC);
    return doc;
  };
  return {
    read(wire) {
      if (wire.kind === 'full') return keep(wire.key, wire.doc);
      if (wire.kind === 'ref') return keep(wire.key, held(wire.key));
      return keep(wire.key, applyValuePatch(held(wire.base), wire.patch) as AgentDocument);
    },
  };
}

/** Calls `send` with `doc` as the sender would send it; when the worker lost its base, once more whole. */
export async function sendDoc<R>(sender: DocSender, doc: AgentDocument, send: (wire: DocWire) => Promise<R>): Promise<R> {
  try {
    return await send(sender.wire(doc));
  } catch (error) {
    if (!(error instanceof Error) || error.message !== UNKNOWN_DOC) throw error;
    return await send(sender.full(doc));
  }
}
