// Plain Block Agent data → YAML text with the `yaml` package's Document API. Output is
// deterministic (the data's key order is fixed by write.ts) and readable: prose as block scalars,
// short lists and `connect_to` on one line, as in formats/block-agent.md's example.
import { Document, isMap, isScalar, isSeq, Scalar, visit, type Node } from 'yaml';
import type { PlainObject } from './extra';

/** Keys whose values are sentences: multi-line ones become `|` blocks, long ones `>-` folded blocks. */
const PROSE_KEYS = new Set(['personality', 'content', 'description', 'nlu', 'server_description', 'messages']);
const FOLD_AFTER = 80;
const FLOW_LIST_MAX = 60;
const LINE_WIDTH = 100;

export interface RenderComments {
  /** One comment line(s) above the whole file. */
  header?: string;
  /** Comments above the nodes at these paths (e.g. a condition written differently than modelled). */
  before?: { path: (string | number)[]; comment: string }[];
}

/** `indent` estimates the column the value starts at, so a folded block is used only where the line would be too long. */
function styleProse(node: unknown, indent: number): void {
  if (!isScalar(node) || typeof node.value !== 'string') return;
  if (node.value.includes('\n')) node.type = Scalar.BLOCK_LITERAL;
  else if (node.value.length > FOLD_AFTER && indent + node.value.length > LINE_WIDTH) node.type = Scalar.BLOCK_FOLDED;
}

const isShortScalar = (node: unknown): boolean =>
  isScalar(node) && (typeof node.value !== 'string' || (!node.value.includes('\n') && node.value.length <= FOLD_AFTER));

export function renderYaml(data: PlainObject, comments: RenderComments = {}): string {
  const doc = new Document(data);
  visit(doc, {
    Pair(_, pair, path) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (PROSE_KEYS.has(key)) {
        // Each map or list above the pair indents it by two columns (the top map by none).
        const indent = 2 * ((path as readonly unknown[]).filter((n) => isMap(n) || isSeq(n)).length - 1) + key.length + 2;
        if (isSeq(pair.value)) pair.value.items.forEach((item) => styleProse(item, indent + 2));
        else styleProse(pair.value, indent);
      }
      if (key === 'connect_to' && isMap(pair.value) && pair.value.items.every((p) => isShortScalar(p.value))) pair.value.flow = true;
    },
    Seq(_, seq) {
      // Lists of short scalars (required, enum, allowed_tools, kpis, a one-line message) read best inline.
      const short = seq.items.length > 0 && seq.items.every(isShortScalar) &&
        seq.items.reduce<number>((n, item) => n + JSON.stringify((item as Scalar).value).length + 2, 0) <= FLOW_LIST_MAX;
      if (short) {
        seq.flow = true;
        // A block scalar cannot stand inside a flow list.
        seq.items.forEach((item) => { if (isScalar(item)) item.type = undefined; });
      }
    },
  });
  if (comments.header) doc.commentBefore = comments.header;
  for (const { path, comment } of comments.before ?? []) {
    const node = doc.getIn(path, true) as Node | undefined;
    if (node) node.commentBefore = comment;
  }
  return doc.toString({ lineWidth: LINE_WIDTH, minContentWidth: 20, flowCollectionPadding: false, singleQuote: true });
}
