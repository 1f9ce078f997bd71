import type { JsonSchema } from '../model';
import type { BoundedPatterns } from '../model/bounded-pattern';
import { backtrackingRisk } from '../model/pattern-risk';

/**
 * The parameters form ⇄ JSON Schema. The form covers the usual cases (one simple type, a
 * description, required, an enum, a pattern, an array's item type); every edit is a pure
 * function from one schema to the next that keeps the property order (the signature's order)
 * and every keyword it does not touch. The document stays the one source of truth: the form
 * reads rows from it and writes schemas back.
 */
export const PARAM_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export interface ParamRow {
  name: string;
  /** 'other' for a schema the form cannot show as one simple type (a union, no type, a $ref). */
  type: ParamType | 'other';
  itemsType?: ParamType | 'other';
  description: string;
  required: boolean;
  /** The enum as the form edits it: values separated by commas. */
  enumText: string;
  pattern: string;
  /** Keywords the form does not show (they are kept, and edited in the JSON view). */
  otherKeywords: string[];
}

const SHOWN = new Set(['type', 'description', 'enum', 'pattern', 'items']);

const isParamType = (value: unknown): value is ParamType => typeof value === 'string' && (PARAM_TYPES as readonly string[]).includes(value);

function typeOf(schema: JsonSchema | undefined): ParamType | 'other' {
  return schema && isParamType(schema.type) ? schema.type : 'other';
}

export function enumToText(values: unknown[] | undefined): string {
  return (values ?? []).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

/**
 * Comma-separated values typed as the parameter is: strings as written, numbers and booleans
 * parsed. An empty text means no enum. A value that does not fit the type is an error message.
 */
export function parseEnumText(text: string, type: ParamType | 'other'): { values: unknown[] | undefined } | { error: string } {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return { values: undefined };
  const values: unknown[] = [];
  for (const part of parts) {
    if (type === 'number' || type === 'integer') {
      const n = Number(part);
      if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return { error: `${JSON.stringify(part)} is not ${type === 'integer' ? 'an integer' : 'a number'}` };
      values.push(n);
    } else if (type === 'boolean') {
      if (part !== 'true' && part !== 'false') return { error: `${JSON.stringify(part)} is not true or false` };
      values.push(part === 'true');
    } else {
      values.push(part);
    }
  }
  return { values: [...new Set(values)] };
}

export function schemaToRows(schema: JsonSchema): ParamRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, sub]) => {
    const property: JsonSchema = typeof sub === 'object' && sub !== null ? sub : {};
    const items = Array.isArray(property.items) ? undefined : property.items;
    return {
      name,
      type: typeOf(property),
      itemsType: property.type === 'array' ? typeOf(items) : undefined,
      description: typeof property.description === 'string' ? property.description : '',
      required: required.has(name),
      enumText: enumToText(Array.isArray(property.enum) ? property.enum : undefined),
      pattern: typeof property.pattern === 'string' ? property.pattern : '',
      otherKeywords: Object.keys(property).filter((k) => !SHOWN.has(k)),
    };
  });
}

/** Replaces one property's schema, keeping the order of the properties. */
function withProperty(schema: JsonSchema, name: string, change: (property: JsonSchema) => JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  if (!(name in properties)) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, key === name ? change({ ...value }) : value])),
  };
}

function without(property: JsonSchema, ...keys: string[]): JsonSchema {
  const next = { ...property };
  for (const key of keys) delete next[key];
  return next;
}

/** Keywords that only mean something for one type family; dropped when the type changes away. */
const STRING_ONLY = ['pattern', 'minLength', 'maxLength', 'format'];
const NUMBER_ONLY = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const ARRAY_ONLY = ['items', 'minItems', 'maxItems', 'uniqueItems'];
const OBJECT_ONLY = ['properties', 'required', 'additionalProperties'];

export function setParamType(schema: JsonSchema, name: string, type: ParamType): JsonSchema {
  return withProperty(schema, name, (property) => {
    if (property.type === type) return property;
    let next: JsonSchema = { ...property, type };
    if (type !== 'string') next = without(next, ...STRING_ONLY);
    if (type !== 'number' && type !== 'integer') next = without(next, ...NUMBER_ONLY);
    if (type !== 'array') next = without(next, ...ARRAY_ONLY);
    if (type !== 'object') next = without(next, ...OBJECT_ONLY);
    if (type === 'array' && !next.items) next.items = { type: 'string' };
    if (Array.isArray(next.enum)) {
      const parsed = parseEnumText(enumToText(next.enum), type);
      next = 'values' in parsed && parsed.values && type !== 'array' && type !== 'object' ? { ...next, enum: parsed.values } : without(next, 'enum');
    }
    return next;
  });
}

