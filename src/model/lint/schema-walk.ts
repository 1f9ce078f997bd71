import type { JsonSchema } from '../json-schema';

type Visit = (schema: JsonSchema, path: (string | number)[]) => void;

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_VALUES = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Visits every subschema of a JSON Schema, with its path below the root. Only keywords that hold
 * schemas are followed, so a `pattern` inside an `enum` or `default` value is never mistaken for
 * a keyword.
 */
export function walkSchema(schema: unknown, visit: Visit, path: (string | number)[] = []): void {
  if (!isSchema(schema)) return;
  visit(schema, path);
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isSchema(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, visit, [...path, key, name]);
  }
  for (const key of SCHEMA_VALUES) walkSchema(schema[key], visit, [...path, key]);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, visit, [...path, key, i]));
  }
  const items = schema.items;
  if (Array.isArray(items)) items.forEach((sub, i) => walkSchema(sub, visit, [...path, 'items', i]));
  else walkSchema(items, visit, [...path, 'items']);
}
