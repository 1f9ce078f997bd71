// An imported file comes back as the user wrote it, plus exactly their edits (issue 33). The
// exporters write a whole file from the document; where an imported file was laid out otherwise
// (a docstring wrapped by hand, a flow map in YAML, comments at the end of lines), the import
// keeps the file as read (`text`) and the exporter's own text of the document as read
// (`baseline`). An export then merges three texts, line by line, as a three-way merge does:
// what the user wrote differently from the baseline (`text`), and what the edits changed in the
// baseline (the fresh export). Where both touch the same lines, the edit wins and the user's
// layout of those lines gives way: that is a normalisation the export names (`rewritten`).
import { diffArrays } from 'diff';
import type { AgentDocument } from '../model';

/** A file as imported, and the exporter's text of the document it was read as. */
export interface KeptSource {
  text: string;
  baseline: string;
}

/** Which exporter a kept source belongs to. */
export type KeptSourceFormat = 'pinecall' | 'pinecallPython' | 'pinecallRuby' | 'pinecallRubyView' | 'blockAgent';

/** Lines (1-based, inclusive) of the merged text where the exporter's layout replaced the user's. */
export interface RewrittenLines {
  line: number;
  endLine: number;
  /** The lines of the imported file they replaced (1-based, inclusive; endLine < line when none). */
  sourceLine: number;
  sourceEndLine: number;
  /** Why the exporter's layout won there. */
  why: string;
}

/** Lines of the imported file (1-based) the exporter must write its own way, and why (e.g. a scalar a YAML 1.1 reader reads otherwise). */
export interface ForcedLines {
  lines: ReadonlySet<number>;
  why: string;
}

/** Why a rewritten span was rewritten, when an edit met the user's layout there. */
export const EDITED_HERE = 'an edit changed them';

export interface MergedExport {
  text: string;
  rewritten: RewrittenLines[];
}

/**
 * The imported file kept for `format`, when the import kept one. A Pinecall import keeps the
 * baseline too (the exporter must not load TypeScript's parser to work it out); a Block Agent
 * import keeps the text only, and its exporter reads it again.
 */
export function keptSourceOf(doc: AgentDocument, format: KeptSourceFormat): { text: string; baseline?: string } | undefined {
  const kept = (doc.preserved?.sources as Record<string, unknown> | undefined)?.[format];
  if (!kept || typeof kept !== 'object') return undefined;
  const { text, baseline } = kept as Partial<KeptSource>;
  if (typeof text !== 'string') return undefined;
  return typeof baseline === 'string' ? { text, baseline } : { text };
}

/**
 * The document with the file it was read from kept, when the exporter would not write that file
 * as it is (an exporter's own file keeps nothing: "nothing preserved" stays one value).
 */
export function withKeptSource(doc: AgentDocument, format: KeptSourceFormat, text: string, baseline: string): AgentDocument {
  if (text === baseline) return doc;
  return { ...doc, preserved: { ...doc.preserved, sources: { ...doc.preserved?.sources, [format]: { text, baseline } } } };
}

/** The document without kept sources: what a round-trip comparison compares. */
export function withoutKeptSources<T extends AgentDocument>(doc: T): T {
  if (!doc.preserved?.sources) return doc;
  const { sources: _sources, ...rest } = doc.preserved;
  const out = { ...doc };
  if (Object.keys(rest).length > 0) out.preserved = rest;
  else delete out.preserved;
  return out;
}

const lines = (text: string): string[] => text.split('\n');

/** One change of the baseline: its lines [start, end) become `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
  side: 'source' | 'edit' | 'forced';
}

// The user's changes against the baseline do not change while the user edits: computed once per kept source.
const sourceHunks = new WeakMap<KeptSource, Hunk[] | null>();

/** A line diff is quadratic at worst; past this many differing lines the merge gives up and says so. */
export const MAX_MERGE_EDIT = 20_000;

/** The hunks that turn `base` into `other`, trimmed of the lines both share at the ends first (the diff is then local). */
function hunksOf(base: string[], other: string[], side: Hunk['side']): Hunk[] | null {
  let head = 0;
  while (head < base.length && head < other.length && base[head] === other[head]) head++;
  let tail = 0;
  while (tail < base.length - head && tail < other.length - head && base[base.length - 1 - tail] === other[other.length - 1 - tail]) tail++;
  const changes = diffArrays(base.slice(head, base.length - tail), other.slice(head, other.length - tail), { maxEditLength: MAX_MERGE_EDIT });
  if (!changes) return null;
  const hunks: Hunk[] = [];
  let at = head;
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      at += change.count ?? change.value.length;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, lines: [], side };
      hunks.push(open);
    }
    if (change.removed) {
      at += change.value.length;
      open.end = at;
    } else open.lines.push(...change.value);
  }
  return hunks;
}

/** Hunks that touch at a line boundary (one ends where the other starts) conflict too: the stricter merge. */
const touches = (a: Hunk, b: Hunk): boolean => a.start <= b.end && b.start <= a.end;

const overlaps = (a: Hunk, b: Hunk): boolean => {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
};

