// A plain (unquoted) YAML scalar in a place the document holds as text can read as something else
// than what was written: `007` is the number 7, `1.10` is 1.1, `0x1F` is 31, `~` and `null` are no
// value; and `yes`, `no`, `on`, `off` are text to this reader (YAML 1.2) but booleans to YAML 1.1
// readers (PyYAML among them), as are `1:30` (the number 90) and `1_000` (1000). Each is a warning
// at its place, saying what it was read as and how to quote it. The places: every value the
// importer reads as text (read-context.ts), the text and string-typed values of a tool's
// parameters (its descriptions, patterns, enum values of a string parameter…), and every map key
// (a key is text in JSON whatever YAML reads it as).
import { isMap, isPair, isScalar, isSeq, Scalar, type Node } from 'yaml';
import { walkNodes } from './walk';
/** What the warnings need of the importer's ReadContext (read-context.ts), which calls them. */
export interface MisreadSink {
  warn(node: Node | null | undefined, message: string): void;
  resolve<T extends Node | null | undefined>(node: T): Node | T;
}
type ReadContext = MisreadSink;

const YAML11_BOOLEANS: Readonly<Record<string, boolean>> = {
  yes: true, Yes: true, YES: true, on: true, On: true, ON: true,
  no: false, No: false, NO: false, off: false, Off: false, OFF: false,
};

const quoted = (source: string) => JSON.stringify(source);

