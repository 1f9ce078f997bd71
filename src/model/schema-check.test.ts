import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { checkValue, errorsText, SchemaNotUsable, type PatternTest } from './schema-check';

// The host's own RegExp, for these tests' own harmless patterns only: production code tests a
// document's patterns in a sandbox with a deadline (runtimes/block-agent/engine/check.ts).
const hostPatternTest: PatternTest = (pattern, value) => new RegExp(pattern, 'u').test(value);
import type { JsonSchema } from './json-schema';

const sample = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

// The oracle: ajv as the simulator used it before (allErrors, not strict), compiled here in Node.
const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
function ajvText(schema: JsonSchema, value: unknown): string {
  const validate = ajv.compile(structuredClone(schema));
  return validate(value) ? '' : ajv.errorsText(validate.errors, { dataVar: 'arguments' });
}
const ours = (schema: JsonSchema, value: unknown) => errorsText(checkValue(schema, value, hostPatternTest));

const phone = { type: 'object', properties: { phone: { type: 'string', pattern: '^\\+?[0-9]{7,15}$' }, name: { type: 'string', minLength: 2, maxLength: 5 } }, required: ['phone'], additionalProperties: false };

const cases: [string, JsonSchema, unknown][] = [
  ['a valid value', phone, { phone: '+15550123456' }],
  ['a pattern miss', phone, { phone: 'call me' }],
  ['a wrong type', phone, { phone: 15550123456 }],
  ['a missing required property', phone, { name: 'Dana' }],
  ['an unknown property', phone, { phone: '+15550123456', extra: 1 }],
  ['string length limits', phone, { phone: '+15550123456', name: 'D' }],
  ['several errors at once', phone, { name: 'Dana Whitaker', extra: true }],
  ['an enum', { type: 'object', properties: { day: { type: 'string', enum: ['mon', 'tue'] } } }, { day: 'wed' }],
  ['a const', { type: 'object', properties: { v: { const: 1 } } }, { v: 2 }],
  ['a union type', { type: 'object', properties: { note: { type: ['string', 'null'] } } }, { note: 3 }],
  ['number limits', { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 9, multipleOf: 2 } } }, { n: 11 }],
  ['exclusive limits', { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0 }, m: { type: 'number', exclusiveMaximum: 5 } } }, { n: 0, m: 5 }],
  ['an integer given a fraction', { type: 'object', properties: { n: { type: 'integer' } } }, { n: 1.5 }],
  ['array items and limits', { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, minItems: 1, maxItems: 2 } } }, { tags: ['ok', 'NO', 'x'] }],
  ['nested objects', { type: 'object', properties: { slot: { type: 'object', properties: { id: { type: 'string' } }, required: ['id', 'at'] } } }, { slot: { id: 7 } }],
  ['anyOf', { type: 'object', properties: { when: { anyOf: [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, { type: 'integer' }] } } }, { when: 'soon' }],
  ['oneOf', { type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }, { v: true }],
  ['not', { type: 'object', properties: { v: { not: { type: 'string' } } } }, { v: 'x' }],
  ['a $ref to definitions', { type: 'object', definitions: { day: { type: 'string', enum: ['mon'] } }, properties: { day: { $ref: '#/definitions/day' } } }, { day: 'sun' }],
  ['patternProperties', { type: 'object', patternProperties: { '^x-': { type: 'number' } }, additionalProperties: false }, { 'x-a': 'no', 'x-b': 2, other: 1 }],
  ['a false subschema', { type: 'object', properties: { never: false } } as unknown as JsonSchema, { never: 1 }],
  ['uniqueItems', { type: 'object', properties: { ids: { type: 'array', uniqueItems: true } } }, { ids: [1, 2, 1] }],
  ['property count limits', { type: 'object', minProperties: 2 }, { a: 1 }],
  ['a format, which is not checked', { type: 'object', properties: { day: { type: 'string', format: 'date' } } }, { day: 'someday' }],
  ['properties named like members of every object', JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"},"toString":{"enum":["a"]}},"required":["constructor"]}'), JSON.parse('{"constructor":1,"toString":"b"}')],
  ['a schema with a key named __proto__, which is no keyword', JSON.parse('{"type":"object","__proto__":{"required":["x"]},"properties":{"a":{"type":"string"}}}'), { a: 'ok' }],
  ['a key with / and ~ in it', { type: 'object', properties: { 'a/b~c': { type: 'string' } } }, { 'a/b~c': 1 }],
];

