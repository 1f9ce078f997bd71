import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { preparePatternSandbox } from '../simulator/sandbox/patterns';
import { endsWithin } from '../../test/security/ends-within';
import { A_LINE, DIGIT_LINE, NESTED_PLUS, POLYNOMIAL_DIGITS } from '../../test/security/regex-payloads';
import type { JsonSchema } from '../model';
import {
  addParam, parseEnumText, removeParam, schemaToRows, setParamDescription, setParamEnum, setParamItemsType, setParamPattern,
  setParamRequired, setParamType, testPattern, type PatternTest,
} from './schema-form';

const identity: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'The full name.' },
    phone: { type: 'string', description: 'Digits.', pattern: '^\\+?[0-9]{7,15}$' },
    visit: { type: 'string', enum: ['cleaning', 'checkup'], minLength: 1 },
  },
  required: ['name', 'phone'],
  additionalProperties: false,
};

describe('schema → form rows', () => {
  it('reads each property in order', () => {
    expect(schemaToRows(identity)).toEqual([
      { name: 'name', type: 'string', itemsType: undefined, description: 'The full name.', required: true, enumText: '', pattern: '', otherKeywords: [] },
      { name: 'phone', type: 'string', itemsType: undefined, description: 'Digits.', required: true, enumText: '', pattern: '^\\+?[0-9]{7,15}$', otherKeywords: [] },
      { name: 'visit', type: 'string', itemsType: undefined, description: '', required: false, enumText: 'cleaning, checkup', pattern: '', otherKeywords: ['minLength'] },
    ]);
  });

  it('shows a union or a missing type as other, and an array with its item type', () => {
    const rows = schemaToRows({ type: 'object', properties: { a: { type: ['string', 'null'] }, b: {}, c: { type: 'array', items: { type: 'number' } } } });
    expect(rows.map((r) => [r.type, r.itemsType])).toEqual([['other', undefined], ['other', undefined], ['array', 'number']]);
  });
});

describe('form → schema', () => {
  it('keeps order and untouched keywords when editing one property', () => {
    const next = setParamDescription(identity, 'phone', 'Digits only.');
    expect(Object.keys(next.properties!)).toEqual(['name', 'phone', 'visit']);
    expect(next.properties!.phone).toEqual({ type: 'string', description: 'Digits only.', pattern: '^\\+?[0-9]{7,15}$' });
    expect(next.additionalProperties).toBe(false);
    expect(identity.properties!.phone.description).toBe('Digits.'); // input untouched
    expect(setParamDescription(identity, 'phone', '').properties!.phone).toEqual({ type: 'string', pattern: '^\\+?[0-9]{7,15}$' });
  });

  it('changing the type drops keywords of the old type and converts the enum when it can', () => {
    const num = setParamType(identity, 'phone', 'number');
    expect(num.properties!.phone).toEqual({ type: 'number', description: 'Digits.' });
    const arr = setParamType(identity, 'name', 'array');
    expect(arr.properties!.name).toEqual({ type: 'array', description: 'The full name.', items: { type: 'string' } });
    expect(setParamItemsType(arr, 'name', 'integer').properties!.name.items).toEqual({ type: 'integer' });
    const visitNumber = setParamType(identity, 'visit', 'integer');
    expect(visitNumber.properties!.visit).toEqual({ type: 'integer' }); // "cleaning" is no integer: enum dropped
  });

  it('required stays in property order and always present', () => {
    expect(setParamRequired(identity, 'visit', true).required).toEqual(['name', 'phone', 'visit']);
    expect(setParamRequired(identity, 'name', false).required).toEqual(['phone']);
    expect(setParamRequired({ type: 'object', properties: { a: {} } }, 'a', false).required).toEqual([]);
  });

  it('enum from comma-separated text, typed', () => {
    expect(parseEnumText('am, pm ,, am', 'string')).toEqual({ values: ['am', 'pm'] });
    expect(parseEnumText('1, 2.5', 'number')).toEqual({ values: [1, 2.5] });
    expect(parseEnumText('1, 2.5', 'integer')).toEqual({ error: '"2.5" is not an integer' });
    expect(parseEnumText('  ', 'string')).toEqual({ values: undefined });
    expect(setParamEnum(identity, 'visit', undefined).properties!.visit).toEqual({ type: 'string', minLength: 1 });
    expect(setParamEnum(identity, 'name', ['a']).properties!.name.enum).toEqual(['a']);
  });

  it('pattern set and cleared', () => {
    expect(setParamPattern(identity, 'name', '^[A-Z]').properties!.name.pattern).toBe('^[A-Z]');
    expect('pattern' in setParamPattern(identity, 'phone', '').properties!.phone).toBe(false);
  });

  it('adds a fresh required string parameter and removes one from required too', () => {
    const added = addParam(identity, 'name');
    expect(added.name).toBe('name_2');
    expect(Object.keys(added.schema.properties!)).toEqual(['name', 'phone', 'visit', 'name_2']);
    expect(added.schema.required).toEqual(['name', 'phone', 'name_2']);
    const removed = removeParam(identity, 'phone');
    expect(Object.keys(removed.properties!)).toEqual(['name', 'visit']);
    expect(removed.required).toEqual(['name']);
  });

  it('the same form edit round-trips through rows', () => {
    const edited = setParamRequired(setParamPattern(identity, 'visit', '^c'), 'visit', true);
    const row = schemaToRows(edited).find((r) => r.name === 'visit')!;
    expect(row).toMatchObject({ pattern: '^c', required: true, enumText: 'cleaning, checkup' });
  });
});

