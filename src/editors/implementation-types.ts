import type { AgentDocument, JsonSchema, StateField, Tool } from '../model';

/**
 * The TypeScript a tool body is checked against. The Code tab shows only the body; the
 * TypeScript worker (ts-body.worker.ts) reads it wrapped in `prefix … suffix`:
 *
 *   interface AgentState { caller_name: string; …; stage: "greet" | …; call: {…} }   (an extra lib)
 *   async function __tool_x(this: AgentState, day: string, visit: "a" | "b") {      (prefix)
 *     <body>
 *   }                                                                              (suffix)
 *
 * A `this`-typed function rather than a class method: `this.` then offers exactly the state
 * (no `run`, no inherited members), and nothing else needs declaring.
 */
export interface BodyWrapper {
  prefix: string;
  suffix: string;
}

export const STATE_INTERFACE = 'AgentState';

/** Members Pinecall's Agent gives every class; a state field of that name cannot be declared. */
const BUILT_IN_MEMBERS = new Set(['stage', 'call']);

const RESERVED = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval undefined').split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Whether a parameter name can be bound in a function signature (and so used in the body). */
export const isBindableName = (name: string): boolean => IDENTIFIER.test(name) && !RESERVED.has(name);

/** A property key as TypeScript writes it. */
const key = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/** A comment-safe text (a `*\/` would end the comment early). */
const commentText = (text: string): string => text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ').trim();

const literal = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? JSON.stringify(value) : undefined;

function union(types: string[]): string {
  const unique = [...new Set(types)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

const arrayOf = (element: string): string => (/[|&]/.test(element) ? `(${element})[]` : `${element}[]`);

/**
 * The TypeScript type of a JSON value, as the default of a state field suggests it. Elements of
 * an empty array are `any`: the document stores untyped JSON, and `unknown` would flag the usual
 * code that reads them (`this.slots.find((s) => s.id === slot)`) as an error.
 */
export function jsonValueType(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (depth > 4) return 'any';
  if (Array.isArray(value)) return value.length === 0 ? 'any[]' : arrayOf(union(value.map((v) => jsonValueType(v, depth + 1))));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'Record<string, any>';
    return `{ ${entries.map(([k, v]) => `${key(k)}: ${jsonValueType(v, depth + 1)};`).join(' ')} }`;
  }
  return 'any';
}

/** A state field's type: from its JSON type, refined by its default where that says more. */
export function stateFieldType(field: StateField): string {
  switch (field.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return Array.isArray(field.default) && field.default.length > 0 ? jsonValueType(field.default) : 'any[]';
    case 'object':
      return 'Record<string, any>';
  }
}

/** The TypeScript type of a parameter's JSON Schema (Pinecall's signature → schema mapping, reversed). */
export function schemaType(schema: JsonSchema | boolean | undefined, depth = 0): string {
  if (schema === undefined || typeof schema === 'boolean') return 'unknown';
  if (schema.const !== undefined) return literal(schema.const) ?? 'unknown';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const literals = schema.enum.map(literal);
    if (literals.every((l) => l !== undefined)) return union(literals as string[]);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return 'unknown';
  return union(types.map((type) => singleType(schema, type, depth)));
}

function singleType(schema: JsonSchema, type: string, depth: number): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      if (depth > 4) return 'unknown[]';
      const items = Array.isArray(schema.items) ? undefined : schema.items;
      return arrayOf(schemaType(items, depth + 1));
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0 || depth > 4) return 'Record<string, unknown>';
      const required = new Set(schema.required ?? []);
      const members = properties.map(([name, sub]) => `${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(sub, depth + 1)};`);
      return `{ ${members.join(' ')} }`;
    }
    default:
      return 'unknown';
  }
}

/** `interface AgentState { … }`: the state fields, the stage union and the call facts. */
export function stateDeclaration(doc: Pick<AgentDocument, 'state' | 'stages'>): string {
  const lines = ['/** The agent state a tool reads and writes through `this` (generated by Callboard). */', `interface ${STATE_INTERFACE} {`];
  for (const field of doc.state) {
    if (BUILT_IN_MEMBERS.has(field.name) || !field.name) continue;
    const notes = [field.description ? commentText(field.description) : '', field.pii ? '(pii: masked in logs)' : ''].filter(Boolean).join(' ');
    if (notes) lines.push(`  /** ${notes} */`);
    lines.push(`  ${key(field.name)}: ${stateFieldType(field)};`);
  }
  const stages = doc.stages.map((s) => JSON.stringify(s.name));
  lines.push('  /** The current stage; assigning it moves the call (Pinecall\'s stage field). */');
  lines.push(`  stage: ${stages.length ? union(stages) : 'string'};`);
  lines.push('  /** Facts about the call, set by the runtime. */');
  lines.push('  call: { today: string; callerNumber: string; [k: string]: unknown };');
  lines.push('}', '');
  return lines.join('\n');
}

/** A name safe inside an identifier, derived from an opaque id. */
export const identifierPart = (id: string): string => id.replace(/[^A-Za-z0-9_]/g, '_');

/** The parameter list of the wrapper function, in signature order. */
export function parameterList(tool: Tool): string[] {
  const required = new Set(tool.parameters.required ?? []);
  const entries = Object.entries(tool.parameters.properties ?? {}).filter(([name]) => isBindableName(name));
  // `name?: T` is only allowed when every later parameter is optional too; otherwise `T | undefined`.
  let trailingOptional = entries.length;
  while (trailingOptional > 0 && !required.has(entries[trailingOptional - 1][0])) trailingOptional--;
  return entries.map(([name, schema], index) => {
    const type = schemaType(schema);
    if (required.has(name)) return `${name}: ${type}`;
    return index >= trailingOptional ? `${name}?: ${type}` : `${name}: ${type} | undefined`;
  });
}

/** The text around a tool's body (see the module comment). */
export function toolWrapper(tool: Tool): BodyWrapper {
  const docs = Object.entries(tool.parameters.properties ?? {})
    .filter(([name, schema]) => isBindableName(name) && typeof schema.description === 'string' && schema.description.trim())
    .map(([name, schema]) => ` * @param ${name} ${commentText(String(schema.description))}`);
  const summary = commentText(tool.description.split('\n')[0] ?? '');
  const jsdoc = ['/**', ` * ${summary || tool.name}`, ...docs, ' */'].join('\n');
  const signature = `async function __tool_${identifierPart(tool.id)}(this: ${STATE_INTERFACE}${parameterList(tool).map((p) => `, ${p}`).join('')}) {`;
  return { prefix: `${jsdoc}\n${signature}\n`, suffix: '\n}\n' };
}

/**
 * Globals a tool body may use beyond ES2022 (the sandbox has no DOM): only a console. Kept out
 * of the DOM lib so that `name`, `status`, `event` and the like are not mistaken for globals.
 */
export const RUNTIME_DECLARATIONS = [
  'interface Console { log(...data: unknown[]): void; info(...data: unknown[]): void; warn(...data: unknown[]): void; error(...data: unknown[]): void; debug(...data: unknown[]): void }',
  'declare var console: Console;',
  '',
].join('\n');

/** The signature as the Code tab shows it above the body (read-only). */
export function signatureCaption(tool: Tool): string {
  return `async ${tool.name || 'tool'}(${parameterList(tool).join(', ')})`;
}
