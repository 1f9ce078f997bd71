// The bounds a YAML file is read within (model/limits.ts), checked right after the parse, before
// anything walks the parsed value:
// - nesting, at the line and column where the file passes MAX_FILE_DEPTH. The composer recurses:
//   a file nested 10,000 levels deep made it report "Maximum call stack size exceeded" as if it
//   were a YAML error. Then the depth is read from the parser's tokens instead (the parser is
//   iterative), which costs a second parse, so only then;
// - aliases: the size and depth of the file with every `*alias` written out in full. The
//   library's maxAliasCount counts aliases, not what they stand for: one anchor of a few MB
//   aliased 100 times passes it and comes out of export as hundreds of MB.
// Aliases are resolved here once, in document order, so that reading one costs a lookup and not a
// scan of the whole document (the library's Alias.resolve scans every node before the alias, for
// each alias: 5,000 aliases took seconds); toPlain reads values with them. Duplicate keys
// are found here too, with a set per map: the library compares each new key with every key before
// it (20,000 keys took 5 s), so the importer parses with `uniqueKeys: false`.
import { positionAt } from '../model/text-position';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, Parser, type Alias, type CST, type Document, type LineCounter, type Node } from 'yaml';
import { setOwn } from '../model/own';
import { fileTooDeepMessage, formatCount, MAX_ALIAS_EXPANSION, MAX_FILE_DEPTH } from '../model/limits';
/** A place in the file and what is wrong there (the importer's errors and warnings). */
export interface ImportProblem {
  line: number;
  column: number;
  message: string;
}


/** The first collection nested deeper than `limit`, from the parser's tokens (no composing, no recursion). */
export function yamlDepthError(source: string, limit = MAX_FILE_DEPTH): ImportProblem | undefined {
  let first: number | undefined;
  let deepest = 0;
  for (const token of new Parser().parse(source)) {
    if (token.type !== 'document' || !token.value) continue;
    const stack: { token: CST.Token; depth: number }[] = [{ token: token.value, depth: 0 }];
    while (stack.length > 0) {
      const { token: t, depth } = stack.pop()!;
      if (t.type !== 'block-map' && t.type !== 'block-seq' && t.type !== 'flow-collection') continue;
      const level = depth + 1;
      if (level > deepest) deepest = level;
      if (level > limit && first === undefined) first = t.offset;
      for (const item of t.items as CST.CollectionItem[]) {
        if (item.value) stack.push({ token: item.value, depth: level });
        if (item.key) stack.push({ token: item.key, depth: level });
      }
    }
  }
  if (first === undefined) return undefined;
  return { ...positionAt(source, first), message: fileTooDeepMessage('the file', deepest) };
}

/**
 * Whether `source` may nest deeper than `limit`, from one pass over its characters: a bound, never
 * below the true depth (a block collection nests in another only indented further, but for a
 * sequence under a key, so a line holds at most 2 levels per column of indentation and per "- ",
 * "? " or ": " before its text, plus the open flow brackets; brackets in strings and comments
 * only make it larger). The composer recurses once per level, and so deep on the stack V8 cannot
 * compile a regular expression the schema then runs: that ends the process ("RegExpCompiler
 * Allocation failed"), where a RangeError would have been caught. So a file that may be too deep
 * has its depth read from the parser's tokens (yamlDepthError) before it is composed.
 */
export function mayNestDeeperThan(source: string, limit = MAX_FILE_DEPTH): boolean {
  return nestingBound(source) > limit;
}

/** The bound mayNestDeeperThan compares: at least the depth of the deepest collection in `source`. */
export function nestingBound(source: string): number {
  let flow = 0;
  let atLineStart = true;
  /** Block levels of this line; inside a flow collection, of the line it opened on (indentation means nothing there). */
  let levels = 0;
  let bound = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x0a) {
      if (flow === 0) {
        atLineStart = true;
        levels = 0;
      }
      continue;
    }
    if (atLineStart) {
      const next = source.charCodeAt(i + 1);
      const indicator = (c === 0x2d || c === 0x3f || c === 0x3a) && (next === 0x20 || next === 0x0a || Number.isNaN(next));
      if (c === 0x20 || indicator) {
        levels += 2;
        if (indicator) i++;
        continue;
      }
      atLineStart = false;
      bound = Math.max(bound, levels + 2);
    }
    if (c === 0x5b || c === 0x7b) {
      flow++;
      bound = Math.max(bound, levels + 2 + flow);
    } else if ((c === 0x5d || c === 0x7d) && flow > 0) flow--;
  }
  return Math.max(bound, levels + 2);
}

export type AliasTargets = ReadonlyMap<Alias, Node>;

interface Measure {
  /** Characters of the scalars inside, plus one per node, with every alias written out. */
  size: number;
  /** Levels of collections inside (a scalar 0), with every alias written out. */
  depth: number;
}

export type YamlBounds = { ok: true; targets: AliasTargets } | { ok: false; error: ImportProblem };

/**
 * Every alias's node; or the first place past a bound: nesting deeper than MAX_FILE_DEPTH, or an
 * alias that makes the file, written out in full, larger than MAX_ALIAS_EXPANSION adds or deeper
 * than MAX_FILE_DEPTH, or that stands inside its own anchor; or a key a map holds twice. A
 * document with other errors is left to them (its aliases are not read). Recursion stops at
 * MAX_FILE_DEPTH.
 */
