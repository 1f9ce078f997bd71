// Whether a tool's parameters are a JSON Schema that ajv in strict mode would accept, found without
// compiling it: the schema comes from the document, and compiling is code generation. The meta-
// schema check is interpreted (@cfworker/json-schema, against draft-07); ajv's strict-mode rules
// (strictSchema, strictTypes, strictTuples) are written out here from ajv 8's own list of keywords
// and the data type each applies to. strictRequired is rule parameters-required-unknown's, and an
// invalid pattern rule parameter-pattern-invalid's: neither is reported here. No regex is run on a
// string: a pattern is only compiled, which takes time linear in its length.
import { segmentsOf } from '../schema-check';
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import type { JsonSchema } from '../json-schema';

type Segments = (string | number)[];
type Node = Record<string, unknown>;

export interface StrictProblem {
  /** Where, below the parameters. */
  at: Segments;
  /** What is wrong, in words close to ajv's. */
  message: string;
  kind: 'meta' | 'unknown-keyword' | 'unknown-format' | 'missing-type' | 'type-context' | 'ignored' | 'tuple' | 'ref' | 'regex';
  /** The keyword, type or format it names. */
  name?: string;
}

/** ajv 8's keywords for draft-07, and the data types those that apply to one type apply to. */
const KEYWORD_TYPES = new Map<string, string[]>(Object.entries({
  $async: [], $schema: [], $id: [], $defs: [], $vocabulary: [], $comment: [], definitions: [], id: [], $ref: [],
  maximum: ['number'], minimum: ['number'], exclusiveMaximum: ['number'], exclusiveMinimum: ['number'], multipleOf: ['number'],
  maxLength: ['string'], minLength: ['string'], pattern: ['string'],
  maxProperties: ['object'], minProperties: ['object'], required: ['object'],
  maxItems: ['array'], minItems: ['array'], uniqueItems: ['array'],
  type: [], nullable: [], const: [], enum: [], not: [], anyOf: [], oneOf: [], allOf: [], if: [], then: [], else: [],
  propertyNames: ['object'], additionalProperties: ['object'], dependencies: ['object'], properties: ['object'], patternProperties: ['object'],
  additionalItems: ['array'], items: ['array'], contains: ['array'],
  format: ['number', 'string'],
  title: [], description: [], default: [], deprecated: [], readOnly: [], writeOnly: [], examples: [],
  contentMediaType: [], contentEncoding: [], contentSchema: [],
} satisfies Record<string, string[]>));

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Own keys only: a schema key named like a member of every object (constructor, __proto__) is no keyword. */
const has = (node: Node, key: string) => Object.hasOwn(node, key);

/** The meta-schema without its formats: ajv without ajv-formats does not check them either. */
function withoutFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutFormats);
  if (!isNode(schema)) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'format').map(([k, v]) => [k, withoutFormats(v)]));
}

let meta: Validator | undefined;


/** Units that only say a subschema failed; the ones below them say how. */
const WRAPPERS = new Set(['properties', 'additionalProperties', 'patternProperties', 'items', 'additionalItems', '$ref', 'allOf', 'anyOf', 'oneOf', 'dependencies', 'propertyNames', 'contains', 'if', 'not']);

function describeMeta(unit: OutputUnit): string {
  switch (unit.keyword) {
    case 'type':
      return `must be ${unit.error.replace(/^.*Expected (.*)\.$/, '$1').replace(/"/g, '').replace(/, /g, ',')}`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'minimum':
      return `must be >= ${unit.error.replace(/^.* than\s+(\S+)\.$/, '$1')}`;
    case 'minItems':
      return 'must NOT have fewer than 1 items';
    case 'uniqueItems':
      return 'must NOT have duplicate items';
    case 'false':
      return 'boolean schema is false';
    default:
      return unit.error.replace(/\.$/, '');
  }
}

/** The first place where the schema is no draft-07 JSON Schema at all. */
function metaProblem(schema: unknown): StrictProblem | null {
  meta ??= new Validator(withoutFormats(structuredClone(draft07)) as Schema, '7', false);
  const result = meta.validate(schema);
  if (result.valid) return null;
  const leaves = result.errors.filter((u) => !WRAPPERS.has(u.keyword));
  // The deepest place first: that is where the fix goes (`"type": "strin"` is wrong at type).
  const unit = [...(leaves.length ? leaves : result.errors)].sort((a, b) => segmentsOf(b.instanceLocation).length - segmentsOf(a.instanceLocation).length)[0]!;
  const at = segmentsOf(unit.instanceLocation);
  const same = leaves.filter((u) => u.instanceLocation === unit.instanceLocation).map(describeMeta);
  const where = at.length ? `/${at.join('/')}` : '';
  return { at, kind: 'meta', message: `schema is invalid: data${where} ${[...new Set(same)].join(', or ')}` };
}

