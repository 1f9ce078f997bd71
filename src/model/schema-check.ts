// Checking a value against a JSON Schema that comes from the document (a tool's parameters): an
// agent file is untrusted input, so its schemas are interpreted (@cfworker/json-schema), never
// compiled to JavaScript as ajv does with `new Function` (the page's CSP has no 'unsafe-eval').
//
// The one part of a schema that is still code in effect is a `pattern` (and a patternProperties
// key): a regular expression can backtrack for ever on a crafted string. So the interpreter never
// runs one: every pattern is decided first by `testPattern`, which the simulator runs in QuickJS
// with a deadline, against each string the value holds, and the schema handed to the interpreter
// carries only the outcome (a pattern of the literal strings that matched). Formats are not
// checked, as ajv without ajv-formats did not check them.
//
// The messages are ajv's (`arguments/day must be equal to one of the allowed values`), which the
// model reads to correct itself and which the trace and the tests already show.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { JsonSchema } from './json-schema';

/** Whether `pattern` (ECMA-262, `u` flag) matches `value`; throws when it is no regex or ran out of time. */
export type PatternTest = (pattern: string, value: string) => boolean;

/** One failed check, as ajv words it: a JSON pointer into the value and what is wrong there. */
export interface ValueError {
  instancePath: string;
  keyword: string;
  message: string;
}

/** The schema cannot be used to check anything: a pattern that is no regex or ran out of time, a $ref to nowhere. */
export class SchemaNotUsable extends Error {}

const ORIGINAL_PATTERN = 'x-callboard-pattern';
const SCHEMA_MAPS = ['properties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_VALUES = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string the value holds, and every key of its objects: all a pattern can be tested on. */
function stringsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (isNode(value)) {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      stringsOf(item, out);
    }
  }
  return out;
}

/** A regex that matches exactly these strings: each code point escaped, so it cannot backtrack. */
function literally(strings: string[]): string {
  if (strings.length === 0) return '[^\\s\\S]';
  const escape = (s: string) => [...s].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('');
  return `^(?:${strings.map(escape).join('|')})$`;
}

/** The schema with every pattern decided against `strings` and every format dropped; a fresh copy. */
function decided(schema: unknown, strings: string[], matches: (pattern: string, value: string) => boolean): unknown {
  if (!isNode(schema)) return schema;
  // Built as entries: a key named __proto__ stays a key, never the copy's prototype.
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'format' || key === ORIGINAL_PATTERN) continue;
    if (key === 'pattern' && typeof value === 'string') {
      out.push(['pattern', literally(strings.filter((s) => matches(value, s)))], [ORIGINAL_PATTERN, value]);
    } else if (key === 'patternProperties' && isNode(value)) {
      const byKeys: Node = {};
      for (const [pattern, sub] of Object.entries(value)) {
        const literal = literally(strings.filter((s) => matches(pattern, s)));
        const next = decided(sub, strings, matches);
        byKeys[literal] = Object.hasOwn(byKeys, literal) ? { allOf: [byKeys[literal], next] } : next;
      }
      out.push(['patternProperties', byKeys]);
    } else if (SCHEMA_MAPS.includes(key) && isNode(value)) {
      out.push([key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, decided(sub, strings, matches)]))]);
    } else if (SCHEMA_VALUES.includes(key)) {
      out.push([key, decided(value, strings, matches)]);
    } else if ((SCHEMA_LISTS.includes(key) || key === 'items') && Array.isArray(value)) {
      out.push([key, value.map((sub) => decided(sub, strings, matches))]);
    } else if (key === 'items') {
      out.push([key, decided(value, strings, matches)]);
    } else {
      out.push([key, value]);
    }
  }
  return Object.fromEntries(out);
}

/** cfworker's `#/a/b%20c` locations as JSON pointer segments. */
export function segmentsOf(location: string): string[] {
  const rest = location.replace(/^#/, '');
  if (rest === '' || rest === '/') return [];
  return rest.slice(1).split('/').map((s) => {
    let decoded = s;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      // left as written
    }
    return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
  });
}

const toPointer = (segments: string[]) => segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');

