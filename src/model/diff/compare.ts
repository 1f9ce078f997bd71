// Field-by-field comparison of two views of an entity (views: references already read as names).
// Objects are walked key by key, so a schema change is "parameter date: type", not "parameters";
// arrays of objects are walked by place (an edge's "condition 2"); arrays of plain values, and
// values of the keys a view marks atomic, are compared whole.

/** A stable text of a JSON value: keys sorted, so two objects equal up to key order compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)))
      : v) ?? 'undefined';
}

export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

export interface FieldChange {
  field: (string | number)[];
  old: unknown;
  new: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** How deep a walk goes before it compares what is left whole: documents are depth-bounded, this is a second guard. */
const MAX_WALK_DEPTH = 32;

/**
 * The leaf changes between `a` and `b`. `atomic(field)` says where to stop walking and compare
 * whole (a tool's scope, a parameter's enum). Keys in `skip` at the top level are not compared.
 */
export function compareFields(
  a: unknown, b: unknown,
  atomic: (field: (string | number)[]) => boolean = () => false,
  field: (string | number)[] = [],
): FieldChange[] {
  if (sameValue(a, b)) return [];
  if (field.length < MAX_WALK_DEPTH && !atomic(field)) {
    if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      return keys.flatMap((k) => compareFields(a[k], b[k], atomic, [...field, k]));
    }
    if (Array.isArray(a) && Array.isArray(b) && (a.some(isRecord) || b.some(isRecord))) {
      const n = Math.max(a.length, b.length);
      const out: FieldChange[] = [];
      for (let i = 0; i < n; i += 1) out.push(...compareFields(a[i], b[i], atomic, [...field, i]));
      return out;
    }
  }
  return [{ field, old: a, new: b }];
}
