import Ajv from 'ajv';
import type { JsonSchema } from '../json-schema';
import type { Tool } from '../types';
import { toolLabel } from './context';
import { pointer, resolvePointer } from './pointer';
import { walkSchema } from './schema-walk';
import type { Finding, LintContext } from './types';

type Segments = (string | number)[];

/** The unicode flag is how ajv compiles a `pattern` (its default `unicodeRegExp`), so test with it. */
function regexError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `required` entries that name no property, per subschema that declares properties (and the root). */
function unknownRequired(schema: JsonSchema): { at: Segments; index: number; name: string }[] {
  const found: { at: Segments; index: number; name: string }[] = [];
  walkSchema(schema, (node, at) => {
    if (!Array.isArray(node.required) || (at.length > 0 && node.properties === undefined)) return;
    const names = Object.keys(node.properties ?? {});
    node.required.forEach((name, index) => {
      if (typeof name === 'string' && !names.includes(name)) found.push({ at, index, name });
    });
  });
  return found;
}

// Strict ajv, as the simulator checks arguments. Union types (`["string", "null"]`) are valid
// JSON Schema that OpenAI itself uses, so they are allowed, as in validate.ts.
let ajv: Ajv | undefined;
const compileErrors = new Map<string, string | null>();

/** Why ajv cannot compile the schema, or null; cached by the schema's text, since lint runs on every edit. */
function ajvCompileError(schema: JsonSchema): string | null {
  const key = JSON.stringify(schema);
  const cached = compileErrors.get(key);
  if (cached !== undefined) return cached;
  ajv ??= new Ajv({ strict: true, allowUnionTypes: true });
  let error: string | null = null;
  try {
    ajv.compile(schema);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  } finally {
    ajv.removeSchema(schema);
  }
  if (compileErrors.size > 500) compileErrors.clear();
  compileErrors.set(key, error);
  return error;
}

/** Where an ajv strict-mode message points: its `at "#/…"` schema path, or the unknown keyword's place. */
function locateAjvError(schema: JsonSchema, message: string): Segments {
  const found = ajvErrorPlace(schema, message);
  return resolvePointer(schema, pointer(...found)).found ? found : [];
}

/** ajv escapes `#/…` paths but not `data/…` ones: a key holding a bare `%` must stay as written. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function ajvErrorPlace(schema: JsonSchema, message: string): Segments {
  // Strict-mode messages say `at "#/…"`; meta-schema ones `data/…/type must be …`.
  const at = /"#(\/[^"]*)?"/.exec(message) ?? /^schema is invalid: data(\/[^\s,]*)/.exec(message);
  if (at) return (at[1] ?? '').split('/').slice(1).map((s) => safeDecode(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  let found: Segments = [];
  if (keyword) walkSchema(schema, (node, path) => { if (found.length === 0 && keyword in node) found = [...path, keyword]; });
  return found;
}

function whatToWrite(message: string): string {
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  if (keyword) return `remove "${keyword}", or say it in the description`;
  const format = /unknown format "([^"]+)"/.exec(message)?.[1];
  if (format) return `remove format "${format}" and describe the shape in the description, or give a pattern`;
  const type = /missing type "([^"]+)"/.exec(message)?.[1];
  if (type) return `add "type": "${type}" there`;
  return 'write a JSON Schema such as {"type": "object", "properties": {"day": {"type": "string"}}, "required": ["day"]}';
}

function toolParameterFindings(tool: Tool, i: number): Finding[] {
  const out: Finding[] = [];
  const entity = { kind: 'tool' as const, id: tool.id };
  const label = toolLabel(tool, i);
  const base: Segments = ['tools', i, 'parameters'];
  const schema = tool.parameters;
  if (schema.type !== 'object') {
    out.push({
      rule: 'parameters-root-object', path: pointer(...base, ...('type' in schema ? ['type'] : [])), entity,
      message: `${label}: the parameters are one object of named arguments; write {"type": "object", "properties": {…}, "required": […]}`,
    });
  }
  // A copy without what the rules below report, so that ajv reports only what is left.
  const compilable = structuredClone(schema);
  walkSchema(compilable, (node, at) => {
    if (typeof node.pattern !== 'string') return;
    const error = regexError(node.pattern);
    if (!error) return;
    delete node.pattern;
    out.push({
      rule: 'parameter-pattern-invalid', path: pointer(...base, ...at, 'pattern'), entity,
      message: `${label}: pattern is not a valid regular expression (${error}); write a JavaScript regex, e.g. ^\\+?[0-9]{7,15}$`,
    });
  });
  for (const { at, index, name } of unknownRequired(schema)) {
    out.push({
      rule: 'parameters-required-unknown', path: pointer(...base, ...at, 'required', index), entity,
      message: `${label}: required names ${name}, which is no property; remove it from required, or add a property ${name}`,
    });
  }
  walkSchema(compilable, (node, at) => {
    if (!Array.isArray(node.required) || (at.length > 0 && node.properties === undefined)) return;
    const names = Object.keys(node.properties ?? {});
    node.required = node.required.filter((name) => names.includes(name));
  });
  const error = ajvCompileError(compilable);
  if (error) {
    out.push({
      rule: 'parameters-invalid', path: pointer(...base, ...locateAjvError(schema, error)), entity,
      message: `${label}: ajv cannot compile the parameters (${error}); ${whatToWrite(error)}`,
    });
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const types = Array.isArray(property?.type) ? property.type : [property?.type];
    if (!types.includes('object')) continue;
    out.push({
      rule: 'parameter-object-typed', path: pointer(...base, 'properties', name), entity,
      message: `${label}: parameter ${name} is a record; ask the model for a word, not a record: take e.g. an id string (${name}_id) and look the record up in the tool`,
    });
  }
  return out;
}

/** A tool's parameters as ajv, OpenAI and Pinecall's argument check need them. mcp tools take the server's. */
export function checkParameters(ctx: LintContext): Finding[] {
  return ctx.doc.tools.flatMap((tool, i) => (tool.kind === 'function' ? toolParameterFindings(tool, i) : []));
}