/** What a YAML 1.1 reader makes of a plain scalar this one (YAML 1.2) reads as text, or undefined. */
function yaml11Reading(text: string): string | undefined {
  if (Object.hasOwn(YAML11_BOOLEANS, text)) return `the boolean ${YAML11_BOOLEANS[text]}`;
  // Every number form below starts with a digit or a sign: most texts are ruled out here, without the patterns.
  const first = text.charCodeAt(0);
  if (!(first >= 0x30 && first <= 0x39) && first !== 0x2b && first !== 0x2d) return undefined;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.replace(/^[-+]/, '');
  if (/^0b[01_]+$/.test(digits)) return `the number ${sign * parseInt(digits.slice(2).replace(/_/g, ''), 2)}`;
  if (/^[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(digits)) {
    const value = digits.replace(/_/g, '').split(':').map(Number).reduce((n, part) => n * 60 + part, 0);
    return `the number ${sign * value}`;
  }
  if (/^[0-9][0-9_]*(?:\.[0-9_]*)?$/.test(digits) && digits.includes('_')) return `the number ${sign * Number(digits.replace(/_/g, ''))}`;
  return undefined;
}

/** Whether a YAML 1.1 reader reads this text, written plain, as a boolean or a number: the exporter quotes it. */
export const readsOtherwiseInYaml11 = (text: string): boolean => yaml11Reading(text) !== undefined;

/**
 * Why a scalar in a text place does not read as written, or undefined when it does. `asText`: the
 * importer turns a number or a boolean into its text (`007` becomes "7"), so only a changed text is
 * a change; otherwise (a schema's enum, say) a number where text belongs is one already.
 */
export function misreading(node: Node | null | undefined, asText: boolean): string | undefined {
  if (!isScalar(node) || node.type !== Scalar.PLAIN) return undefined;
  const source = typeof node.source === 'string' ? node.source : undefined;
  if (source === undefined || source === '') return undefined;
  const value = node.value;
  if (typeof value === 'string') {
    const other = yaml11Reading(value);
    return other && `${source} is text to this reader, but YAML 1.1 readers (PyYAML among them) read it as ${other}; write ${quoted(source)}, in quotes, so every reader reads the text`;
  }
  if (value === null) return `${source} is read as no value (null), not as the text ${source}; write ${quoted(source)}, in quotes, to keep the text`;
  if (typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  if (asText && String(value) === source) return undefined;
  const what = typeof value === 'number' ? `the number ${String(value)}` : `the boolean ${String(value)}`;
  return `${source} is read as ${what}${asText ? `, so the text becomes ${quoted(String(value))}` : ', not as text'}; write ${quoted(source)}, in quotes, to keep it as written`;
}

/** Whether an import warning is one of misreading's: each ends by saying what to write "in quotes". */
export const isMisreadWarning = (message: string): boolean => /; write .+, in quotes, /.test(message);

/** Warns at `node` when it is a text place's scalar that does not read as written. */
export function warnMisread(ctx: ReadContext, node: Node | null | undefined, what: string, asText = true): void {
  const why = misreading(node, asText);
  if (why) ctx.warn(node, `${what}: ${why}`);
}

/** Every map key of the file that does not read as written (a key is text, whatever YAML reads it as). */
export function warnMisreadKeys(ctx: ReadContext, root: unknown): void {
  walkNodes(root, (node) => {
    if (isPair(node)) warnMisread(ctx, node.key as Node | null, 'a key');
  });
}

// --- A tool's parameters ----------------------------------------------------------------------

const TEXT_KEYWORDS = ['description', 'title', 'pattern', 'format', '$comment', '$ref', '$id'];
const NAME_LISTS = ['required'];
const VALUE_KEYWORDS = ['const', 'default'];
const VALUE_LISTS = ['enum', 'examples'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_VALUES = ['additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
/** Deeper than any schema a person writes; the walk stops there rather than follow a pathological file. */
const MAX_DEPTH = 64;

/** The types a schema map declares (`type: string` or `type: [string, "null"]`). */
function declaredTypes(ctx: ReadContext, schema: Node): string[] {
  if (!isMap(schema)) return [];
  const type = ctx.resolve(schema.get('type', true) as Node | undefined);
  const items = isSeq(type) ? (type.items as Node[]).map((n) => ctx.resolve(n)) : [type];
  return items.flatMap((n) => (isScalar(n) && typeof n.value === 'string' ? [n.value] : []));
}

/**
 * Warns on the scalars of a parameters schema that the schema holds as text and YAML reads as
 * something else: descriptions, titles, patterns and formats anywhere, `required` names, and the
 * enum, const, default and examples values of a schema whose type is string.
 */
export function warnMisreadSchema(ctx: ReadContext, given: Node | null | undefined, tool: string): void {
  const seen = new Set<Node>();
  const walk = (raw: Node | null | undefined, at: string, depth: number): void => {
    const schema = ctx.resolve(raw);
    if (!isMap(schema) || seen.has(schema) || depth > MAX_DEPTH) return;
    seen.add(schema);
    // The first pair of each text key, as schema.get finds it, in one pass: ~30 keywords are looked up per schema.
    const byKey = new Map<string, Node | undefined>();
    for (const pair of schema.items) {
      if (isScalar(pair.key) && typeof pair.key.value === 'string' && !byKey.has(pair.key.value)) byKey.set(pair.key.value, (pair.value ?? undefined) as Node | undefined);
    }
    const get = (key: string) => ctx.resolve(byKey.get(key));
    const items = (node: Node | undefined) => (isSeq(node) ? (node.items as Node[]).map((n) => ctx.resolve(n)) : []);
    for (const key of TEXT_KEYWORDS) warnMisread(ctx, get(key), `${at}, ${key}`, false);
    for (const key of NAME_LISTS) for (const item of items(get(key))) warnMisread(ctx, item, `${at}, ${key}`, false);
    const types = declaredTypes(ctx, schema);
    if (types.includes('string') && types.every((t) => t === 'string' || t === 'null')) {
      const check = (node: Node | undefined, key: string) => {
        if (!(types.includes('null') && isScalar(node) && node.value === null)) warnMisread(ctx, node, `${at}, ${key} of a string`, false);
      };
      for (const key of VALUE_KEYWORDS) check(get(key), key);
      for (const key of VALUE_LISTS) for (const item of items(get(key))) check(item, key);
    }
    for (const key of SCHEMA_MAPS) {
      const map = get(key);
      if (!isMap(map)) continue;
      for (const pair of map.items) walk(pair.value as Node | null, key === 'properties' && isScalar(pair.key) ? `${tool}'s parameter ${String(pair.key.value)}` : at, depth + 1);
    }
    for (const key of SCHEMA_VALUES) walk(get(key), at, depth + 1);
    for (const key of SCHEMA_LISTS) for (const item of items(get(key))) walk(item, at, depth + 1);
  };
  walk(given, `${tool}'s parameters`, 0);
}