const typesOf = (node: Node): string[] => (Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === 'string') : typeof node.type === 'string' ? [node.type] : []);
const applies = (types: string[], keywordType: string) => types.includes(keywordType) || (keywordType === 'number' && types.includes('integer'));
const allowedBy = (context: string[], type: string) => context.includes(type) || (type === 'integer' && context.includes('number'));

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function resolves(root: unknown, ref: string): boolean {
  if (!ref.startsWith('#')) return false; // nothing outside the schema is loaded
  let current: unknown = root;
  for (const segment of segmentsOf(ref)) {
    if (!isNode(current) && !Array.isArray(current)) return false;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return false;
    current = (current as Node)[segment];
  }
  return isNode(current) || typeof current === 'boolean';
}

/** ajv's strict-mode checks of one schema and its subschemas, in the order ajv meets them. */
function strictProblem(root: unknown, node: unknown, at: Segments, context: string[]): StrictProblem | null {
  if (!isNode(node)) return null;
  for (const key of Object.keys(node)) {
    // Own keys only: `toString` or `__proto__` is no keyword, though every object answers to it.
    if (!KEYWORD_TYPES.has(key)) return { at: [...at, key], kind: 'unknown-keyword', name: key, message: `strict mode: unknown keyword: "${key}"` };
  }
  if (typeof node.$ref === 'string' && !resolves(root, node.$ref)) {
    return { at: [...at, '$ref'], kind: 'ref', message: `can't resolve reference ${node.$ref}` };
  }
  const path = `#${at.map((s) => `/${s}`).join('')}`;
  const own = typesOf(node);
  for (const type of own) {
    if (context.length && !allowedBy(context, type)) {
      return { at: [...at, 'type'], kind: 'type-context', name: type, message: `strict mode: type "${type}" not allowed by context "${context.join(',')}" at "${path}" (strictTypes)` };
    }
  }
  const types = own.length ? (context.length ? own.filter((t) => allowedBy(context, t)) : own) : context;
  if (has(node, 'nullable') && node.nullable === true && own.length === 0) return { at, kind: 'ignored', message: '"nullable" cannot be used without "type"' };
  for (const [keyword, keywordTypes] of KEYWORD_TYPES) {
    if (!has(node, keyword) || keywordTypes.length === 0) continue;
    if (!keywordTypes.some((t) => applies(types, t))) {
      return { at, kind: 'missing-type', name: keywordTypes.join(','), message: `strict mode: missing type "${keywordTypes.join(',')}" for keyword "${keyword}" at "${path}" (strictTypes)` };
    }
  }
  if (typeof node.format === 'string') return { at, kind: 'unknown-format', name: node.format, message: `unknown format "${node.format}" ignored in schema at path "${path}"` };
  if (has(node, 'if') && !has(node, 'then') && !has(node, 'else')) return { at: [...at, 'if'], kind: 'ignored', message: 'strict mode: "if" without "then" and "else" is ignored' };
  for (const keyword of ['then', 'else']) {
    if (has(node, keyword) && !has(node, 'if')) return { at: [...at, keyword], kind: 'ignored', message: `strict mode: "${keyword}" without "if" is ignored` };
  }
  if (has(node, 'additionalItems') && !Array.isArray(node.items)) return { at: [...at, 'additionalItems'], kind: 'ignored', message: 'strict mode: "additionalItems" is ignored when "items" is not an array of schemas' };
  if (Array.isArray(node.items)) {
    const n = node.items.length;
    const full = node.minItems === n && (node.maxItems === n || node.additionalItems === false);
    if (!full) return { at: [...at, 'items'], kind: 'tuple', message: `strict mode: "items" is ${n}-tuple, but minItems or maxItems/additionalItems are not specified or different at path "${path}"` };
  }
  if (isNode(node.patternProperties)) {
    for (const pattern of Object.keys(node.patternProperties)) {
      if (!compiles(pattern)) return { at: [...at, 'patternProperties', pattern], kind: 'regex', message: `patternProperties key ${JSON.stringify(pattern)} is not a valid regular expression` };
    }
  }
  // Subschemas: those of the same data keep what is known of its type; the others start afresh.
  const same: [Segments, unknown][] = [];
  for (const keyword of ['not', 'if', 'then', 'else']) same.push([[keyword], node[keyword]]);
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => same.push([[keyword, i], sub]));
  }
  for (const [where, sub] of same) {
    const found = strictProblem(root, sub, [...at, ...where], types);
    if (found) return found;
  }
  const other: [Segments, unknown][] = [];
  for (const keyword of ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']) {
    const map = node[keyword];
    if (isNode(map)) for (const [name, sub] of Object.entries(map)) other.push([[keyword, name], sub]);
  }
  for (const keyword of ['additionalProperties', 'propertyNames', 'additionalItems', 'contains']) other.push([[keyword], node[keyword]]);
  if (Array.isArray(node.items)) node.items.forEach((sub, i) => other.push([['items', i], sub]));
  else other.push([['items'], node.items]);
  for (const [where, sub] of other) {
    const found = strictProblem(root, sub, [...at, ...where], []);
    if (found) return found;
  }
  return null;
}

/**
 * The first reason ajv (strict, union types allowed) would refuse to compile `schema`, or null.
 * `schema` is the parameters with unknown required names and invalid patterns already taken out.
 */
export function strictSchemaProblem(schema: JsonSchema): StrictProblem | null {
  return metaProblem(schema) ?? strictProblem(schema, schema, [], []);
}
