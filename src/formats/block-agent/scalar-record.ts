// The document's text, and whether each of its scalars, exactly as the yaml package wrote it,
// reads back as its value (scalar-proof.ts). The package writes every scalar through its tag's
// `stringify`; this document's tags are wrapped to see each written scalar with its place
// (indentation, inside a flow list or map, as a key). A scalar written without passing through
// them (the count differs) makes the answer false, so nothing unseen is vouched for.
import { isScalar, type Document, type Scalar, type ToStringOptions } from 'yaml';
import { walkNodes } from './walk';
import { readsBackExactly, type WrittenScalar } from './scalar-proof';

interface StringifyContext {
  indent: string;
  inFlow?: boolean | null;
  implicitKey?: boolean;
}
type Stringify = (item: { value: unknown }, ctx: StringifyContext, onComment?: () => void, onChompKeep?: () => void) => string;
interface ScalarTag {
  nodeClass?: unknown;
  stringify?: Stringify;
}

export function recordingScalars(doc: Document, options: ToStringOptions): { text: string; scalarsReadBack: boolean } {
  const written: WrittenScalar[] = [];
  const schema = doc.schema as unknown as { tags: ScalarTag[] };
  const tags = schema.tags;
  let unseen = false;
  schema.tags = tags.map((tag) => {
    const stringify = tag.stringify;
    if (tag.nodeClass) return tag;
    if (!stringify) {
      unseen = true;
      return tag;
    }
    const recording: Stringify = (item, ctx, onComment, onChompKeep) => {
      const out = stringify.call(tag, item, ctx, onComment, onChompKeep);
      written.push({ value: item.value, out, indent: ctx.indent, inFlow: ctx.inFlow === true, implicitKey: ctx.implicitKey === true });
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
  const scalars = scalarsInOrder(doc.contents);
  const scalarsReadBack = !unseen && written.length === scalars.length && written.every((w, i) => w.value === scalars[i].value && readsBackExactly(w));
  return { text, scalarsReadBack };
}

/** The document's scalars, keys and values, in the order the package writes them (a pair's key, then its value). */
function scalarsInOrder(root: unknown): Scalar[] {
  const out: Scalar[] = [];
  walkNodes(root, (node) => void (isScalar(node) && out.push(node)));
  return out;
}
