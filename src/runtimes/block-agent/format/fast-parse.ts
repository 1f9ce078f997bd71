// The importer's fast path: the yaml package's parseDocument costs about 100 times JSON.parse on a
// large agent, most of it in building positions and the concrete syntax tree. js-yaml's event
// parser (no code generation; safe by construction: it only reports events, it builds nothing
// from tags) reads the same file in about 15 times. Its events become the yaml package's own node
// classes (Scalar, YAMLMap, YAMLSeq, Pair), each scalar resolved by the yaml package's own core
// schema, so the reader (read-graph.ts, read-tools.ts) runs unchanged on them.
//
// This path only ever answers for a file the slow path would import with no error and no
// warning. Whatever it is not sure of gives undefined here (UNSURE from the reader), and the
// importer parses again with positions (import.ts): then every message is located as before.
// Unsure, and so left to the slow path with its bounds (yaml-bounds.ts):
// - any js-yaml error (the slow path reports the yaml package's own, with its place);
// - directives (`%YAML 1.1` changes how scalars read), more than one document, a carriage
//   return not followed by a line feed;
// - anchors, aliases and tags (the alias-expansion bounds and the non-JSON tags are checked there);
// - a collection or a block scalar as a key, an explicit key (`? a`), an empty key, a flow map's
//   key with no value, a flow pair in a list (`[a: b]`), a key said twice, a key longer than the
//   yaml package allows an implicit key (1024 characters), a number JSON cannot hold;
// - nesting past MAX_FILE_DEPTH (js-yaml is stopped a little past it, so it never recurses far).
import { parseEvents, getScalarValue, type Event } from 'js-yaml';
import { Pair, Scalar, Schema, YAMLMap, YAMLSeq, type Node } from 'yaml';
import { MAX_FILE_DEPTH } from '../../../model/limits';

const EVENT_DOCUMENT = 1;
const EVENT_SEQUENCE = 2;
const EVENT_MAPPING = 3;
const EVENT_SCALAR = 4;
const EVENT_POP = 6;
const STYLE_FLOW = 2;
/** js-yaml's scalar styles → the yaml package's scalar types. */
const SCALAR_TYPES: Record<number, Scalar.Type> = {
  1: Scalar.PLAIN, 2: Scalar.QUOTE_SINGLE, 3: Scalar.QUOTE_DOUBLE, 4: Scalar.BLOCK_LITERAL, 5: Scalar.BLOCK_FOLDED,
};
/** The yaml package's implicit-key limit (its error "…must be at most 1024 chars…"), with room for quotes. */
const MAX_KEY = 1000;

/** The yaml package's core schema (YAML 1.2), whose tags resolve a plain scalar as parseDocument does. */
const CORE_TAGS = new Schema({}).tags.filter((tag) => tag.default === true && tag.test);
const RESOLVE_OPTIONS = { intAsBigInt: false };
const MAY_BE_OTHER = new Set('~nNtTfF0123456789-+.');

/** A plain scalar as the yaml package's composer makes it (compose-scalar.ts: findScalarTagByTest). */
function plainScalar(text: string): Scalar | undefined {
  // Every core form other than text is empty or starts with one of these (the tags' patterns, above).
  if (text !== '' && !MAY_BE_OTHER.has(text[0])) return new Scalar(text);
  const tag = CORE_TAGS.find((t) => t.test!.test(text));
  if (!tag) return new Scalar(text);
  const res = (tag.resolve as (value: string, onError: (message: string) => void, options: object) => unknown)(text, () => undefined, RESOLVE_OPTIONS);
  const scalar = res instanceof Scalar ? res : new Scalar(res);
  if (typeof scalar.value === 'number' && !Number.isFinite(scalar.value)) return undefined;
  if (tag.format) scalar.format = tag.format;
  return scalar;
}

/**
 * Whether the key scalar starting at `start` follows `?` (an explicit key): the yaml package
 * gives such a key with no value no value node at all, js-yaml an empty one.
 */
