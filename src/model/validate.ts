import type { ErrorObject, ValidateFunction } from 'ajv';
import validateAgent from './generated/agent-validator';
import type { AgentDocument } from './types';

/** A problem found in a document, in the same shape as lint problems: a path and what to write. */
export interface SchemaError {
  path: string;
  message: string;
}

// Compiled from agent.schema.json at build time (`npm run gen:validator`, ajv standalone): nothing
// compiles a validator at run time, so the page needs no 'unsafe-eval'.
const validate = validateAgent as unknown as ValidateFunction<AgentDocument>;

function describe(error: ErrorObject): SchemaError {
  const path = error.instancePath || '/';
  switch (error.keyword) {
    case 'required':
      return { path, message: `add the required property "${(error.params as { missingProperty: string }).missingProperty}"` };
    case 'additionalProperties': {
      // At the property itself, so that a file's error points at the key to remove (line:column).
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      return { path: `${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `remove the unknown property "${key}"` };
    }
    case 'enum':
      return { path, message: `use one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}` };
    case 'const':
      return { path, message: `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}` };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

/** Validates a whole document against agent.schema.json. */
export function validateDocument(value: unknown): { ok: true; doc: AgentDocument } | { ok: false; errors: SchemaError[] } {
  if (validate(value)) return { ok: true, doc: value };
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if').map(describe);
  // oneOf branches each report; keep one message per path and text.
  const seen = new Set<string>();
  return { ok: false, errors: errors.filter((e) => !seen.has(e.path + e.message) && (seen.add(e.path + e.message), true)) };
}
