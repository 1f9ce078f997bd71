// JSON values written into the class as JavaScript (a state field's default, a mock result) and
// read back. JSON's text is JavaScript, with one exception: in an object literal `"__proto__": v`
// sets the new object's prototype instead of adding a key, so a value with an own `__proto__` key
// (a YAML or JSON file may hold one) would change on the way. Such a key is written
// `["__proto__"]: v`, which JavaScript reads as a key like any other.
// No TypeScript compiler here: the exporter stays pure (see js-lexer.ts); the importer reads such
// a value back with readJsLiteral (import-util.ts).

const PROTO = '__proto__';

/** Whether a JSON value holds an own `__proto__` key at any depth. */
export function holdsProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsProtoKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.hasOwn(value, PROTO) || Object.values(value).some(holdsProtoKey);
}

function write(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : write(v))).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${k === PROTO ? `[${JSON.stringify(k)}]` : JSON.stringify(k)}:${write(v)}`).join(',')}}`;
}

/** A JSON value as a JavaScript expression that evaluates to it: its JSON text unless it holds a `__proto__` key. */
export const jsLiteral = (value: unknown): string => (holdsProtoKey(value) ? write(value) : JSON.stringify(value));