describe('pattern tester', () => {
  it('marks each sample as matching or not, tested in the pattern sandbox', async () => {
    const sandbox = await preparePatternSandbox();
    expect(testPattern('^\\+?[0-9]{7,15}$', ['+34600111222', '600 111', 'abc'], sandbox)).toEqual({ matches: [true, false, false] });
    expect(testPattern('b', ['abc'], sandbox)).toEqual({ matches: [true] }); // unanchored, as JSON Schema reads it
  });

  it('tests nothing until the sandbox is there', () => {
    expect(testPattern('b', ['abc'], undefined)).toEqual({ pending: true, matches: [false] });
  });

  it('reports an invalid regular expression', () => {
    const result = testPattern('([a-z', ['a'], undefined);
    expect(result.error).toMatch(/Invalid regular expression/);
    expect(result.matches).toEqual([false]);
  });
});

// Security issue 30, point 7: the tester runs every sample with a deadline. Run in a worker thread
// terminated at a backstop (test/security/ends-within.ts): a regression to the page's RegExp fails
// here instead of hanging the suite.
describe('pattern tester, given a pattern that backtracks for ever', () => {
  const PROBES = fileURLToPath(new URL('../../test/security/regex-probes.ts', import.meta.url));
  const BACKSTOP_MS = 8000;

  it('fourteen [0-9]* (which the shape screen passes) on 40 digits: the sample is stopped at the deadline and marked slow; the others are tested', async () => {
    const run = await endsWithin<PatternTest>(BACKSTOP_MS, PROBES, 'testerResult', [POLYNOMIAL_DIGITS, [DIGIT_LINE, '12x', 'abc']]);
    expect(run.ended, `the tester did not answer within ${BACKSTOP_MS} ms`).toBe(true);
    if (!run.ended) return;
    expect(run.value).toEqual({ matches: [false, true, false], slow: [true, false, false], timeoutMs: 100 });
  }, BACKSTOP_MS + 5000);

  it('^(a+)+$: named as a risky shape (a hint), and stopped on the sample all the same', async () => {
    const run = await endsWithin<PatternTest>(BACKSTOP_MS, PROBES, 'testerResult', [NESTED_PLUS, [A_LINE, 'aaa']]);
    expect(run.ended).toBe(true);
    if (!run.ended) return;
    expect(run.value).toEqual({ risk: 'a repeated group repeats inside, like (a+)+', matches: [false, true], slow: [true, false], timeoutMs: 100 });
  }, BACKSTOP_MS + 5000);
});
