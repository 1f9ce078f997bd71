// Pinecall's placeholder filler. Block Agent text is Jinja and is rendered by an interpreter in the sandbox
// (./template-jinja.ts); Pinecall's is not: its prompt is `render()`, where a placeholder is written
// `{this.name}`, so `{{ name }}` / `{{ a.b }}` replaced by a value found by dotted path is all a
// Pinecall prompt (and a tool's `confirm`) can say. Running full Jinja here would let the simulator
// honour `{% if %}` or filters the exported class could never express.
import { getOwn } from '../model/own';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}/g;

function lookup(scope: Record<string, unknown>, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    // Own keys only: `{{ constructor }}` names a state field or nothing, never Object.prototype's.
    value = getOwn(value as Record<string, unknown>, key);
  }
  return value;
}

/** A value as text: strings as they are, absent as empty (as Jinja prints undefined), the rest as JSON. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Fills `{{ name }}` / `{{ a.b }}` from `scope`; a `{{secret:…}}` or other text is left as written. */
export function fillTemplate(text: string, scope: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => asText(lookup(scope, path)));
}

/** The placeholder of a read-back as the platform matches it (pinecall/runtime session/tools.py `_A_PLACEHOLDER`, `[\w.]+`). */
const READ_BACK_PLACEHOLDER = /\{\{\s*([\p{L}\p{N}\p{Mn}\p{Pc}.]+)\s*\}\}/gu;

/** A value as Python's `repr` writes it, inside `str()` of a list or a dict. */
function pythonRepr(value: unknown, depth = 0): string {
  if (depth > 32) return '...';
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (Array.isArray(value)) return `[${value.map((v) => pythonRepr(v, depth + 1)).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v, depth + 1)}`).join(', ')}}`;
}

/** A value as Python's `str()` writes it: a string as it is, anything else as its repr. */
const pythonStr = (value: unknown): string => (typeof value === 'string' ? value : pythonRepr(value));

/**
 * Pinecall `confirm`, read back as the platform fills it (pinecall/runtime session/tools.py
 * `read_back` and `_read`, read at 0cd3d72): `{{name}}` from the arguments, `{{result.x}}` from the
 * return value, each step of the path a key of an object; a placeholder nothing fills stays as it
 * was written ("so the read-back never loses a word in silence"), `None` is empty, and any other
 * value is Python's `str()` of it (True, 3, ['a', 'b']).
 */
export function fillConfirm(text: string, args: Record<string, unknown>, result: unknown): string {
  const data: Record<string, unknown> = { ...args, result };
  return text.replace(READ_BACK_PLACEHOLDER, (written, path: string) => {
    let found: unknown = data;
    for (const step of path.split('.')) {
      if (found === null || typeof found !== 'object' || Array.isArray(found) || !Object.hasOwn(found, step)) return written;
      found = (found as Record<string, unknown>)[step];
    }
    return found === null || found === undefined ? '' : pythonStr(found);
  });
}
