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

/** Pinecall `confirm`: `{{name}}` from the arguments, `{{result.x}}` from the return value. */
export function fillConfirm(text: string, args: Record<string, unknown>, result: unknown): string {
  return fillTemplate(text, { ...args, result });
}