/** The schema node at a keyword location, following `$ref` segments the way cfworker walked them. */
function nodeAt(root: unknown, segments: string[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (!isNode(current) && !Array.isArray(current)) return undefined;
    if (segment === '$ref' && isNode(current) && typeof current.$ref === 'string') {
      current = current.$ref.startsWith('#') ? nodeAt(root, segmentsOf(current.$ref)) : undefined;
      continue;
    }
    if (!Object.hasOwn(current as object, segment)) return undefined;
    current = (current as Node)[segment];
  }
  return current;
}

const quoted = (text: string, pattern: RegExp) => pattern.exec(text)?.[1] ?? '';

/** ajv's message for one cfworker unit, or null for a unit that only says a subschema failed. */
function messageOf(unit: OutputUnit, schema: unknown, previous: OutputUnit | undefined): string | null {
  const at = segmentsOf(unit.keywordLocation);
  const holder = nodeAt(schema, at.slice(0, -1));
  const node: Node = isNode(holder) ? holder : {};
  const limit = node[unit.keyword];
  switch (unit.keyword) {
    case 'type':
      return `must be ${Array.isArray(node.type) ? node.type.join(',') : String(node.type)}`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'const':
      return 'must be equal to constant';
    case 'pattern':
      return `must match pattern "${String(node[ORIGINAL_PATTERN] ?? node.pattern)}"`;
    case 'required':
      return `must have required property '${quoted(unit.error, /required property "(.*)"\.$/)}'`;
    case 'additionalProperties':
      return nodeAt(schema, at) === false ? 'must NOT have additional properties' : null;
    case 'false':
      // additionalProperties: false has said it already.
      return previous?.keyword === 'additionalProperties' && nodeAt(schema, segmentsOf(previous.keywordLocation)) === false ? null : 'boolean schema is false';
    case 'minLength':
      return `must NOT have fewer than ${limit} characters`;
    case 'maxLength':
      return `must NOT have more than ${limit} characters`;
    case 'minItems':
      return `must NOT have fewer than ${limit} items`;
    case 'maxItems':
      return `must NOT have more than ${limit} items`;
    case 'minProperties':
      return `must NOT have fewer than ${limit} properties`;
    case 'maxProperties':
      return `must NOT have more than ${limit} properties`;
    case 'minimum':
      return `must be >= ${limit}`;
    case 'maximum':
      return `must be <= ${limit}`;
    case 'exclusiveMinimum':
      return `must be > ${limit}`;
    case 'exclusiveMaximum':
      return `must be < ${limit}`;
    case 'multipleOf':
      return `must be multiple of ${limit}`;
    case 'uniqueItems': {
      const [, j, k] = /indexes (\d+) and (\d+)/.exec(unit.error) ?? [];
      return `must NOT have duplicate items (items ## ${j} and ${k} are identical)`;
    }
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'oneOf':
      return 'must match exactly one schema in oneOf';
    case 'not':
      return 'must NOT be valid';
    case 'if':
      return `must match "${unit.error.includes('"else"') ? 'else' : 'then'}" schema`;
    case 'contains':
      return 'must contain at least 1 valid item(s)';
    case 'propertyNames':
      return 'property name must be valid';
    case 'dependencies': {
      const missing = quoted(unit.error, /does not have "(.*)"\.$/);
      return missing ? `must have property ${missing} when property ${quoted(unit.error, /^Instance has "(.*?)"/)} is present` : null;
    }
    case 'additionalItems':
      return Array.isArray(node.items) && nodeAt(schema, at) === false ? `must NOT have more than ${node.items.length} items` : null;
    default:
      // properties, patternProperties, items, allOf, $ref: their subschemas' own units say what failed.
      return null;
  }
}

