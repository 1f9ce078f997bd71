// Writing a handlers.py: one `async def name(flow_manager, …)` per tool, its description and `Args:`
// in a Google-style docstring, its body kept as written (or a stub that lets the flow file decide
// the transition). What is written is read back with readHandlers and must derive the same schema,
// so a description Pipecat would read otherwise (a line that looks like a section title) fails here.
import { derivedSchema, readHandlers, type DerivedSchema, type JsonSchema } from './handlers';
import { PIPECAT_VERSION } from './model';

export interface HandlerParamSpec {
  name: string;
  /** A Python annotation (`str`, `Optional[int]`, `list[str]`); none: the schema is {}. */
  annotation?: string;
  /** A Python expression; none: the parameter is required. */
  default?: string;
  description?: string;
}

export interface HandlerSpec {
  name: string;
  description: string;
  params: HandlerParamSpec[];
  /** The body as written (indented), kept from a handlers.py that was read; none: a stub. */
  body?: string;
  decorators?: string[];
}

export class HandlersWriteError extends Error {}

/** The body of a function Callboard writes without one kept: a start the user fills in. */
export const STUB_BODY = '    # What the tool does goes here. Returning TRANSITION_IN_YAML lets the flow file decide where to go.\n    return {"status": "done"}, TRANSITION_IN_YAML';

const IDENTIFIER = /^[A-Za-z_]\w*$/;
const KEYWORDS = new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '));

function docstringText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
}

function docstring(spec: HandlerSpec): string[] {
  const described = spec.params.filter((p) => p.description !== undefined);
  if (!spec.description && described.length === 0) return [];
  const lines: string[] = [];
  const description = docstringText(spec.description).split('\n');
  lines.push(`    """${description[0]}`);
  for (const line of description.slice(1)) lines.push(line ? `    ${line}` : '');
  if (described.length > 0) {
    if (spec.description) lines.push('');
    lines.push('    Args:');
    for (const p of described) {
      const [first, ...rest] = docstringText(p.description!).split('\n');
      lines.push(`        ${p.name}: ${first}`);
      for (const line of rest) lines.push(line ? `            ${line}` : '');
    }
  }
  lines.push('    """');
  return lines;
}

function functionText(spec: HandlerSpec): string {
  for (const name of [spec.name, ...spec.params.map((p) => p.name)]) {
    if (!IDENTIFIER.test(name) || KEYWORDS.has(name) || name === 'flow_manager') throw new HandlersWriteError(`'${name}' is not a name Python takes for a function or parameter here: use letters, digits and _, not starting with a digit, and not a keyword`);
  }
  // Python refuses a required parameter after one with a default: keyword-only (`*`) keeps the order.
  const firstDefault = spec.params.findIndex((p) => p.default !== undefined);
  const needsStar = firstDefault >= 0 && spec.params.slice(firstDefault).some((p) => p.default === undefined);
  const params = ['flow_manager', ...(needsStar ? ['*'] : []), ...spec.params.map((p) => `${p.name}${p.annotation ? `: ${p.annotation}` : ''}${p.default !== undefined ? `${p.annotation ? ' = ' : '='}${p.default}` : ''}`)];
  const body = spec.body?.replace(/\n+$/, '') || STUB_BODY;
  return [...(spec.decorators ?? []), `async def ${spec.name}(${params.join(', ')}):`, ...docstring(spec), body].join('\n');
}

/** The module text; read back, it derives the same schema for every function (else HandlersWriteError). */
export function writeHandlers(specs: readonly HandlerSpec[]): string {
  const header = [
    `"""Direct functions for a Pipecat flow, written by Callboard for pipecat-ai ${PIPECAT_VERSION}.`,
    '',
    "Pipecat derives each tool's schema from its signature and docstring: keep them in step with the flow.",
    '"""',
    '',
    'from typing import Any, Literal, Optional, Union',
    '',
    'from pipecat.flows import NO_RESPONSE, TRANSITION_IN_YAML',
    '',
  ].join('\n');
  const text = `${header}\n${specs.map((spec) => `\n${functionText(spec)}\n`).join('\n')}`;
  const read = readHandlers(text);
  const problem = read.problems.find((p) => p.severity === 'error');
  if (problem) throw new HandlersWriteError(`the written handlers.py does not read back (${problem.line}:${problem.column} ${problem.message})`);
  specs.forEach((spec, i) => {
    const fn = read.functions[i];
    const back = fn ? derivedSchema(fn) : undefined;
    const meant = expectedSchema(spec, back);
    if (!back || JSON.stringify(back) !== JSON.stringify(meant)) throw new HandlersWriteError(`the written ${spec.name} reads back with another description or other parameters than were meant (a description line that looks like a section title, such as "Returns:", is read as one): reword it`);
  });
  return text;
}

/** The schema a spec means: its description and parameter descriptions as given, the types as Pipecat derives them. */
function expectedSchema(spec: HandlerSpec, back: DerivedSchema | undefined): DerivedSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of spec.params) {
    const { description: _ignored, ...type } = back?.properties[p.name] ?? {};
    void _ignored;
    properties[p.name] = { ...type, ...(p.description !== undefined ? { description: p.description.trim() } : {}) };
  }
  return { name: spec.name, description: spec.description.trim(), properties, required: spec.params.filter((p) => p.default === undefined).map((p) => p.name) };
}

/** A parameter's Python annotation for a JSON Schema, and what Pipecat's schema then loses of it. */
export function annotationFor(schema: JsonSchema): { annotation?: string; lost: string[] } {
  const lost: string[] = [];
  const of = (s: JsonSchema): string | undefined => {
    if (Array.isArray(s.enum)) {
      lost.push('the allowed values (enum): Pipecat derives {} from Literal[…], so the model does not see them; say them in the description');
      return `Literal[${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}]`;
    }
    if (Array.isArray(s.anyOf)) {
      const members = (s.anyOf as JsonSchema[]).map(of);
      if (members.some((m) => m === undefined)) return undefined;
      const withoutNone = members.filter((m) => m !== 'None');
      return withoutNone.length === 1 && members.length === 2 ? `Optional[${withoutNone[0]}]` : `Union[${members.join(', ')}]`;
    }
    switch (s.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return s.items ? `list[${of(s.items as JsonSchema) ?? 'Any'}]` : 'list';
      case 'object':
        if (s.properties && Object.keys(s.properties).length > 0) lost.push('the properties of a nested object: write a TypedDict in handlers.py for them');
        return s.additionalProperties && typeof s.additionalProperties === 'object' ? `dict[str, ${of(s.additionalProperties as JsonSchema) ?? 'Any'}]` : 'dict';
      default:
        return undefined;
    }
  };
  const annotation = of(schema);
  for (const key of ['minimum', 'maximum', 'pattern', 'format', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default']) {
    if (key in schema) lost.push(`${key}: Pipecat's derived schema has no ${key}; say it in the description`);
  }
  return { ...(annotation ? { annotation } : {}), lost };
}
