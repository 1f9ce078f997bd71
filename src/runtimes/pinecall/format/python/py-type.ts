// A parameter's JSON Schema as a Python type hint, and that hint's schema as pydantic builds it.
// The Pinecall SDK for Python (pinecall 0.11.24, _spec.py arguments_model/schema_of) never reads a
// schema: it builds one from the method's type hints with pydantic. So the export chooses a hint for
// each schema (pyTypeOf), and pydanticSchemaOf says which schema that hint gives back — the schema
// the gateway and the model receive from the class. Where the two differ, the export has lost
// something (losses.ts compares them; conformance/checks/c10_pinecall_sdk.py checks the second
// against pydantic itself).
import type { JsonSchema } from '../../../../model';
import { isPythonIdentifier } from './py-names';

export type PyScalar = 'str' | 'int' | 'float' | 'bool' | 'None';

export type PyType =
  | { kind: 'scalar'; name: PyScalar }
  | { kind: 'any' }
  /** `dict`: an open object. */
  | { kind: 'dict' }
  | { kind: 'list'; items: PyType }
  /** `Literal["a", "b"]` or `Literal[1, 2]`: strings alone or whole numbers alone (another enum is written as its type, a loss). */
  | { kind: 'literal'; values: string[] | number[] }
  | { kind: 'union'; members: PyType[] }
  /** A `TypedDict` declared in the file: an object whose members are all identifiers. */
  | { kind: 'typed'; shape: TypedShape };

export interface TypedMember {
  name: string;
  type: PyType;
  required: boolean;
}

export interface TypedShape {
  members: TypedMember[];
  /** The class's own name (a TypedDict read from Python; the schema's `title`): pydantic names the `$defs` entry so. */
  title?: string;
  /** Where the shape stands, to name its class: the parameter, then the member path. */
  path: string[];
}

const SCALARS: Record<string, PyScalar> = { string: 'str', integer: 'int', number: 'float', boolean: 'bool', null: 'None' };

/**
 * The description pydantic gives a TypedDict class's `$defs` entry, by the shape and the name the
 * file declares it by: its docstring as `inspect.cleandoc` reads it (`GenerateJsonSchema.
 * _update_class_schema`), '' for a blank one; undefined for a class without one.
 */
export type DescribeTyped = (shape: TypedShape, name: string) => string | undefined;

/** How deep nested objects are written as classes; deeper ones become `dict` (a loss). */
export const MAX_TYPED_DEPTH = 8;

