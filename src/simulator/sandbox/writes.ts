/**
 * Writes are found by comparing the state copy the tool ended with against the one it started
 * with, rather than by trapping assignments: a Proxy inside QuickJS would miss nested mutation
 * (`this.slots.push(...)`) and would record `this.x = this.x` as a write, which the change log
 * must not show (same-value writes are not logged).
 */

/** Deep equality of JSON values (what crosses the sandbox boundary); key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && jsonEqual(ra[k], rb[k]));
}

/**
 * The fields whose value changed. A field the tool deleted (or set to something JSON cannot hold,
 * such as `undefined` or a function) reads as `null`, the JSON way, and is a write only if the
 * field was not already `null`.
 */
export function diffWrites(
  initial: Record<string, unknown>,
  final: Record<string, unknown>,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(final)])) {
    const before = Object.prototype.hasOwnProperty.call(initial, key) ? initial[key] : null;
    const after = Object.prototype.hasOwnProperty.call(final, key) ? final[key] : null;
    // defineProperty, not assignment: a field named `__proto__` (JSON.parse makes it an own key)
    // must stay a field instead of replacing the prototype of `writes`.
    if (!jsonEqual(before, after)) {
      Object.defineProperty(writes, key, { value: after, enumerable: true, writable: true, configurable: true });
    }
  }
  return writes;
}
