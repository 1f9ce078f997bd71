// Unknown keys travel with the document (design.md: "what is not modelled is kept"). The importer
// splits each YAML map into what the document models and an `extra` map that mirrors the YAML's own
// nesting; the exporter merges `extra` back under the modelled keys. Both use the same Shape, so a
// key the format models can never sneak in through `extra` and change the meaning on re-import.
// Keys are set with setOwn: a YAML key `__proto__` is kept as a key, not taken as the map's prototype.
import { setOwn } from '../../../model/own';
import type { Shape } from './keys';

export type PlainObject = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part of `value` the Shape does not model, nested the same way; {} when everything is modelled. */
export function collectExtra(value: PlainObject, shape: Shape): PlainObject {
  const out: PlainObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (!shape.keys.includes(key)) {
      setOwn(out, key, structuredClone(child));
      continue;
    }
    const nested = Object.hasOwn(shape.nested ?? {}, key) ? shape.nested![key] : undefined;
    if (nested?.map && isPlainObject(child)) {
      const sub = collectExtra(child, nested.map);
      if (Object.keys(sub).length > 0) setOwn(out, key, sub);
    } else if (nested?.each && Array.isArray(child)) {
      const subs = child.map((item) => (isPlainObject(item) ? collectExtra(item, nested.each!) : {}));
      if (subs.some((sub) => Object.keys(sub).length > 0)) setOwn(out, key, subs);
    }
  }
  return out;
}

/**
 * `written` (the modelled keys, in their order) followed by the keys of `extra` it lacks. Where
 * both hold a map (or a list of maps) under a modelled key, the two are merged one level down;
 * otherwise the modelled value wins, and a modelled key absent from `written` is never added.
 */
export function mergeExtra(written: PlainObject, extra: PlainObject | undefined, shape: Shape): PlainObject {
  if (!extra) return written;
  const out: PlainObject = { ...written };
  for (const [key, value] of Object.entries(extra)) {
    if (Object.prototype.hasOwnProperty.call(written, key)) {
      const nested = Object.hasOwn(shape.nested ?? {}, key) ? shape.nested![key] : undefined;
      const mine = written[key];
      if (nested?.map && isPlainObject(mine) && isPlainObject(value)) setOwn(out, key, mergeExtra(mine, value, nested.map));
      else if (nested?.each && Array.isArray(mine) && Array.isArray(value)) {
        setOwn(out, key, mine.map((item, i) => (isPlainObject(item) && isPlainObject(value[i]) ? mergeExtra(item, value[i] as PlainObject, nested.each!) : item)));
      }
    } else if (!shape.keys.includes(key)) {
      setOwn(out, key, structuredClone(value));
    }
  }
  return out;
}

/** What of `extra` an export followed by an import keeps (the round-trip oracle's view of extras). */
export function survivingExtra(written: PlainObject, extra: PlainObject | undefined, shape: Shape): PlainObject | undefined {
  if (!extra) return undefined;
  const kept = collectExtra(mergeExtra(written, extra, shape), shape);
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** Structural equality of JSON-like values; key order does not matter, list order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return Number.isNaN(a) && Number.isNaN(b);
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}
