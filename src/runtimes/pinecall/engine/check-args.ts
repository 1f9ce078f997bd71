// Pinecall checks a tool's arguments before its method runs (formats/pinecall.md, "A tool"):
// only presence and JSON type, with these exact messages, so that the model can correct itself.
import type { Tool } from '../../../model';
import { getOwn } from '../../../model/own';

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
 * `undefined` when the arguments pass; otherwise `<tool>: <msg>; <msg>` in Pinecall's order
 * (run-tool.ts `validate`, formats/pinecall.md "Argument check order"): first every missing
 * required argument, in the order `required` lists them (the signature's), then every type error,
 * in parameter order: `<param> is required`, `<param> must be a <type>, not a <actual>`. A
 * parameter without a declared type (a callback) is not checked.
 */
export function checkArguments(tool: Tool, args: Record<string, unknown>): string | undefined {
  const properties = tool.parameters.properties ?? {};
  // Own keys only: a missing `constructor` is missing, not Object.prototype's function.
  const missing = (tool.parameters.required ?? []).filter((name) => getOwn(args, name) === undefined).map((name) => `${name} is required`);
  const wrongTypes = Object.entries(properties).flatMap(([name, schema]) => {
    const value = getOwn(args, name);
    const declared = schema.type;
    if (value === undefined || declared === undefined) return [];
    const types = Array.isArray(declared) ? declared : [declared];
    return types.some((t) => matches(t, value)) ? [] : [`${name} must be a ${types.join(' or ')}, not a ${jsonTypeOf(value)}`];
  });
  const messages = [...missing, ...wrongTypes];
  return messages.length ? `${tool.name}: ${messages.join('; ')}` : undefined;
}
