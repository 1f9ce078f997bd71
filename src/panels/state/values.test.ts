import { describe, expect, it } from 'vitest';
import type { StateField } from '../../model';
import { defaultCallFacts, factKeyError, factText, freshFactKey, initialValueOf, parseInitialValue, renameFact, withInitialValue } from './values';

const field = (name: string, type: StateField['type'], dflt?: unknown): StateField => ({ id: `f_${name}`, name, type, default: dflt, pii: false, visibility: 'private' });

describe('an initial value typed as JSON', () => {
  it('accepts JSON of the field\'s type', () => {
    expect(parseInitialValue('"Ana"', field('caller_name', 'string'))).toEqual({ ok: true, value: 'Ana' });
    expect(parseInitialValue(' true ', field('verified', 'boolean'))).toEqual({ ok: true, value: true });
    expect(parseInitialValue('3', field('searches', 'integer'))).toEqual({ ok: true, value: 3 });
    expect(parseInitialValue('2.5', field('score', 'number'))).toEqual({ ok: true, value: 2.5 });
    expect(parseInitialValue('[{"id":"a"}]', field('slots', 'array'))).toEqual({ ok: true, value: [{ id: 'a' }] });
    expect(parseInitialValue('{}', field('record', 'object'))).toEqual({ ok: true, value: {} });
  });

  it('says what to write when the text is not JSON', () => {
    expect(parseInitialValue('Ana', field('caller_name', 'string'))).toEqual({ ok: false, error: 'Not JSON. Strings need quotes: "Ana".' });
    expect(parseInitialValue('{oops', field('record', 'object'))).toEqual({ ok: false, error: 'Not JSON. record is an object: write an object, e.g. {} or {"key": "value"}.' });
    expect(parseInitialValue('  ', field('verified', 'boolean'))).toEqual({ ok: false, error: 'Empty. verified is a boolean: write true or false.' });
  });

  it('refuses JSON of another type, null included', () => {
    expect(parseInitialValue('"yes"', field('verified', 'boolean'))).toEqual({ ok: false, error: 'verified is a boolean: write true or false.' });
    expect(parseInitialValue('2.5', field('searches', 'integer'))).toMatchObject({ ok: false, error: expect.stringContaining('a whole number') });
    expect(parseInitialValue('null', field('slots', 'array'))).toMatchObject({ ok: false });
    expect(parseInitialValue('[]', field('record', 'object'))).toMatchObject({ ok: false });
  });
});

describe('initial state overrides', () => {
  const searches = field('searches', 'integer', 0);
  it('keeps only values that differ from the default', () => {
    const one = withInitialValue({}, searches, 2);
    expect(one).toEqual({ searches: 2 });
    expect(initialValueOf(searches, one)).toBe(2);
    expect(withInitialValue(one, searches, 0)).toEqual({});
    expect(initialValueOf(searches, {})).toBe(0);
  });
});

describe('this.call facts', () => {
  it('default to today (local date) and the test caller number', () => {
    expect(defaultCallFacts(new Date(2025, 0, 5, 23, 30))).toEqual({ today: '2025-01-05', callerNumber: '+15550100' });
  });

  it('accept names code can read, once each', () => {
    const facts = { today: '2025-01-05', callerNumber: '+15550100' };
    expect(factKeyError(facts, 'today', 'today')).toBeNull();
    expect(factKeyError(facts, 'today', 'date')).toBeNull();
    expect(factKeyError(facts, 'today', 'callerNumber')).toBe('this.call.callerNumber is already set.');
    expect(factKeyError(facts, null, 'caller number')).toContain('is not a name code can read');
    expect(factKeyError(facts, null, '')).toContain('use letters, digits and _');
  });

  it('rename in place and name new rows freshly', () => {
    expect(Object.keys(renameFact({ a: 1, b: 2, c: 3 }, 'b', 'z'))).toEqual(['a', 'z', 'c']);
    expect(freshFactKey({})).toBe('fact');
    expect(freshFactKey({ fact: 1, fact2: 2 })).toBe('fact3');
    expect(factText('x')).toBe('x');
    expect(factText(3)).toBe('3');
  });
});