export function checkYamlBounds(source: string, doc: Document, lines: LineCounter): YamlBounds {
  const tooDeep = (): YamlBounds => ({ ok: false, error: yamlDepthError(source) ?? { line: 1, column: 1, message: fileTooDeepMessage('the file', 0) } });
  if (doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')) return tooDeep();
  if (doc.errors.length > 0) return { ok: true, targets: new Map() };
  const result = checkAliases(doc, lines);
  return result === 'too deep' ? tooDeep() : result;
}

function checkAliases(doc: Document, lines: LineCounter): YamlBounds | 'too deep' {
  const anchors = new Map<string, Node>();
  const targets = new Map<Alias, Node>();
  const measured = new Map<Node, Measure>();
  const open = new Set<Node>();
  let added = 0;
  let error: ImportProblem | undefined;
  let nestedTooDeep = false;
  const at = (node: Node, message: string): Measure => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    error ??= { line, column: col, message };
    return { size: 0, depth: 0 };
  };

  /** Keys compare as the library compares them: scalars by value (1 and "1" differ), others never. */
  const duplicateKey = (pairs: readonly unknown[]) => {
    const seen = new Map<unknown, Node>();
    for (const pair of pairs) {
      const key = isPair(pair) ? pair.key : undefined;
      if (!isScalar(key)) continue;
      const before = seen.get(key.value);
      if (before) {
        const first = lines.linePos(before.range?.[0] ?? 0);
        at(key, `the key ${JSON.stringify(String(key.value))} is in this map twice (first on line ${first.line}, column ${first.col}); a map's keys must be unique: remove or rename one`);
        return;
      }
      seen.set(key.value, key);
    }
  };

  const measure = (node: unknown, above: number): Measure => {
    if (error || node === null || node === undefined) return { size: 1, depth: 0 };
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) return at(node, `the alias *${node.source} names no anchor before it, and YAML reads an alias only after its anchor: write &${node.source} on the value it stands for, above this line, or write the value here`);
      targets.set(node, target);
      if (open.has(target)) {
        return at(node, `the alias *${node.source} stands inside the value its anchor &${node.source} names, so it repeats without end; JSON cannot hold that: write the value out, or move the anchor`);
      }
      const inside = measured.get(target)!;
      added += inside.size;
      if (added > MAX_ALIAS_EXPANSION) {
        const anchorLine = lines.linePos(target.range?.[0] ?? 0).line;
        return at(node, `the alias *${node.source} stands for ${formatCount(inside.size)} characters (its anchor &${node.source} is on line ${anchorLine}), and with it the aliases of this file add more than ${formatCount(MAX_ALIAS_EXPANSION)} characters when written out in full; Callboard reads at most ${formatCount(MAX_ALIAS_EXPANSION)}: write the repeated part once, or make it smaller`);
      }
      if (above + inside.depth > MAX_FILE_DEPTH) return at(node, fileTooDeepMessage(`the value *${node.source} stands for, where it stands,`, above + inside.depth));
      return inside;
    }
    const n = node as Node;
    if (isCollection(n) && above + 1 > MAX_FILE_DEPTH) {
      nestedTooDeep = true;
      return at(n, 'too deep');
    }
    if (n.anchor) anchors.set(n.anchor, n);
    let result: Measure;
    if (isScalar(n)) {
      result = { size: 1 + (typeof n.value === 'string' ? n.value.length : String(n.value).length), depth: 0 };
    } else if (isCollection(n)) {
      if (isMap(n)) duplicateKey(n.items);
      open.add(n);
      let size = 1;
      let depth = 0;
      for (const item of n.items) {
        const parts = isPair(item) ? [item.key, item.value] : [item];
        for (const part of parts) {
          const inner = measure(part, above + 1);
          size += inner.size;
          depth = Math.max(depth, inner.depth);
        }
      }
      open.delete(n);
      result = { size, depth: depth + 1 };
    } else {
      result = { size: 1, depth: 0 };
    }
    measured.set(n, result);
    return result;
  };
  measure(doc.contents, 0);
  if (nestedTooDeep) return 'too deep';
  return error ? { ok: false, error } : { ok: true, targets };
}

/**
 * A node as plain data, as the library's toJS gives it for JSON data (keys as text, `~` as "",
 * an alias as its anchor's value, converted once and shared), in one pass over what it holds.
 * A map with a key that is itself a collection is left to the library, which writes such a key out.
 * `done` may be kept across calls (ReadContext does): the values are shared then, and read only.
 */
export function toPlain(node: unknown, doc: Document, targets: AliasTargets, done = new Map<Node, unknown>()): unknown {
  if (node === null || node === undefined) return null;
  if (isAlias(node)) return toPlain(targets.get(node), doc, targets, done);
  const n = node as Node;
  if (done.has(n)) return done.get(n);
  let value: unknown;
  if (isScalar(n)) value = typeof n.value === 'bigint' ? Number(n.value) : n.value;
  else if (isSeq(n) && !n.items.some(isPair)) value = n.items.map((item) => toPlain(item, doc, targets, done));
  else if (isMap(n) && n.items.every((pair) => pair.key === null || isScalar(pair.key))) {
    const out: Record<string, unknown> = {};
    for (const pair of n.items) {
      const key = isScalar(pair.key) ? pair.key.value : null;
      const name = key === null || key === undefined ? '' : String(key);
      // Only `__proto__` needs setOwn (an assignment would set the prototype); defining every key was a large share of a read.
      if (name === '__proto__') setOwn(out, name, toPlain(pair.value, doc, targets, done));
      else out[name] = toPlain(pair.value, doc, targets, done);
    }
    value = out;
  } else value = n.toJS(doc);
  // Kept for every collection: the reader asks for a block, then for each of its turns, edges and tools.
  if (n.anchor || !isScalar(n)) done.set(n, value);
  return value;
}
