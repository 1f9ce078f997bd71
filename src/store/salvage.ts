/**
 * What can be read of a saved record that no longer loads, as a file the user can fix by hand
 * and import again. Pure: the record comes in as IndexedDB stored it (any structured-clone value).
 */
export interface SalvagedFile {
  fileName: string;
  text: string;
  type: string;
}

export function salvageRecord(raw: unknown, projectName: string): SalvagedFile {
  const base = fileBase(projectName);
  if (typeof raw === 'string') {
    // A record saved as JSON text: pretty-print it when it still parses, else hand it back as is.
    try {
      return { fileName: `${base}.recovered.json`, text: toJson(JSON.parse(raw)), type: 'application/json' };
    } catch {
      return { fileName: `${base}.recovered.txt`, text: raw, type: 'text/plain' };
    }
  }
  return { fileName: `${base}.recovered.json`, text: toJson(raw), type: 'application/json' };
}

function fileBase(name: string) {
  const cleaned = name.trim().replace(/[^\p{L}\p{N}._ -]+/gu, '').replace(/\s+/g, '-').slice(0, 60);
  return cleaned || 'project';
}

/** JSON.stringify that does not throw on what IndexedDB can hold but JSON cannot (cycles, BigInt, Map, Set). */
function toJson(value: unknown): string {
  // The replacer's `this` is the holder of `item`: a stack of (written, original) pairs tells the
  // ancestors of `item`, and an ancestor met again is a cycle.
  const stack: { written: object; original: object }[] = [];
  return JSON.stringify(value, function (this: unknown, _key, item: unknown) {
    if (typeof item === 'bigint') return item.toString();
    if (item === undefined && Array.isArray(this)) return null;
    if (typeof item !== 'object' || item === null) return item;
    while (stack.length > 0 && stack[stack.length - 1].written !== this) stack.pop();
    if (stack.some((entry) => entry.original === item)) return '[circular]';
    const written: object = item instanceof Map ? Object.fromEntries(item) : item instanceof Set ? [...item] : item;
    stack.push({ written, original: item });
    return written;
  }, 2) ?? 'null';
}
