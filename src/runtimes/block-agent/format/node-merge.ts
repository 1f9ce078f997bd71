// The YAML merge by nodes: where the line merge (kept-source.ts) cannot place an edit because the
// user laid a map out otherwise than the exporter (keys in another order, a flow map `{…}` where the
// exporter writes a block), the edit is placed by the structure both files share. The changed
// values of the exporter's text (baseline → fresh) are found as paths; each is written into the
// kept file at the same path, by whole lines: a changed or removed key's lines, a new key's lines
// after its neighbour. A value inside a flow collection takes the nearest enclosing block pair or
// item with it, written in the exporter's layout, and that span is named as a normalisation. The
// caller reads the result again and keeps it only when it says what the fresh text says.
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { deepEqual } from './extra';
import { EDITED_HERE, type RewrittenLines } from '../../../formats/kept-source';

/** One replacement of the kept file's lines [from, to) (0-based), and whether the user's layout gave way there. */
interface Splice {
  from: number;
  to: number;
  lines: string[];
  rewritten: boolean;
}

/** A parsed text with its lines, to turn a node's offsets into lines and columns. */
class Source {
  readonly lines: string[];
  private readonly starts: number[] = [0];
  readonly root: Node | null;
  constructor(readonly text: string) {
    this.lines = text.split('\n');
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.starts.push(i + 1);
    const doc = parseDocument(text, { uniqueKeys: false });
    this.root = doc.errors.length > 0 ? null : (doc.contents as Node | null);
  }
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  columnOf(offset: number): number {
    return offset - this.starts[this.lineOf(offset)];
  }
  /** The last line of a node's own text (trailing blank lines and comments stay with what follows). */
  lastLineOf(node: Node | null | undefined, fallback: number): number {
    const range = node?.range;
    if (!range) return this.lineOf(fallback);
    let end = range[1] - 1;
    while (end > range[0] && /\s/.test(this.text[end])) end--;
    return this.lineOf(Math.max(end, range[0]));
  }
}

/** Lines [first, last] of one map pair or sequence item, and where its content starts on the first line. */
interface Span {
  first: number;
  last: number;
  column: number;
}

function pairSpan(source: Source, pair: Pair): Span | undefined {
  const key = pair.key as Node | null;
  if (!key?.range) return undefined;
  const first = source.lineOf(key.range[0]);
  return { first, last: Math.max(first, source.lastLineOf(pair.value as Node | null, key.range[1])), column: source.columnOf(key.range[0]) };
}

function itemSpan(source: Source, item: Node): Span | undefined {
  if (!item.range) return undefined;
  const first = source.lineOf(item.range[0]);
  return { first, last: source.lastLineOf(item, item.range[1]), column: source.columnOf(item.range[0]) };
}

/** A span's lines moved to start at `column`, the first line behind `prefix` (indentation, or `- ` of an item). */
function moved(source: Source, span: Span, prefix: string, column: number): string[] {
  const shift = column - span.column;
  return source.lines.slice(span.first, span.last + 1).map((line, i) => {
    if (i === 0) return prefix + line.slice(span.column);
    if (line.trim() === '') return '';
    if (shift >= 0) return ' '.repeat(shift) + line;
    const indent = line.length - line.trimStart().length;
    return line.slice(Math.min(-shift, indent));
  });
}

const keyOf = (pair: Pair): string | undefined => (isScalar(pair.key) && (typeof pair.key.value === 'string' || typeof pair.key.value === 'number') ? String(pair.key.value) : undefined);
const pairsOf = (map: YAMLMap): Map<string, Pair> => new Map(map.items.flatMap((p) => { const k = keyOf(p); return k === undefined ? [] : [[k, p] as const]; }));
const isBlockMap = (node: unknown): node is YAMLMap => isMap(node) && !node.flow;
const isBlockSeq = (node: unknown): node is YAMLSeq => isSeq(node) && !node.flow;
const data = (node: unknown) => (node && typeof node === 'object' && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : isScalar(node) ? node.value : node);

/** The three texts the merge reads: the kept file, the exporter's text of it (baseline) and of the edit (fresh). */
interface Texts {
  kept: Source;
  baseline: Source;
  fresh: Source;
}

/** Splices that carry `fresh` into `kept` below one node, or 'whole' when the enclosing pair or item must be written whole. */
function changesBelow(t: Texts, base: unknown, fresh: unknown, kept: unknown): Splice[] | 'whole' {
  if (deepEqual(data(base), data(fresh))) return [];
  if (isBlockMap(base) && isBlockMap(fresh) && isBlockMap(kept)) return mapChanges(t, base, fresh, kept);
  if (isBlockSeq(base) && isBlockSeq(fresh) && isBlockSeq(kept) && base.items.length === fresh.items.length && kept.items.length === base.items.length) {
    const out: Splice[] = [];
    for (let i = 0; i < base.items.length; i++) {
      const below = changesBelow(t, base.items[i], fresh.items[i], kept.items[i]);
      if (below !== 'whole') { out.push(...below); continue; }
      const keptSpan = itemSpan(t.kept, kept.items[i] as Node);
      const freshSpan = itemSpan(t.fresh, fresh.items[i] as Node);
      const baseSpan = itemSpan(t.baseline, base.items[i] as Node);
      if (!keptSpan || !freshSpan || !baseSpan) return 'whole';
      out.push(replacement(t, keptSpan, freshSpan, baseSpan));
    }
    return out;
  }
  return 'whole';
}

