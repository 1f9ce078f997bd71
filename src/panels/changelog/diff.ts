// How the change log writes one write's prev → next: objects are diffed so that a tool that
// touches one key of a big record shows that key, not two walls of JSON.

export type DiffRow =
  | { key: string; kind: 'added'; next: unknown }
  | { key: string; kind: 'removed'; prev: unknown }
  | { key: string; kind: 'changed'; prev: unknown; next: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys that differ between two objects (or the indexes between two non-empty arrays), in
 * key order of `prev` then the new keys; null when the values are not both objects (or arrays),
 * so the caller shows them whole. An array that starts empty is shown whole: "[0] added,
 * [1] added …" says less than the list itself.
 */
export function diffValues(prev: unknown, next: unknown): DiffRow[] | null {
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;
  if (isPlainObject(prev) && isPlainObject(next)) {
    before = prev;
    after = next;
  } else if (Array.isArray(prev) && Array.isArray(next) && prev.length > 0 && next.length > 0) {
    before = Object.fromEntries(prev.map((v, i) => [`[${i}]`, v]));
    after = Object.fromEntries(next.map((v, i) => [`[${i}]`, v]));
  } else {
    return null;
  }
  const rows: DiffRow[] = [];
  for (const key of Object.keys(before)) {
    if (!(key in after)) rows.push({ key, kind: 'removed', prev: before[key] });
    else if (!same(before[key], after[key])) rows.push({ key, kind: 'changed', prev: before[key], next: after[key] });
  }
  for (const key of Object.keys(after)) if (!(key in before)) rows.push({ key, kind: 'added', next: after[key] });
  return rows;
}

/** A value in one line, cut at `max` characters: the log is a table, the full value is in the title. */
export function compactJson(value: unknown, max = 80): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
