// Plain Block Agent data → YAML text with the `yaml` package's Document API. Output is
// deterministic (the data's key order is fixed by write.ts) and readable: prose as block scalars,
// short lists and `connect_to` on one line, as in formats/block-agent.md's example.
import { Document, isMap, isPair, isScalar, isSeq, parse, Scalar, type Node, type Pair, type YAMLSeq } from 'yaml';
import { buildDocument } from './build-nodes';
import { deepEqual, type PlainObject } from './extra';
import { blockText } from './scalar-proof';
import { recordingScalars } from './scalar-record';
import { CONDITION_NLU, EDGE_CONNECT_TO, MCP_SERVER_DESCRIPTION } from './inferred-keys';
import { readsOtherwiseInYaml11 } from './scalars';
import { renderSharedTools, type RenderComments } from './render-shared';

/** Keys whose values are sentences: long single-line ones become `>-` folded blocks (any multi-line text a `|` block). */
const PROSE_KEYS = new Set(['personality', 'content', 'description', CONDITION_NLU, MCP_SERVER_DESCRIPTION, 'messages']);
const FOLD_AFTER = 80;
const FLOW_LIST_MAX = 60;
const LINE_WIDTH = 100;

export type { RenderComments } from './render-shared';

/**
 * `directives: false` writes the same text for these documents (no `%YAML`, no `%TAG`, no `---`:
 * they are built here, with the default tags only) without the library's walk of the whole tree
 * looking for tags to declare, which was a sizeable share of writing a large agent.
 */
const OPTIONS = { lineWidth: LINE_WIDTH, minContentWidth: 20, flowCollectionPadding: false, singleQuote: true, directives: false } as const;
/**
 * No block scalars, no folding, every double-quoted string on one line: plainer, and nothing for
 * the yaml package to get wrong (2.9.1 writes `\r\n ` in a multi-line double-quoted string as an
 * escaped backslash, so multi-line double quotes are switched off too).
 */
const SAFE_OPTIONS = { ...OPTIONS, blockQuote: false, lineWidth: 0, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER } as const;

const PROBE = new Document({ x: '' });
const PROBE_SCALAR = PROBE.get('x', true) as Scalar;

/**
 * Whether `text` reads back unchanged as a block scalar of `type`. The yaml package gets some texts
 * wrong as blocks (a first line of only spaces, for one), so each block is checked, not assumed.
 */
function survivesAs(text: string, type: Scalar.Type): boolean {
  // A file repeats its texts (a tool's description under each block that offers it): each is probed once per render.
  const key = `${type}\u0000${text}`;
  const known = SURVIVED.get(key);
  if (known !== undefined) return known;
  const survives = probe(text, type);
  SURVIVED.set(key, survives);
  return survives;
}

/** survivesAs's answers during one renderYaml (cleared at its start and end). */
const SURVIVED = new Map<string, boolean>();

function probe(text: string, type: Scalar.Type): boolean {
  // One probe document, its scalar set anew for each text: building a document per text was most of the cost.
  PROBE_SCALAR.value = text;
  PROBE_SCALAR.type = type;
  const written = PROBE.toString(OPTIONS);
  // The block is read here when it has a form scalar-proof.ts reads exactly (most do); else by the library.
  const read = written.startsWith('x: ') && written.endsWith('\n') ? blockText(written.slice(3, -1), '  ') : undefined;
  return (read ?? parse(written).x) === text;
}

/** Multi-line text as a `|` block where that reads back exactly, else double-quoted with \n escapes. */
function styleMultiline(node: Scalar): void {
  if (typeof node.value === 'string' && node.value.includes('\n')) {
    node.type = survivesAs(node.value, Scalar.BLOCK_LITERAL) ? Scalar.BLOCK_LITERAL : Scalar.QUOTE_DOUBLE;
  }
}

/** A long sentence as a `>-` folded block; `indent` estimates its column, so only lines that would overflow fold. */
function styleLongProse(node: unknown, indent: number): void {
  if (!isScalar(node) || typeof node.value !== 'string' || node.value.includes('\n')) return;
  const text = node.value;
  if (text.length > FOLD_AFTER && indent + text.length > LINE_WIDTH && survivesAs(text, Scalar.BLOCK_FOLDED)) node.type = Scalar.BLOCK_FOLDED;
}

