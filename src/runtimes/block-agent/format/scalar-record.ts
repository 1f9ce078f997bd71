// The document's text, and whether each of its scalars, exactly as the yaml package wrote it,
// reads back as its value (scalar-proof.ts). The package writes every scalar through its tag's
// `stringify`; this document's tags are wrapped to see each written scalar with its place
// (indentation, inside a flow list or map, as a key). A scalar written without passing through
// them (the count differs) makes the answer false, so nothing unseen is vouched for.
import { isScalar, type Document, type Scalar, type ToStringOptions } from 'yaml';
import { walkNodes } from './walk';
import { readsBackExactly } from './scalar-proof';

interface StringifyContext {
  indent: string;
  inFlow?: boolean | null;
  implicitKey?: boolean;
  options: { lineWidth: number; minContentWidth: number; defaultStringType: string; defaultKeyType: string | null };
  doc: Document;
}

const STR_TAG = 'tag:yaml.org,2002:str';
/** stringifyString.js's own tests, in the order it makes them (see plainAsIs). */
// eslint-disable-next-line no-control-regex -- the package's own pattern: control characters are what it tests for
const FORCES_DOUBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;

/**
 * Whether the yaml package (2.9.1, stringifyString.js) writes this string scalar of no set type
 * as the text itself, plain and on one line: then that is what the wrapper returns, without the
 * package's round of tests, which is most of writing a large file. Each test below is one the
 * package makes, in its order; anything else goes to the package (build-nodes.test.ts compares).
 */
function plainAsIs(value: string, ctx: StringifyContext, otherTests: readonly RegExp[]): boolean {
  const { options } = ctx;
  if ((ctx.implicitKey && options.defaultKeyType !== null) || options.defaultStringType !== 'PLAIN') return false;
  if (value.includes('\n') || FORCES_DOUBLE.test(value) || (ctx.inFlow && /[[\]{},]/.test(value))) return false;
  if (NOT_PLAIN.test(value) || DOCUMENT_MARKER.test(value)) return false;
  for (const re of otherTests) if (re.test(value)) return false;
  if (ctx.implicitKey) return true;
  // foldFlowLines returns the text as it is when it fits in endStep.
  const { lineWidth } = options;
  if (!lineWidth || lineWidth < 0) return true;
  const minContentWidth = lineWidth < options.minContentWidth ? 0 : options.minContentWidth;
  return value.length <= Math.max(1 + minContentWidth, 1 + lineWidth - ctx.indent.length);
}
type Stringify = (item: { value: unknown }, ctx: StringifyContext, onComment?: () => void, onChompKeep?: () => void) => string;
interface ScalarTag {
  nodeClass?: unknown;
  stringify?: Stringify;
  tag?: string;
  default?: boolean | 'key';
  test?: RegExp;
}

export function recordingScalars(doc: Document, options: ToStringOptions): { text: string; scalarsReadBack: boolean } {
  // Each written scalar is checked as it is written, against the document's scalars in order:
  // keeping all of them for a check at the end held tens of thousands of objects on a large file.
  const scalars = scalarsInOrder(doc.contents);
  let count = 0;
  let allReadBack = true;
  const schema = doc.schema as unknown as { tags: ScalarTag[] };
  const tags = schema.tags;
  let unseen = false;
  // The package's test that a plain string would read as another type (stringifyString.js, actualString): these tags' patterns.
  const compat = (doc.schema as unknown as { compat?: ScalarTag[] | null }).compat ?? [];
  const otherTests = [...tags, ...compat].flatMap((tag) => (tag.default && tag.tag !== STR_TAG && tag.test ? [tag.test] : []));
  schema.tags = tags.map((tag) => {
    const stringify = tag.stringify;
    if (tag.nodeClass) return tag;
    if (!stringify) {
      unseen = true;
      return tag;
    }
    const isString = tag.tag === STR_TAG;
    const recording: Stringify = (item, ctx, onComment, onChompKeep) => {
      const plain = isString && typeof item.value === 'string' && (item as { type?: string }).type === undefined && plainAsIs(item.value, ctx, otherTests);
      const out = plain ? (item.value as string) : stringify.call(tag, item, ctx, onComment, onChompKeep);
      if (allReadBack) {
        const scalar = scalars[count];
        allReadBack = scalar !== undefined && scalar.value === item.value &&
          readsBackExactly({ value: item.value, out, indent: ctx.indent, inFlow: ctx.inFlow === true, implicitKey: ctx.implicitKey === true });
      }
      count++;
      return out;
    };
    return { ...tag, stringify: recording };
  });
  let text: string;
  try {
    text = doc.toString(options);
  } finally {
    schema.tags = tags;
  }
  return { text, scalarsReadBack: !unseen && count === scalars.length && allReadBack };
}

/** The document's scalars, keys and values, in the order the package writes them (a pair's key, then its value). */
function scalarsInOrder(root: unknown): Scalar[] {
  const out: Scalar[] = [];
  walkNodes(root, (node) => void (isScalar(node) && out.push(node)));
  return out;
}