/**
 * `fresh` (the exporter's text of the edited document) merged into the kept file. Unchanged
 * document: the file as read. Undefined when the texts differ too much to merge (the caller then
 * writes `fresh` and says the file was rewritten). `strict`: an edit that only touches lines the
 * user laid out otherwise (a line added right after them) takes those lines in the exporter's
 * layout too; a caller that checks the merge tries it when the first merge reads otherwise.
 */
export function mergeIntoSource(kept: KeptSource, fresh: string, forced?: ForcedLines, strict = false): MergedExport | undefined {
  if (fresh === kept.baseline && !forced?.lines.size) return { text: kept.text, rewritten: [] };
  const base = lines(kept.baseline);
  let found = sourceHunks.get(kept);
  if (found === undefined) {
    found = hunksOf(base, lines(kept.text), 'source');
    sourceHunks.set(kept, found);
  }
  const theirs = fresh === kept.baseline ? [] : hunksOf(base, lines(fresh), 'edit');
  if (!found || !theirs) return undefined;
  // Where the kept file's lines stand (0-based) for each base line: they run beside the base's between the user's hunks.
  const sourceLineOf = (baseLine: number): number => {
    let shift = 0;
    for (const h of found!) if (h.end <= baseLine) shift += h.lines.length - (h.end - h.start);
    return baseLine + shift;
  };
  // A user's hunk over a forced line gives way to the baseline: the exporter's text of those lines.
  const hitsForced = (h: Hunk) => {
    const from = sourceLineOf(h.start);
    for (let line = from + 1; line <= from + h.lines.length; line++) if (forced?.lines.has(line)) return true;
    return false;
  };
  const ours = found.map((h): Hunk => (hitsForced(h) ? { start: h.start, end: h.end, lines: base.slice(h.start, h.end), side: 'forced' } : h));

  // Hunks in base order, grouped while they overlap: a group with hunks of both sides is a conflict.
  const all = [...ours, ...theirs].sort((a, b) => a.start - b.start || a.end - b.end);
  const groups: Hunk[][] = [];
  for (const hunk of all) {
    const group = groups.at(-1);
    if (group && group.some((h) => (strict && h.side !== hunk.side ? touches(h, hunk) : overlaps(h, hunk)))) group.push(hunk);
    else groups.push([hunk]);
  }
  const out: string[] = [];
  const rewritten: RewrittenLines[] = [];
  let at = 0;
  const apply = (hunks: Hunk[], start: number, end: number) => {
    let inner = start;
    for (const h of hunks) {
      out.push(...base.slice(inner, h.start), ...h.lines);
      inner = h.end;
    }
    out.push(...base.slice(inner, end));
  };
  for (const group of groups) {
    const start = Math.min(...group.map((h) => h.start));
    const end = Math.max(...group.map((h) => h.end));
    out.push(...base.slice(at, start));
    const has = (side: Hunk['side']) => group.some((h) => h.side === side);
    const same = group.length === 2 && group[0].start === group[1].start && group[0].end === group[1].end && group[0].lines.join('\n') === group[1].lines.join('\n');
    if (!has('forced') && (!(has('source') && has('edit')) || same)) {
      // One side changed these lines (or both alike): its text, applied hunk by hunk.
      apply(same ? [group[0]] : group, start, end);
    } else {
      // Both, or a line the exporter must write its way: the edit's text of these base lines, and the user's layout of them gives way.
      const line = out.length + 1;
      apply(group.filter((g) => g.side === 'edit'), start, end);
      // The kept file's lines of this region: the base's, as the user's hunks in it changed them.
      const first = sourceLineOf(start);
      const count = end - start + group.filter((h) => h.side !== 'edit').reduce((n, h) => n + h.lines.length - (h.end - h.start), 0);
      rewritten.push({ line, endLine: out.length, sourceLine: first + 1, sourceEndLine: first + count, why: has('forced') && forced ? forced.why : EDITED_HERE });
    }
    at = end;
  }
  out.push(...base.slice(at));
  return { text: out.join('\n'), rewritten };
}

/** JSON text with object keys sorted: how a merged file's reading is compared with the fresh one's (key order is the file's, not its meaning). */
export function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

/** The whole file written in the exporter's layout (the merge gave up, or would change the meaning). */
export function rewrittenWhole(source: string, fresh: string, why: string): RewrittenLines {
  return { line: 1, endLine: lines(fresh).length, sourceLine: 1, sourceEndLine: lines(source).length, why };
}

/** The normalisation a rewritten span is, as a sentence for the Export panel and the CLI. */
export function rewrittenNote(span: RewrittenLines): string {
  const was = span.sourceEndLine < span.sourceLine ? `beside line ${span.sourceLine}` : span.sourceEndLine === span.sourceLine ? `line ${span.sourceLine}` : `lines ${span.sourceLine}–${span.sourceEndLine}`;
  const now = span.endLine === span.line ? `line ${span.line}` : `lines ${span.line}–${span.endLine}`;
  const one = span.endLine === span.line;
  return `${now} of the export ${one ? 'is' : 'are'} written in Callboard's layout, not as the imported file wrote ${one ? 'it' : 'them'} (its ${was}): ${span.why}`;
}
