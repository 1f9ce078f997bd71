// Pinecall checks a tool's arguments before its method runs (formats/pinecall.md, "A tool"):
// only presence and JSON type, with these exact messages, so that the model can correct itself.
import type { Tool } from '../../model';
import { getOwn } from '../../model/own';

/** The JSON type of a value, as the messages name it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matches(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'null') return value === null;
  return jsonTypeOf(value) === type;
}

/**
 * `undefined` when the arguments pass; otherwise `<tool>: <msg>; <msg>` with messages in parameter
 * order: `<param> is required`, `<param> must be a <type>, not a <actual>`. A parameter without a
 * declared type (a callback) is not checked.
 */
export function checkArguments(tool: Tool, args: Record<string, unknown>): string | undefined {
  const messages: string[] = [];
  const properties = tool.parameters.properties ?? {};
  const required = tool.parameters.required ?? [];
  for (const [name, schema] of Object.entries(properties)) {
    // Own keys only: a missing `constructor` is missing, not Object.prototype's function.
    const value = getOwn(args, name);
    if (value === undefined) {
      if (required.includes(name)) messages.push(`${name} is required`);
      continue;
    }
    const declared = schema.type;
    if (declared === undefined) continue;
    const types = Array.isArray(declared) ? declared : [declared];
    if (!types.some((t) => matches(t, value))) messages.push(`${name} must be a ${types.join(' or ')}, not a ${jsonTypeOf(value)}`);
  }
  // A required name the schema does not list as a property is still required.
  for (const name of required) if (!Object.hasOwn(properties, name) && getOwn(args, name) === undefined) messages.push(`${name} is required`);
  return messages.length ? `${tool.name}: ${messages.join('; ')}` : undefined;
}

/** The arguments text as an object, or the message the model reads when it is not one. */
export function parseArguments(tool: Tool, text: string): { args: Record<string, unknown> } | { error: string } {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { error: `${tool.name}: the arguments are not valid JSON; send one JSON object` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: `${tool.name}: the arguments must be one JSON object` };
  return { args: parsed as Record<string, unknown> };
}