describe('tool arguments against a schema from the document, interpreted', () => {
  it.each(cases)('words %s as ajv did', (_, schema, value) => {
    expect(ours(schema, value)).toBe(ajvText(schema, value));
  });

  it('checks a property named __proto__ or valueOf like any other: only own properties count (ajv skipped the one, took the other as given)', () => {
    expect(ours(JSON.parse('{"type":"object","required":["valueOf"]}'), {})).toBe("arguments must have required property 'valueOf'");
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}},"required":["__proto__"]}');
    expect(ours(schema, JSON.parse('{"__proto__":"x"}'))).toBe('arguments/__proto__ must be integer');
    expect(ours(schema, {})).toBe("arguments must have required property '__proto__'");
    expect(ours(schema, JSON.parse('{"__proto__":1}'))).toBe('');
  });

  it("says the same as ajv for each of the sample's tools, on good and on wrong arguments", () => {
    let compared = 0;
    for (const tool of sample.tools) {
      const names = Object.keys(tool.parameters.properties ?? {});
      const good = Object.fromEntries(names.map((n) => [n, tool.parameters.properties[n].enum?.[0] ?? (tool.parameters.properties[n].type === 'string' ? '+15550123456' : 1)]));
      const wrong = Object.fromEntries(names.map((n) => [n, 42]));
      for (const value of [good, wrong, {}, { ...good, bogus: 1 }]) {
        expect(ours(tool.parameters, value)).toBe(ajvText(tool.parameters, value));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it('never runs a pattern itself: each one is decided by the tester given, on the strings the value holds', () => {
    const asked: [string, string][] = [];
    const everything: PatternTest = (pattern, value) => (asked.push([pattern, value]), true);
    expect(checkValue(phone, { phone: 'call me', name: 'Dana' }, everything)).toEqual([]);
    expect(asked).toContainEqual(['^\\+?[0-9]{7,15}$', 'call me']);
    const nothing: PatternTest = () => false;
    expect(errorsText(checkValue(phone, { phone: '+15550123456' }, nothing))).toBe('arguments/phone must match pattern "^\\+?[0-9]{7,15}$"');
  });

  it('a decided pattern stands for the literal strings only, whatever characters they hold', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: 'x' } } };
    for (const s of ['a|b', '(.*)+$', '\\u{1F600} 😀', '\ud800', '', '^']) {
      expect(checkValue(schema, { s }, () => true)).toEqual([]);
      expect(checkValue(schema, { s }, () => false).map((e) => e.keyword)).toEqual(['pattern']);
    }
  });

  it('a pattern that is no regex, or that ran out of time, makes the schema unusable rather than passing', () => {
    const broken = { type: 'object', properties: { s: { type: 'string', pattern: '(' } } };
    expect(() => checkValue(broken, { s: 'x' }, hostPatternTest)).toThrow(SchemaNotUsable);
    expect(() => checkValue(phone, { phone: 'x' }, () => { throw new Error('took longer than 1000 ms'); })).toThrow(/pattern "\^\\\\\+\?\[0-9\]\{7,15\}\$": took longer than 1000 ms/);
    expect(() => checkValue({ type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } }, { a: 1 }, hostPatternTest)).toThrow(SchemaNotUsable);
  });

  it('leaves the schema it is given untouched (a document schema is frozen)', () => {
    const schema = Object.freeze(structuredClone(cases[18]![1]));
    const before = JSON.stringify(schema);
    expect(() => checkValue(schema, { day: 'sun' }, hostPatternTest)).not.toThrow();
    expect(JSON.stringify(schema)).toBe(before);
  });
});