/** The kept span's lines replaced by the fresh one's, laid where the kept one stands; rewritten unless the kept lines were the baseline's. */
function replacement(t: Texts, kept: Span, fresh: Span, base: Span): Splice {
  const prefix = t.kept.lines[kept.first].slice(0, kept.column);
  const was = t.kept.lines.slice(kept.first, kept.last + 1);
  const baseline = moved(t.baseline, base, prefix, kept.column);
  return { from: kept.first, to: kept.last + 1, lines: moved(t.fresh, fresh, prefix, kept.column), rewritten: was.join('\n') !== baseline.join('\n') };
}

function mapChanges(t: Texts, base: YAMLMap, fresh: YAMLMap, kept: YAMLMap): Splice[] | 'whole' {
  const baseKeys = pairsOf(base);
  const freshKeys = pairsOf(fresh);
  const keptKeys = pairsOf(kept);
  // The kept map must hold what the baseline holds (it reads as the baseline does), key for key.
  if (baseKeys.size !== base.items.length || freshKeys.size !== fresh.items.length || keptKeys.size !== kept.items.length) return 'whole';
  if (baseKeys.size !== keptKeys.size || [...baseKeys.keys()].some((k) => !keptKeys.has(k))) return 'whole';
  const out: Splice[] = [];
  const indent = (span: Span) => t.kept.lines[span.first].slice(0, span.column);
  for (const [key, keptPair] of keptKeys) {
    const keptSpan = pairSpan(t.kept, keptPair)!;
    const freshPair = freshKeys.get(key);
    if (!freshPair) {
      // A removed key takes its lines; the first key of an item (`- key:`) holds the item's dash, so the item goes whole.
      if (indent(keptSpan).trim() !== '') return 'whole';
      out.push({ from: keptSpan.first, to: keptSpan.last + 1, lines: [], rewritten: false });
      continue;
    }
    const below = changesBelow(t, baseKeys.get(key)!.value, freshPair.value, keptPair.value);
    if (below !== 'whole') { out.push(...below); continue; }
    const freshSpan = pairSpan(t.fresh, freshPair);
    const baseSpan = pairSpan(t.baseline, baseKeys.get(key)!);
    if (!freshSpan || !baseSpan) return 'whole';
    out.push(replacement(t, keptSpan, freshSpan, baseSpan));
  }
  // New keys: after the key the fresh text writes before them, where the kept map has it; else after the map's last key.
  const firstSpan = pairSpan(t.kept, kept.items[0]);
  const lastSpan = pairSpan(t.kept, kept.items[kept.items.length - 1]);
  if (!firstSpan || !lastSpan) return 'whole';
  const column = firstSpan.column;
  let anchor = lastSpan.last + 1;
  const inserted = new Map<number, Splice>();
  for (const [key, freshPair] of freshKeys) {
    const keptPair = keptKeys.get(key);
    if (keptPair) { anchor = pairSpan(t.kept, keptPair)!.last + 1; continue; }
    const freshSpan = pairSpan(t.fresh, freshPair);
    if (!freshSpan) return 'whole';
    const splice = inserted.get(anchor) ?? { from: anchor, to: anchor, lines: [], rewritten: false };
    splice.lines.push(...moved(t.fresh, freshSpan, ' '.repeat(column), column));
    inserted.set(anchor, splice);
  }
  return [...out, ...inserted.values()];
}

/**
 * `fresh` (the exporter's text of the edited document) merged into `kept` by the structure the
 * files share, with the spans where the exporter's layout replaced the user's. Undefined where the
 * structures differ (the caller writes the file whole and says so).
 */
export function mergeByNodes(kept: string, baseline: string, fresh: string): { text: string; rewritten: RewrittenLines[] } | undefined {
  const t: Texts = { kept: new Source(kept), baseline: new Source(baseline), fresh: new Source(fresh) };
  if (!t.kept.root || !t.baseline.root || !t.fresh.root) return undefined;
  const splices = changesBelow(t, t.baseline.root, t.fresh.root, t.kept.root);
  if (splices === 'whole') return undefined;
  splices.sort((a, b) => a.from - b.from || a.to - b.to);
  const out: string[] = [];
  const rewritten: RewrittenLines[] = [];
  let at = 0;
  for (const splice of splices) {
    if (splice.from < at) return undefined; // overlapping spans: no place for both
    out.push(...t.kept.lines.slice(at, splice.from));
    const line = out.length + 1;
    out.push(...splice.lines);
    if (splice.rewritten) rewritten.push({ line, endLine: out.length, sourceLine: splice.from + 1, sourceEndLine: splice.to, why: EDITED_HERE });
    at = splice.to;
  }
  out.push(...t.kept.lines.slice(at));
  return { text: out.join('\n'), rewritten };
}
