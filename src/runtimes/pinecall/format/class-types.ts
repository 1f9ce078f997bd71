import type { Stage, StateField, Tool } from '../../../model';
import { propertyKey } from '../../../model/names';
import { paramShapes, pinecallParameters, type ParamShape } from './type-shapes';

// The TypeScript types of the class the exporter writes: its state fields and its tools'
// parameters. The Code tab's declarations (./editor-declarations.ts) declare a body's `this` and
// arguments from these same functions, so Monaco checks a body against the class that is exported.

/**
 * The TypeScript type of a JSON value, for an array field whose default says what it holds.
 * Elements of an empty array are `any`: the document stores untyped JSON, and `unknown` would
 * flag the usual code that reads them (`this.slots.find((s) => s.id === slot)`) as an error.
 */
export function jsonValueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'any[]';
    const types = [...new Set(value.map(jsonValueType))];
    const element = types.join(' | ');
    // A union must be parenthesised (`A | B[]` is not an array of either); so is a type of several
    // words (`(Record<string, any>)[]`), which keeps the text the exporter has always written.
    const bare = types.length === 1 && (!element.includes(' ') || element.startsWith('{'));
    return bare ? `${element}[]` : `(${element})[]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length ? `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${jsonValueType(v)};`).join(' ')} }` : 'Record<string, any>';
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? typeof value : 'any';
}

/** A state field's type: from its JSON type, refined by its default where that says more. */
export function stateType(field: StateField): string {
  switch (field.type) {
    case 'string':
    case 'boolean':
      return field.type;
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return Array.isArray(field.default) && field.default.length > 0 ? jsonValueType(field.default) : 'any[]';
    case 'object':
      return 'Record<string, any>';
  }
}

/**
 * A state field as the class declares it, without decorator and initializer: `name?: T` when it
 * has no default (it starts undefined), `name: T | null` when its default is null, else `name: T`.
 */
export function stateMember(field: StateField): string {
  const name = propertyKey(field.name);
  const type = stateType(field);
  if (field.default === undefined) return `${name}?: ${type}`;
  const nullable = field.default === null && type !== 'null' ? ' | null' : '';
  return `${name}: ${type}${nullable}`;
}

/** The stage field's type argument: the union of the stage names (`"greet" | "verify"`). */
export const stageUnion = (stages: readonly Pick<Stage, 'name'>[]): string => [...new Set(stages.map((s) => JSON.stringify(s.name)))].join(' | ');

/**
 * The parameters as the signature writes them: from the schema Pinecall will read back (so a
 * nullable or integer parameter is written as it will be read: optional, number), which makes
 * the export of an imported class the class again.
 */
export const signatureShapes = (tool: Pick<Tool, 'parameters'>): ParamShape[] => paramShapes(pinecallParameters(tool.parameters));
