import type { JsonSchema } from '../../../model';
import { setOwn } from '../../../model/own';
import { isBindable, propertyKey } from '../../../model/names';

/**
 * The TypeScript type the exporter writes for a parameter's JSON Schema, as a small tree. It is
 * printed as TypeScript (export) and mapped straight to the schema Pinecall derives from that
 * TypeScript (the projection), so the round-trip oracle does not run the importer's own code.
 */
export type TypeShape =
  | { kind: 'string' | 'number' | 'boolean' | 'open' | 'callback' }
  | { kind: 'literals'; values: string[] }
  | { kind: 'array'; of: TypeShape }
  | { kind: 'object'; members: MemberShape[] }
  /** Several JSON types (`string | number`): Pinecall reads any such union as an open object. */
  | { kind: 'union'; of: TypeShape[] };

export interface MemberShape {
  name: string;
  optional: boolean;
  type: TypeShape;
  /** The schema allows null too: written `T | null`, which Pinecall reads as T. */
  nullable: boolean;
}

/** One parameter of the signature, in schema order; `optional` already says what Pinecall will read. */
export interface ParamShape extends MemberShape {
  /** Written `T | undefined` (not `?`) because a required parameter follows it. */
  beforeRequired: boolean;
}

const MAX_DEPTH = 16;
const IDENTIFIER_KEY = /^[A-Za-z_$][\w$]*$/;
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema that is exactly Pinecall's reading of a callback: `{description: "callback"}`. */
const isCallbackSchema = (schema: JsonSchema) => Object.keys(schema).length === 1 && schema.description === 'callback';

export function shapeOf(schema: unknown, depth = 0): { type: TypeShape; nullable: boolean } {
  if (!isObject(schema) || depth > MAX_DEPTH) return { type: { kind: 'open' }, nullable: false };
  // Only a parameter can be a callback (formats/pinecall.md); a function-typed member is "any other shape".
  if (depth === 0 && isCallbackSchema(schema)) return { type: { kind: 'callback' }, nullable: false };
  if (schema.const !== undefined) return { type: literalShape([schema.const]), nullable: schema.const === null };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum.filter((v) => v !== null);
    return { type: values.length ? literalShape(values) : { kind: 'open' }, nullable: values.length < schema.enum.length };
  }
  const declared = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  const types = [...new Set(declared.filter((t) => t !== 'null'))];
  const nullable = types.length < declared.length;
  if (types.length === 0) return { type: { kind: 'open' }, nullable };
  const shapes = types.map((t) => jsonTypeShape(schema, t, depth));
  return { type: shapes.length === 1 ? shapes[0] : { kind: 'union', of: shapes }, nullable };
}

function literalShape(values: unknown[]): TypeShape {
  if (values.every((v) => typeof v === 'string')) return { kind: 'literals', values: [...new Set(values as string[])] };
  if (values.every((v) => typeof v === 'number')) return { kind: 'number' };
  if (values.every((v) => typeof v === 'boolean')) return { kind: 'boolean' };
  return { kind: 'open' };
}

function jsonTypeShape(schema: JsonSchema, type: string, depth: number): TypeShape {
  switch (type) {
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'integer':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'array', of: isObject(schema.items) ? shapeOf(schema.items, depth + 1).type : { kind: 'open' } };
    case 'object': {
      const all = Object.entries(schema.properties ?? {});
      if (all.length === 0) return { kind: 'open' };
      // Pinecall's objectOf reads members with an identifier key only: a quoted one is not on the wire.
      const properties = all.filter(([name]) => IDENTIFIER_KEY.test(name));
      if (properties.length === 0) return { kind: 'open' };
      const required = new Set(schema.required ?? []);
      return {
        kind: 'object',
        members: properties.map(([name, sub]) => {
          const { type: memberType, nullable } = shapeOf(sub, depth + 1);
          return { name, optional: !required.has(name), type: memberType, nullable };
        }),
      };
    }
    default:
      return { kind: 'open' };
  }
}

