import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import type { JsonSchema } from '../json-schema';
import { strictSchemaProblem } from './schema-strict';

const sample = JSON.parse(readFileSync(new URL('../../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

// The oracle: ajv strict with union types, compiling in Node as lint used to in the page.
function ajvRefuses(schema: JsonSchema): string | null {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, logger: false });
  try {
    ajv.compile(structuredClone(schema));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'object', properties, ...extra }) as JsonSchema;

const schemas: [string, JsonSchema][] = [
  ['a plain object', obj({ day: { type: 'string', enum: ['mon'] } }, { required: ['day'], additionalProperties: false })],
  ['a union type', obj({ note: { type: ['string', 'null'] } })],
  ['an unknown keyword', obj({ day: { type: 'string', minLenght: 1 } })],
  ['a misspelt type', obj({ day: { type: 'strin' } })],
  ['a type that is a number', obj({ day: { type: 3 } })],
  ['a format', obj({ day: { type: 'string', format: 'date' } })],
  ['a pattern without a type', obj({ day: { pattern: '^[A-Z]' } })],
  ['properties without a type', { properties: { a: { type: 'string' } } }],
  ['minimum on a string', obj({ n: { type: 'string', minimum: 1 } })],
  ['minimum on an integer', obj({ n: { type: 'integer', minimum: 1 } })],
  ['a negative minLength', obj({ s: { type: 'string', minLength: -1 } })],
  ['required that is not a list', obj({}, { required: 'a' })],
  ['an enum that is empty', obj({ s: { type: 'string', enum: [] } })],
  ['anyOf with typed branches', obj({ v: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'integer', minimum: 0 }] } })],
  ['anyOf branch keyword without a type', obj({ v: { anyOf: [{ maxLength: 3 }, { type: 'integer' }] } })],
  ['a type against its context', obj({ v: { type: 'string', allOf: [{ type: 'number' }] } })],
  ['if without then', obj({ v: { type: 'string', if: { maxLength: 2 } } })],
  ['then without if', obj({ v: { type: 'string', then: { maxLength: 2 } } })],
  ['a tuple without limits', obj({ v: { type: 'array', items: [{ type: 'string' }] } })],
  ['a full tuple', obj({ v: { type: 'array', items: [{ type: 'string' }], minItems: 1, additionalItems: false } })],
  ['additionalItems without a tuple', obj({ v: { type: 'array', items: { type: 'string' }, additionalItems: false } })],
  ['a $ref to a definition', { type: 'object', definitions: { d: { type: 'string' } }, properties: { a: { $ref: '#/definitions/d' } } }],
  ['a $ref to nowhere', { type: 'object', properties: { a: { $ref: '#/definitions/none' } } }],
  ['a nested unknown keyword', obj({ slot: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', bogus: true } } } } })],
  ['description, title, default, examples', obj({ a: { type: 'string', description: 'x', title: 'A', default: 'b', examples: ['c'] } })],
  ['nullable without type', obj({ a: { nullable: true } })],
  ['an invalid patternProperties key', { type: 'object', patternProperties: { '(': { type: 'string' } } }],
  ['additionalProperties a schema', obj({}, { additionalProperties: { type: 'string', maxLength: 3 } })],
];

describe('strict JSON Schema check of tool parameters, without compiling them', () => {
  it.each(schemas)('%s: refused exactly when ajv (strict) refuses to compile it', (_, schema) => {
    const ajv = ajvRefuses(schema);
    const ours = strictSchemaProblem(schema);
    expect(ours === null ? null : 'refused', `ajv: ${ajv}; ours: ${ours?.message}`).toBe(ajv === null ? null : 'refused');
  });

  it("accepts every one of the sample's tool schemas, as ajv does", () => {
    for (const tool of sample.tools) {
      expect(ajvRefuses(tool.parameters)).toBeNull();
      expect(strictSchemaProblem(tool.parameters)).toBeNull();
    }
  });

  it('points at the place to fix', () => {
    expect(strictSchemaProblem(obj({ day: { type: 'strin' } }))).toMatchObject({ kind: 'meta', at: ['properties', 'day', 'type'] });
    expect(strictSchemaProblem(obj({ day: { type: 'string', minLenght: 1 } }))).toMatchObject({ kind: 'unknown-keyword', at: ['properties', 'day', 'minLenght'], name: 'minLenght' });
    expect(strictSchemaProblem(obj({ day: { pattern: '^[A-Z]' } }))).toMatchObject({ kind: 'missing-type', at: ['properties', 'day'], name: 'string' });
    expect(strictSchemaProblem(obj({ day: { type: 'string', format: 'date' } }))).toMatchObject({ kind: 'unknown-format', at: ['properties', 'day'], name: 'date' });
  });

  it('runs no pattern on any string: a catastrophic one is only compiled', () => {
    const started = Date.now();
    expect(strictSchemaProblem(obj({ s: { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(40)}!`, examples: [`${'a'.repeat(40)}!`] } }))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