const isShortScalar = (node: unknown): boolean =>
  isScalar(node) && (typeof node.value !== 'string' || (!node.value.includes('\n') && node.value.length <= FOLD_AFTER));

/**
 * Styles a node and everything in it, in the order the package's `visit` would (a pair, then its
 * key, then its value; a list before its items); a walk of its own, since `visit` freezes a copy of
 * the path at every node. `collections`: the maps and lists above the node.
 */
function styleNode(node: unknown, collections: number, isKey: boolean): void {
  if (isScalar(node)) {
    if (!isKey) styleMultiline(node);
    // Plain `yes`, `off` or `1:30` are text here but not to a YAML 1.1 reader: quoted, so every reader gets the text.
    if (typeof node.value === 'string' && readsOtherwiseInYaml11(node.value)) node.type = Scalar.QUOTE_SINGLE;
  } else if (isPair(node)) {
    stylePair(node, collections);
    styleNode(node.key, collections, true);
    styleNode(node.value, collections, false);
  } else if (isMap(node)) {
    for (const item of node.items) styleNode(item, collections + 1, false);
  } else if (isSeq(node)) {
    styleSeq(node);
    for (const item of node.items) styleNode(item, collections + 1, false);
  }
}

function stylePair(pair: Pair, collections: number): void {
  const key = isScalar(pair.key) ? String(pair.key.value) : '';
  if (PROSE_KEYS.has(key)) {
    // Each map or list above the pair indents it by two columns (the top map by none).
    const indent = 2 * (collections - 1) + key.length + 2;
    if (isSeq(pair.value)) pair.value.items.forEach((item) => styleLongProse(item, indent + 2));
    else styleLongProse(pair.value, indent);
  }
  if ((key === 'connect_to' || key === EDGE_CONNECT_TO) && isMap(pair.value) && pair.value.items.every((p) => isShortScalar(p.value))) pair.value.flow = true;
}

function styleSeq(seq: YAMLSeq): void {
  // Lists of short scalars (required, enum, allowed_tools, kpis, a one-line message) read best inline.
  const short = seq.items.length > 0 && seq.items.every(isShortScalar) &&
    seq.items.reduce<number>((n, item) => n + JSON.stringify((item as Scalar).value).length + 2, 0) <= FLOW_LIST_MAX;
  if (short) {
    seq.flow = true;
    // A folded block cannot stand inside a flow list (short items are single-line, so never literal).
    seq.items.forEach((item) => { if (isScalar(item) && item.type === Scalar.BLOCK_FOLDED) item.type = undefined; });
  }
}

/** A document's text, and whether every scalar in it is proven to read back as its value (scalar-record.ts). */
export function renderProven(data: PlainObject, comments: RenderComments = {}): { text: string; scalarsReadBack: boolean; doc: Document } {
  const doc = buildDocument(data) ?? new Document(data);
  SURVIVED.clear();
  try {
    styleNode(doc.contents, 0, false);
  } finally {
    SURVIVED.clear();
  }
  if (comments.header) doc.commentBefore = comments.header;
  for (const { path, comment } of comments.before ?? []) {
    const node = doc.getIn(path, true) as Node | undefined;
    if (node) node.commentBefore = comment;
  }
  return { ...recordingScalars(doc, OPTIONS), doc };
}

/** The whole file in one document, each tool entry written where it stands. */
export function renderWhole(data: PlainObject, comments: RenderComments = {}): string {
  const { text, scalarsReadBack, doc } = renderProven(data, comments);
  // Last guard: the file must say exactly what the data says; if the pretty form does not, write the plain one.
  // When every scalar, as written, reads back as its value (scalarsReadBack), it does: the rest of the
  // file (indentation, `-`, `:`, `{}`) is the library's structure for this very data. Else the whole
  // file is read back, as it always was (uniqueKeys: false: the data's keys are unique already, and
  // the library's check of them is quadratic).
  if (scalarsReadBack) return text;
  return deepEqual(parse(text, { uniqueKeys: false }), JSON.parse(JSON.stringify(data))) ? text : doc.toString(SAFE_OPTIONS);
}

/** Block Agent data → YAML text: each tool entry repeated across blocks written once (render-shared.ts), else the whole at once. */
export function renderYaml(data: PlainObject, comments: RenderComments = {}): string {
  return renderSharedTools(data, comments, renderProven) ?? renderWhole(data, comments);
}
