import type { JsonSchema } from '../json-schema';
import type { Tool } from '../types';
import { toolLabel } from './context';
import { pointer, resolvePointer } from './pointer';
import { strictSchemaProblem, type StrictProblem } from './schema-strict';
import { walkSchema } from './schema-walk';
import type { Finding, LintContext } from './types';

type Segments = (string | number)[];

/** The unicode flag is how a JSON Schema `pattern` is read (ajv's default `unicodeRegExp`), so compile with it; nothing is matched. */
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

const strictProblems = new Map<string, StrictProblem | null>();

/** Why ajv (strict) would refuse the schema, or null; cached by the schema's text, since lint runs on every edit. */
function strictProblem(schema: JsonSchema): StrictProblem | null {
  const key = JSON.stringify(schema);
  const cached = strictProblems.get(key);
  if (cached !== undefined) return cached;
  const problem = strictSchemaProblem(schema);
  if (strictProblems.size > 500) strictProblems.clear();
  strictProblems.set(key, problem);
  return problem;
}

/** Where the problem points, when that place exists in the schema as written; else the schema itself. */
function locate(schema: JsonSchema, problem: StrictProblem): Segments {
  return resolvePointer(schema, pointer(...problem.at)).found ? problem.at : [];
}

function whatToWrite(problem: StrictProblem): string {
  if (problem.kind === 'unknown-keyword') return `remove "${problem.name}", or say it in the description`;
  if (problem.kind === 'unknown-format') return `remove format "${problem.name}" and describe the shape in the description, or give a pattern`;
  if (problem.kind === 'missing-type') return `add "type": "${problem.name}" there`;
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
  // A copy without what the rules below report, so that the strict check reports only what is left.
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
  const problem = strictProblem(compilable);
  if (problem) {
    out.push({
      rule: 'parameters-invalid', path: pointer(...base, ...locate(schema, problem)), entity,
      message: `${label}: ajv (strict) would not compile the parameters (${problem.message}); ${whatToWrite(problem)}`,
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

/** A tool's parameters as strict ajv, OpenAI and Pinecall's argument check need them. mcp tools take the server's. */
export function checkParameters(ctx: LintContext): Finding[] {
  return ctx.doc.tools.flatMap((tool, i) => (tool.kind === 'function' ? toolParameterFindings(tool, i) : []));
}