/** The parameters a signature can hold (bindable names), with Pinecall's optionality worked out. */
export function paramShapes(parameters: JsonSchema): ParamShape[] {
  const required = new Set(parameters.required ?? []);
  const params = Object.entries(parameters.properties ?? {})
    .filter(([name]) => isBindable(name))
    .map(([name, schema]) => {
      const { type, nullable } = shapeOf(schema);
      return { name, type, nullable, optional: !required.has(name) || nullable || type.kind === 'callback', beforeRequired: false };
    });
  let lastRequired = -1;
  params.forEach((p, i) => { if (!p.optional) lastRequired = i; });
  return params.map((p, i) => ({ ...p, beforeRequired: p.optional && i < lastRequired }));
}

// --- TypeScript text ---------------------------------------------------------------------------

const CALLBACK = '(...args: any[]) => unknown';
const needsParens = (shape: TypeShape) =>
  shape.kind === 'union' || shape.kind === 'callback' || (shape.kind === 'literals' && shape.values.length > 1);

export type ObjectShape = Extract<TypeShape, { kind: 'object' }>;
/** Names the interface of an object parameter (undefined: write it inline); nested objects are written inline. */
export type NameObject = (shape: ObjectShape, param: string) => string | undefined;

export function typeText(shape: TypeShape, nameObject?: (shape: ObjectShape) => string | undefined): string {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return shape.kind;
    case 'open':
      return 'any';
    case 'callback':
      return CALLBACK;
    case 'literals':
      return shape.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'union':
      return shape.of.map((s) => typeText(s)).join(' | ');
    case 'array': {
      const element = typeText(shape.of);
      return needsParens(shape.of) ? `(${element})[]` : `${element}[]`;
    }
    case 'object':
      return nameObject?.(shape) ?? `{ ${shape.members.map((m) => `${memberText(m)};`).join(' ')} }`;
  }
}

export function memberText(member: MemberShape): string {
  return `${propertyKey(member.name)}${member.optional ? '?' : ''}: ${typeText(member.type)}${member.nullable ? ' | null' : ''}`;
}

/** One parameter as the signature writes it: `a?: T` at the end, `a: T | undefined` before a required one. */
export function paramText(param: ParamShape, nameObject: NameObject): string {
  let type = typeText(param.type, (shape) => nameObject(shape, param.name));
  if (param.nullable) return `${param.name}${param.optional && !param.beforeRequired ? '?' : ''}: ${type} | null`;
  if (!param.optional) return `${param.name}: ${type}`;
  if (!param.beforeRequired) return `${param.name}?: ${type}`;
  if (param.type.kind === 'callback') type = `(${type})`;
  return `${param.name}: ${type} | undefined`;
}

// --- The schema Pinecall derives from that TypeScript (formats/pinecall.md) ------------------------

export function schemaOfShape(shape: TypeShape): JsonSchema {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return { type: shape.kind };
    case 'literals':
      return { type: 'string', enum: [...shape.values] };
    case 'array':
      return { type: 'array', items: schemaOfShape(shape.of) };
    case 'object':
      return objectSchema(shape.members);
    case 'callback':
      return { description: 'callback' };
    case 'open':
    case 'union':
      return { type: 'object', additionalProperties: true };
  }
}

function objectSchema(members: MemberShape[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  // setOwn: a member or parameter named `__proto__` is a property like any other, not the map's prototype.
  for (const m of members) setOwn(properties, m.name, schemaOfShape(m.type));
  return { type: 'object', properties, required: members.filter((m) => !m.optional).map((m) => m.name), additionalProperties: false };
}

/** The parameters schema Pinecall reads from the signature the exporter writes for `parameters`. */
export const pinecallParameters = (parameters: JsonSchema): JsonSchema => objectSchema(paramShapes(parameters));