export function setParamItemsType(schema: JsonSchema, name: string, type: ParamType): JsonSchema {
  return withProperty(schema, name, (property) => {
    const items = !Array.isArray(property.items) && property.items ? property.items : {};
    return { ...property, items: { ...items, type } };
  });
}

export function setParamDescription(schema: JsonSchema, name: string, description: string): JsonSchema {
  return withProperty(schema, name, (property) => (description ? { ...property, description } : without(property, 'description')));
}

export function setParamPattern(schema: JsonSchema, name: string, pattern: string): JsonSchema {
  return withProperty(schema, name, (property) => (pattern ? { ...property, pattern } : without(property, 'pattern')));
}

export function setParamEnum(schema: JsonSchema, name: string, values: unknown[] | undefined): JsonSchema {
  return withProperty(schema, name, (property) => (values && values.length ? { ...property, enum: values } : without(property, 'enum')));
}

/** `required` stays in the properties' order, and is always present (Pinecall writes it so). */
export function setParamRequired(schema: JsonSchema, name: string, required: boolean): JsonSchema {
  if (!(name in (schema.properties ?? {}))) return schema;
  const current = new Set(schema.required ?? []);
  if (required) current.add(name);
  else current.delete(name);
  const ordered = Object.keys(schema.properties ?? {}).filter((key) => current.has(key));
  const unknown = [...current].filter((key) => !(key in (schema.properties ?? {})));
  return { ...schema, required: [...ordered, ...unknown] };
}

/** Adds a required string parameter with a fresh name; returns the name given. */
export function addParam(schema: JsonSchema, base = 'param'): { schema: JsonSchema; name: string } {
  const properties = schema.properties ?? {};
  let name = base;
  for (let i = 2; name in properties; i++) name = `${base}_${i}`;
  return {
    name,
    schema: { ...schema, type: schema.type ?? 'object', properties: { ...properties, [name]: { type: 'string', description: '' } }, required: [...(schema.required ?? []), name] },
  };
}

export function removeParam(schema: JsonSchema, name: string): JsonSchema {
  const properties = { ...(schema.properties ?? {}) };
  if (!(name in properties)) return schema;
  delete properties[name];
  return { ...schema, properties, required: (schema.required ?? []).filter((r) => r !== name) };
}

export interface PatternTest {
  /** The regular expression's syntax error, when it has one. */
  error?: string;
  /**
   * A shape that may backtrack for ever (model/pattern-risk.ts): a hint only. The samples are
   * still tested, each with a deadline, in the pattern sandbox.
   */
  risk?: string;
  /** The pattern sandbox is still loading: nothing is tested yet. */
  pending?: true;
  /** Per sample: whether the pattern matches it (unanchored, as JSON Schema reads `pattern`). */
  matches: boolean[];
  /** Per sample, when any: the pattern ran out of time (or memory) on it and was stopped, so it neither matches nor not. */
  slow?: boolean[];
  /** The deadline a sample had, in ms, when one ran out. */
  timeoutMs?: number;
}

/** One call of the tester (one render) may spend this long in all: a page frame's worth of slow samples, not one per sample. */
export const TESTER_ALLOWANCE_MS = 300;

/**
 * JSON Schema patterns are ECMA-262 regular expressions, tested with the `u` flag as ajv does. The
 * pattern is the document's, so the page's own RegExp only compiles it (linear in its length, for
 * the syntax error's wording) and never runs it: each sample is run in `bounded` (the pattern
 * sandbox, QuickJS with a deadline), and one the pattern runs out of time on is marked slow. Without
 * `bounded` (still loading), nothing is tested.
 */
export function testPattern(pattern: string, samples: string[], bounded: BoundedPatterns | undefined): PatternTest {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return { error: (error as Error).message, matches: samples.map(() => false) };
  }
  const risk = backtrackingRisk(pattern) ?? undefined;
  const hint = risk ? { risk } : {};
  if (!bounded) return { ...hint, pending: true, matches: samples.map(() => false) };
  const matches: boolean[] = [];
  const slow: boolean[] = [];
  let left = TESTER_ALLOWANCE_MS;
  let timeoutMs = bounded.timeoutMs;
  for (const sample of samples) {
    if (left <= 0) {
      matches.push(false);
      slow.push(true);
      continue;
    }
    const ms = Math.min(bounded.timeoutMs, left);
    const started = Date.now();
    const run = bounded.exec(pattern, 'u', sample, ms);
    left -= Date.now() - started;
    if ('failed' in run && run.failed === 'invalid') return { error: run.message, matches: samples.map(() => false) }; // QuickJS reads less than V8
    const failed = 'failed' in run;
    if (failed) timeoutMs = Math.min(timeoutMs, ms);
    matches.push(!failed && run.matched !== null);
    slow.push(failed);
  }
  return slow.some(Boolean) ? { ...hint, matches, slow, timeoutMs } : { ...hint, matches };
}