// ajv's order of keywords within one schema: the untyped ones, then one group per data type.
const GROUPS: [string | null, string[]][] = [
  [null, ['$comment', 'id', '$ref', 'type', 'nullable', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else']],
  ['number', ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format']],
  ['string', ['maxLength', 'minLength', 'pattern', 'format']],
  ['array', ['maxItems', 'minItems', 'additionalItems', 'items', 'contains', 'uniqueItems']],
  ['object', ['maxProperties', 'minProperties', 'required', 'propertyNames', 'additionalProperties', 'dependencies', 'properties', 'patternProperties']],
];
const RANK = new Map<string, number>();
GROUPS.forEach(([type, keywords], g) => keywords.forEach((k, i) => { if (!RANK.has(`${type}:${k}`)) RANK.set(`${type ?? ''}:${k}`, g * 100 + i + 1); }));
const rankOf = (keyword: string) => GROUPS.reduce((found, [type]) => found ?? RANK.get(`${type ?? ''}:${keyword}`), undefined as number | undefined) ?? 999;
const MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

/**
 * Where ajv reports a type error: after the keywords of its type's group when the schema has one
 * type and keywords of that group; otherwise before everything else.
 */
function typeRank(node: Node): number {
  const group = GROUPS.findIndex(([type]) => type !== null && type === node.type);
  if (group > 0 && GROUPS[group]![1].some((k) => Object.hasOwn(node, k))) return group * 100 + 99;
  return 0;
}

/** A sort key that puts a unit where ajv reports it: keyword order per schema, declaration order of names. */
function orderKey(schema: unknown, unit: OutputUnit): number[] {
  const segments = segmentsOf(unit.keywordLocation);
  const key: number[] = [];
  let node: unknown = schema;
  for (let i = 0; i < segments.length; i++) {
    if (!isNode(node)) break;
    const keyword = segments[i]!;
    const last = i === segments.length - 1;
    if (keyword === '$ref' && typeof node.$ref === 'string') {
      key.push(rankOf('$ref'));
      node = node.$ref.startsWith('#') ? nodeAt(schema, segmentsOf(node.$ref)) : undefined;
      continue;
    }
    if (last && unit.keyword === 'type') key.push(typeRank(node));
    else if (last && unit.keyword === 'if') key.push(rankOf(unit.error.includes('"else"') ? 'else' : 'then'), Infinity);
    else key.push(rankOf(keyword));
    const value = node[keyword];
    if ((MAPS.has(keyword) && isNode(value)) || (LISTS.has(keyword) && Array.isArray(value))) {
      const name = segments[i + 1];
      if (name === undefined) break;
      key.push(Array.isArray(value) ? Number(name) : Object.keys(value).indexOf(name));
      node = (value as Node)[name];
      i++;
    } else node = value;
  }
  // anyOf, oneOf, not, contains, propertyNames: ajv says so after what failed inside them.
  if (['anyOf', 'oneOf', 'not', 'contains', 'propertyNames'].includes(unit.keyword)) key.push(Infinity);
  return key;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function ajvOrdered(units: OutputUnit[], schema: unknown): ValueError[] {
  const out: { key: number[]; error: ValueError }[] = [];
  units.forEach((unit, i) => {
    const message = messageOf(unit, schema, units[i - 1]);
    if (message === null) return;
    // cfworker gives a false schema's unit no keyword location of its own: it stands where its parent did.
    const key = orderKey(schema, unit.keyword === 'false' && i > 0 ? units[i - 1]! : unit);
    out.push({ key, error: { instancePath: toPointer(segmentsOf(unit.instanceLocation)), keyword: unit.keyword, message } });
  });
  return out.sort((a, b) => compareKeys(a.key, b.key)).map((e) => e.error);
}

/**
 * Checks `value` against `schema` and lists what fails, in ajv's words; [] when it passes.
 * Throws SchemaNotUsable when the schema cannot be used (see the class).
 */
export function checkValue(schema: JsonSchema, value: unknown, testPattern: PatternTest): ValueError[] {
  const strings = [...stringsOf(value)];
  const known = new Map<string, boolean>();
  const matches = (pattern: string, s: string) => {
    const key = `${pattern}\u0000${s}`;
    let result = known.get(key);
    if (result === undefined) {
      try {
        result = testPattern(pattern, s);
      } catch (error) {
        throw new SchemaNotUsable(`pattern ${JSON.stringify(pattern)}: ${error instanceof Error ? error.message : String(error)}`);
      }
      known.set(key, result);
    }
    return result;
  };
  const interpretable = decided(schema, strings, matches);
  let units: OutputUnit[];
  try {
    units = new Validator(interpretable as Schema, '7', false).validate(value).errors;
  } catch (error) {
    throw new SchemaNotUsable(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  return ajvOrdered(units, interpretable);
}

/** The errors as ajv's errorsText joins them: `arguments/day must be …, arguments must have …`. */
export function errorsText(errors: ValueError[], dataVar = 'arguments'): string {
  return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', ');
}