function explicitKey(source: string, start: number): boolean {
  let i = start - 1;
  if (source[i] === '"' || source[i] === "'") i--;
  while (source[i] === ' ' || source[i] === '\t') i--;
  return source[i] === '?';
}

interface Frame {
  node: YAMLMap | YAMLSeq;
  /** A map's key waiting for its value. */
  key?: Scalar;
  keys?: Set<unknown>;
  depth: number;
}

/** The file's root node built from js-yaml's events, or undefined when the fast path is not sure (see above). */
export function fastParseYaml(source: string): { root: Node | null } | undefined {
  // A carriage return alone is a line break to js-yaml, and text to the yaml package.
  if (/\r(?!\n)/.test(source)) return undefined;
  let events: Event[];
  try {
    events = parseEvents(source, { maxDepth: MAX_FILE_DEPTH + 2 });
  } catch {
    return undefined;
  }
  const stack: Frame[] = [];
  let root: Node | null = null;
  let documents = 0;
  /** Puts a finished node in its place; false when unsure. */
  const place = (node: Node): boolean => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = node;
      return true;
    }
    if (top.node instanceof YAMLSeq) {
      top.node.items.push(node);
      return true;
    }
    if (top.key === undefined) {
      if (!(node instanceof Scalar)) return false;
      // An empty key (`: x`, `: a: b`): the yaml package refuses some that js-yaml reads.
      if (node.value === null || (typeof node.value === 'string' && node.value.length > MAX_KEY) || top.keys!.has(node.value)) return false;
      top.keys!.add(node.value);
      top.key = node;
      return true;
    }
    // No value in a flow map (`{a}`, `{a: }`): the yaml package tells the two apart (no node, or an empty one), js-yaml does not.
    if (top.node.flow && node instanceof Scalar && node.value === null && node.source === '') return false;
    top.node.items.push(new Pair(top.key, node));
    top.key = undefined;
    return true;
  };
  /** Whether the next node is a map's key. */
  const atKey = () => {
    const top = stack[stack.length - 1];
    return top !== undefined && top.node instanceof YAMLMap && top.key === undefined;
  };
  for (const event of events) {
    switch (event.type) {
      case EVENT_DOCUMENT:
        if (++documents > 1 || event.directives.length > 0) return undefined;
        break;
      case EVENT_SCALAR: {
        if (event.anchorStart !== -1 || event.tagStart !== -1) return undefined;
        const text = getScalarValue(source, event);
        const type = SCALAR_TYPES[event.style];
        const scalar = type === Scalar.PLAIN ? plainScalar(text) : new Scalar(text);
        if (!scalar || !type) return undefined;
        if (atKey() && (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED || explicitKey(source, event.valueStart))) return undefined;
        scalar.source = text;
        scalar.type = type;
        if (!place(scalar)) return undefined;
        break;
      }
      case EVENT_SEQUENCE:
      case EVENT_MAPPING: {
        if (event.anchorStart !== -1 || event.tagStart !== -1) return undefined;
        const depth = (stack[stack.length - 1]?.depth ?? 0) + 1;
        if (depth > MAX_FILE_DEPTH) return undefined;
        const map = event.type === EVENT_MAPPING;
        // A flow map that does not open with `{` is a flow pair (`[a: b]`): the yaml package makes it a Pair in the list.
        if (map && event.style === STYLE_FLOW && source[event.start] !== '{') return undefined;
        // A collection as a key: the yaml package keeps it as a node, js-yaml as text; neither reads as a key here.
        const top = stack[stack.length - 1];
        if (top && top.node instanceof YAMLMap && top.key === undefined) return undefined;
        const node = map ? new YAMLMap() : new YAMLSeq();
        if (event.style === STYLE_FLOW) node.flow = true;
        stack.push(map ? { node, keys: new Set(), depth } : { node, depth });
        break;
      }
      case EVENT_POP: {
        // A pop closes a collection, or the document (then the stack is empty).
        const frame = stack.pop();
        if (frame && !place(frame.node)) return undefined;
        break;
      }
      default:
        // An alias.
        return undefined;
    }
  }
  return { root };
}
