// A Pinecall class in Python checks a tool's arguments as pydantic does (pinecall 0.11.24
// `_spec.validated`: the arguments model built from the hints, extra keys forbidden, lax mode):
// values are converted where pydantic converts them ("25" to 25 for an int, 1 to True for a bool,
// 2.0 to 2), anything else is refused with pydantic's words, field by field in the signature's
// order (`<loc> is required`, `<loc>: <message>`), then `it takes no <loc>` for each unknown key.
// The schema read is the document's (the one the Python export writes its hints from): an optional
// parameter with no default is `X | None = None` in the class, so None passes it.
import type { JsonSchema, Tool } from '../../../model';
import { getOwn } from '../../../model/own';

export interface PythonChecked {
  /** `<tool>: <complaint>; …`, or undefined when the arguments pass. */
  error?: string;
  /** The arguments as the method receives them: converted where pydantic converts. */
  args: Record<string, unknown>;
}

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?(?:inf|infinity|nan)$/i;
const MAX_CHECK_DEPTH = 64;

type Result = { ok: true; value: unknown } | { ok: false; complaints: string[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as Python's repr writes it in pydantic's "Input should be 'a' or 'b'". */
const pyRepr = (value: unknown): string => (typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value));

/** "x", "x or y", "x, y or z". */
function orList(values: unknown[]): string {
  const said = values.map(pyRepr);
  return said.length <= 1 ? said.join('') : `${said.slice(0, -1).join(', ')} or ${said.at(-1)}`;
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []);

function complaint(loc: string, message: string): Result {
  return { ok: false, complaints: [`${loc}: ${message}`] };
}

function checkScalar(type: string, value: unknown, loc: string): Result {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : complaint(loc, 'Input should be a valid string');
    case 'integer':
      if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
      if (typeof value === 'number') return Number.isInteger(value) ? { ok: true, value } : complaint(loc, 'Input should be a valid integer, got a number with a fractional part');
      if (typeof value === 'string') return INTEGER_TEXT.test(value.trim()) ? { ok: true, value: Number(value.trim()) } : complaint(loc, 'Input should be a valid integer, unable to parse string as an integer');
      return complaint(loc, 'Input should be a valid integer');
    case 'number':
      if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
      if (typeof value === 'number') return { ok: true, value };
      if (typeof value === 'string') return NUMBER_TEXT.test(value.trim()) ? { ok: true, value: Number(value.trim()) } : complaint(loc, 'Input should be a valid number, unable to parse string as a number');
      return complaint(loc, 'Input should be a valid number');
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (typeof value === 'number') {
        if (value === 0 || value === 1) return { ok: true, value: value === 1 };
        // A whole number is read and refused; a fraction is no boolean at all (pydantic's two words).
        return complaint(loc, Number.isInteger(value) ? 'Input should be a valid boolean, unable to interpret input' : 'Input should be a valid boolean');
      }
      if (typeof value === 'string') {
        const word = value.trim().toLowerCase();
        return TRUE_WORDS.has(word) ? { ok: true, value: true } : FALSE_WORDS.has(word) ? { ok: true, value: false } : complaint(loc, 'Input should be a valid boolean, unable to interpret input');
      }
      return complaint(loc, 'Input should be a valid boolean');
    case 'null':
      return value === null ? { ok: true, value } : complaint(loc, 'Input should be None');
    default:
      return { ok: true, value };
  }
}

function checkValue(schema: JsonSchema | undefined, value: unknown, loc: string, nullable: boolean, depth: number): Result {
  if (!schema || typeof schema !== 'object' || depth > MAX_CHECK_DEPTH) return { ok: true, value };
  const types = typesOf(schema);
  if (value === null && (nullable || types.includes('null') || (Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some((m) => typesOf(m).includes('null'))))) return { ok: true, value };
  if (Array.isArray(schema.enum)) {
    return schema.enum.some((v) => v === value && typeof v === typeof value) ? { ok: true, value } : complaint(loc, `Input should be ${orList(schema.enum)}`);
  }
  if (Array.isArray(schema.anyOf)) {
    // A union: the first member that takes the value; refused, pydantic names each member's complaint, which the first stands for here.
    let first: Result | undefined;
    for (const member of schema.anyOf as JsonSchema[]) {
      const read = checkValue(member, value, loc, false, depth + 1);
      if (read.ok) return read;
      first ??= read;
    }
    return first ?? { ok: true, value };
  }
  const type = types.find((t) => t !== 'null');
  if (type === 'array') {
    if (!Array.isArray(value)) return complaint(loc, 'Input should be a valid list');
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    const out: unknown[] = [];
    const complaints: string[] = [];
    value.forEach((item, i) => {
      const read = checkValue(items, item, `${loc}.${i}`, false, depth + 1);
      if (read.ok) out.push(read.value);
      else complaints.push(...read.complaints);
    });
    return complaints.length ? { ok: false, complaints } : { ok: true, value: out };
  }
  if (type === 'object') {
    if (!isPlainObject(value)) return complaint(loc, 'Input should be a valid dictionary');
    if (!schema.properties || Object.keys(schema.properties).length === 0) return { ok: true, value };
    return checkMembers(schema, value, `${loc}.`, depth + 1, false);
  }
  return type === undefined ? { ok: true, value } : checkScalar(type, value, loc);
}

/** The members of an object (a TypedDict, or the arguments themselves) in declaration order, then every unknown key. */
function checkMembers(schema: JsonSchema, value: Record<string, unknown>, prefix: string, depth: number, optionalTakesNone: boolean): Result {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  const complaints: string[] = [];
  for (const [name, member] of Object.entries(properties)) {
    const given = getOwn(value, name);
    if (given === undefined) {
      if (required.has(name)) complaints.push(`${prefix}${name} is required`);
      continue;
    }
    const nullable = optionalTakesNone && !required.has(name) && !(member && typeof member === 'object' && 'default' in member);
    const read = checkValue(member, given, `${prefix}${name}`, nullable, depth);
    if (read.ok) Object.defineProperty(out, name, { value: read.value, enumerable: true, writable: true, configurable: true });
    else complaints.push(...read.complaints);
  }
  for (const key of Object.keys(value)) if (!Object.hasOwn(properties, key)) complaints.push(`it takes no ${prefix}${key}`);
  return complaints.length ? { ok: false, complaints } : { ok: true, value: out };
}

export function checkPythonArguments(tool: Tool, args: Record<string, unknown>): PythonChecked {
  const read = checkMembers(tool.parameters, args, '', 0, true);
  if (read.ok) return { args: read.value as Record<string, unknown> };
  return { error: `${tool.name}: ${read.complaints.join('; ')}`, args };
}
