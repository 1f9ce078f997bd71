// What a Block Agent file does not say but the document needs, inferred the same way by the
// importer and by the round-trip oracle (project.ts), so the two agree by construction.
// Model files, not the model's index: model/losses reads these conventions, so it must not import the index back.
import { newId } from '../../../model/ids';
import { parameterNames, type JsonSchema } from '../../../model/json-schema';
import type { JsonType, StateField, Tool } from '../../../model/types';

/** The name an imported agent gets: a Block Agent file has no name of its own. */
export const IMPORTED_AGENT_NAME = 'Imported Block Agent';

/** Parameters of a tool whose file gives none (and of every mcp tool, whose tools the server describes). */
export const noParameters = (): JsonSchema => ({ type: 'object', properties: {} });

/**
 * The "not yet detected" tool formats/block-agent.md asks intent blocks to have: recognised by
 * name, since the file has no flag for it (e.g. caller_intent_not_yet_detected).
 */
export const isFallbackToolName = (name: string): boolean => /not_?yet_?detected|intent_?not_?detected|no_?intent|fallback/i.test(name);

/** A block detects intent when it holds a fallback tool or says so in its name (Greeting_Intent). */
export const isIntentBlock = (name: string, ref: string, tools: Tool[]): boolean =>
  tools.some((t) => t.fallback) || /intent/i.test(name) || /intent/i.test(ref);

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

function jsonTypeOf(schema: JsonSchema | undefined): JsonType {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return (types.find((t) => JSON_TYPES.includes(t as JsonType)) as JsonType | undefined) ?? 'string';
}

/**
 * Block Agent's variables are the parameters its tools capture (design.md: state ↔ "persistent
 * variables (captured params)"), so an imported document declares one state field per captured
 * parameter, first capture first, typed and described by that parameter.
 */
export function stateFromTools(tools: Tool[], id: (name: string) => string = () => newId()): StateField[] {
  const fields: StateField[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (tool.kind !== 'function') continue;
    for (const name of parameterNames(tool.parameters)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const schema = tool.parameters.properties?.[name];
      const field: StateField = { id: id(name), name, type: jsonTypeOf(schema), pii: false, visibility: 'private' };
      if (typeof schema?.description === 'string') field.description = schema.description;
      fields.push(field);
    }
  }
  return fields;
}
