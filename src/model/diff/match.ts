import { sameValue } from './compare';

// Which entity of the first agent is which of the second. By id first (two versions of one
// document share ids), then by name (two files imported separately share names, not ids), then,
// among what is left on both sides, by likeness: an entity whose name changed but whose content
// stayed is a rename, one difference, not a removal plus an addition.

export interface Matched<T> {
  pairs: [T, T][];
  removed: T[];
  added: T[];
}

/** How alike two entities' contents are, 0..1, their names aside. */
export type Likeness<T> = (a: T, b: T) => number;

/** Below this likeness two leftover entities are a removal and an addition, not a rename. */
const RENAME_LIKENESS = 0.6;

export function matchEntities<T>(
  a: readonly T[], b: readonly T[],
  key: { id: (x: T) => string | undefined; name: (x: T) => string },
  likeness?: Likeness<T>,
): Matched<T> {
  const pairs: [T, T][] = [];
  const leftB = new Set(b);
  const leftA: T[] = [];
  const bById = new Map<string, T>();
  for (const y of b) { const id = key.id(y); if (id !== undefined) bById.set(id, y); }
  for (const x of a) {
    const id = key.id(x);
    const y = id === undefined ? undefined : bById.get(id);
    if (y && leftB.has(y)) { pairs.push([x, y]); leftB.delete(y); } else leftA.push(x);
  }
  const stillA: T[] = [];
  for (const x of leftA) {
    const y = [...leftB].find((c) => key.name(c) === key.name(x));
    if (y) { pairs.push([x, y]); leftB.delete(y); } else stillA.push(x);
  }
  const removed: T[] = [];
  for (const x of stillA) {
    const best = likeness ? bestLike(x, [...leftB], likeness) : undefined;
    if (best && bestLike(best, stillA, (p, q) => likeness!(q, p)) === x) { pairs.push([x, best]); leftB.delete(best); } else removed.push(x);
  }
  return { pairs, removed, added: b.filter((y) => leftB.has(y)) };
}

function bestLike<T>(x: T, candidates: T[], likeness: Likeness<T>): T | undefined {
  let best: T | undefined;
  let score = RENAME_LIKENESS;
  for (const c of candidates) {
    const s = likeness(x, c);
    if (s >= score && !(s === score && best)) { best = c; score = s; }
  }
  return best;
}

/** The share of keys (names and ids aside) whose values are equal in both: a plain likeness for records. */
export function recordLikeness(x: object, y: object, ignore: readonly string[] = ['id', 'name']): number {
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !ignore.includes(k)));
  if (keys.size === 0) return 0;
  let same = 0;
  for (const k of keys) if (sameValue(a[k], b[k])) same += 1;
  return same / keys.size;
}