/** The hint the export writes for a schema. `path`: the parameter's name and the members above it. */
export function pyTypeOf(schema: JsonSchema | undefined, path: string[], depth = 0): PyType {
  if (!schema || typeof schema !== 'object') return { kind: 'any' };
  const { enum: values } = schema;
  if (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string')) return { kind: 'literal', values: values as string[] };
  if (Array.isArray(values) && values.length > 0 && values.every((v) => Number.isInteger(v))) return { kind: 'literal', values: values as number[] };
  if (typeof schema.const === 'string') return { kind: 'literal', values: [schema.const] };
  if (Array.isArray(schema.type)) {
    const members = schema.type.map((t) => pyTypeOf({ ...schema, type: t }, path, depth));
    return members.length === 1 ? members[0] : union(members);
  }
  if (schema.type === undefined && Array.isArray(schema.anyOf)) return union((schema.anyOf as JsonSchema[]).map((s) => pyTypeOf(s, path, depth)));
  const scalar = typeof schema.type === 'string' ? SCALARS[schema.type] : undefined;
  if (scalar) return { kind: 'scalar', name: scalar };
  if (schema.type === 'array') {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return { kind: 'list', items: items ? pyTypeOf(items, [...path, 'item'], depth) : { kind: 'any' } };
  }
  if (schema.type === 'object') {
    const properties = Object.entries(schema.properties ?? {});
    const closed = properties.length > 0 && properties.every(([name]) => isPythonIdentifier(name)) && depth < MAX_TYPED_DEPTH;
    if (!closed) return { kind: 'dict' };
    const required = new Set(schema.required ?? []);
    const title = typeof schema.title === 'string' && isPythonIdentifier(schema.title) ? schema.title : undefined;
    return {
      kind: 'typed',
      shape: {
        path,
        ...(title ? { title } : {}),
        members: properties.map(([name, member]) => ({ name, type: pyTypeOf(member, [...path, name], depth + 1), required: required.has(name) })),
      },
    };
  }
  return { kind: 'any' };
}

/** `A | B`, flattened, each member once. */
export function union(members: PyType[]): PyType {
  const flat: PyType[] = [];
  for (const member of members.flatMap((m) => (m.kind === 'union' ? m.members : [m]))) {
    if (!flat.some((f) => JSON.stringify(f) === JSON.stringify(member))) flat.push(member);
  }
  return flat.length === 1 ? flat[0] : { kind: 'union', members: flat };
}

export const NONE: PyType = { kind: 'scalar', name: 'None' };

export const includesNone = (type: PyType): boolean =>
  type.kind === 'any' || (type.kind === 'scalar' && type.name === 'None') || (type.kind === 'union' && type.members.some(includesNone));

/** The hint as written. `nameOf` gives a typed shape's class name. */
export function hintText(type: PyType, nameOf: (shape: TypedShape) => string): string {
  switch (type.kind) {
    case 'scalar':
      return type.name;
    case 'any':
      return 'Any';
    case 'dict':
      return 'dict';
    case 'list':
      return type.items.kind === 'any' ? 'list' : `list[${hintText(type.items, nameOf)}]`;
    case 'literal':
      return `Literal[${type.values.map((v) => JSON.stringify(v)).join(', ')}]`;
    case 'union':
      return type.members.map((m) => hintText(m, nameOf)).join(' | ');
    case 'typed':
      return nameOf(type.shape);
  }
}

/**
 * The JSON Schema pydantic 2 builds for the hint (`model_json_schema`, titles dropped as the SDK's
 * `untitled` drops them): a typed shape is a `$ref` into `defs`, closed (`additionalProperties:
 * false`) because the SDK's arguments model forbids extra keys and a TypedDict takes its parent's
 * config; described when the class has a docstring (`describe`: pydantic's `inspect.cleandoc` of it).
 */
export function pydanticSchemaOf(type: PyType, nameOf: (shape: TypedShape) => string, defs: Record<string, JsonSchema>, describe: DescribeTyped = () => undefined): JsonSchema {
  switch (type.kind) {
    case 'scalar':
      return { type: Object.keys(SCALARS).find((k) => SCALARS[k] === type.name)! };
    case 'any':
      return {};
    case 'dict':
      return { additionalProperties: true, type: 'object' };
    case 'list':
      return { items: pydanticSchemaOf(type.items, nameOf, defs, describe), type: 'array' };
    case 'literal': {
      const json = typeof type.values[0] === 'string' ? 'string' : 'integer';
      return type.values.length === 1 ? { const: type.values[0], type: json } : { enum: [...type.values], type: json };
    }
    case 'union':
      // `Any | None` is Any: pydantic reads the union as what it allows, and Any allows all.
      if (type.members.some((m) => m.kind === 'any')) return {};
      return { anyOf: type.members.map((m) => pydanticSchemaOf(m, nameOf, defs, describe)) };
    case 'typed': {
      const name = nameOf(type.shape);
      if (!defs[name]) {
        defs[name] = {};
        const required = type.shape.members.filter((m) => m.required).map((m) => m.name);
        const description = describe(type.shape, name);
        defs[name] = {
          additionalProperties: false,
          ...(description !== undefined ? { description } : {}),
          properties: Object.fromEntries(type.shape.members.map((m) => [m.name, pydanticSchemaOf(m.type, nameOf, defs, describe)])),
          ...(required.length ? { required } : {}),
          type: 'object',
        };
      }
      return { $ref: `#/$defs/${name}` };
    }
  }
}

/** Whether a hint, or a type inside it, is of this kind (`Any`, `Literal`): what the file imports. */
export function usesKind(type: PyType, kind: PyType['kind']): boolean {
  if (type.kind === kind) return true;
  if (type.kind === 'list') return usesKind(type.items, kind);
  if (type.kind === 'union') return type.members.some((m) => usesKind(m, kind));
  if (type.kind === 'typed') return type.shape.members.some((m) => usesKind(m.type, kind));
  return false;
}
