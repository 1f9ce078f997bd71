// Pinecall's argument checks and the placeholder filler, on their own.
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../model';
import { fillConfirm, fillTemplate } from '../../../simulator/template';
import { checkArguments } from './check-args';
import { parseArguments } from '../../../simulator/tool-arguments';

const tool = (properties: Tool['parameters']['properties'], required: string[]): Tool => ({
  id: 't', kind: 'function', name: 'book', description: 'Books.', parameters: { type: 'object', properties, required, additionalProperties: false },
  scope: { kind: 'all' }, fallback: false, pii: [],
});

describe('checkArguments', () => {
  const t = tool({ n: { type: 'integer' }, x: { type: 'number' }, tags: { type: 'array' }, cb: { description: 'callback' }, opt: { type: 'string' } }, ['n', 'x']);

  it('passes right types and ignores untyped and absent optional parameters', () => {
    expect(checkArguments(t, { n: 2, x: 1.5, tags: [], cb: 'anything' })).toBeUndefined();
  });

  it('says which are missing and which have the wrong type, in parameter order', () => {
    expect(checkArguments(t, {})).toBe('book: n is required; x is required');
    expect(checkArguments(t, { n: 1.5, x: '3', opt: {} })).toBe('book: n must be a integer, not a number; x must be a number, not a string; opt must be a string, not a object');
  });

  it("names every missing argument first, then the type errors, as Pinecall's run-tool validate does", () => {
    // findPatient(name: string, phone: string): the spec's own example (formats/pinecall.md).
    const findPatient = { ...tool({ name: { type: 'string' }, phone: { type: 'string' } }, ['name', 'phone']), name: 'findPatient' };
    expect(checkArguments(findPatient, { name: 7 })).toBe('findPatient: phone is required; name must be a string, not a number');
    // A type error before a missing argument in the signature still comes after it.
    expect(checkArguments(t, { n: 'two' })).toBe('book: x is required; n must be a integer, not a string');
    // A required name the schema does not list is required too, in `required`'s order.
    const extra = tool({ a: { type: 'string' } }, ['ghost', 'a']);
    expect(checkArguments(extra, { a: 1 })).toBe('book: ghost is required; a must be a string, not a number');
  });

  it('reads the arguments text, and says so when it is not a JSON object', () => {
    expect(parseArguments(t, '')).toEqual({ args: {} });
    expect(parseArguments(t, '{"n":1}')).toEqual({ args: { n: 1 } });
    expect(parseArguments(t, '{n:1')).toEqual({ error: 'book: the arguments are not valid JSON; send one JSON object' });
    expect(parseArguments(t, '[1]')).toEqual({ error: 'book: the arguments must be one JSON object' });
  });
});

describe('fillTemplate', () => {
  it('fills names and dotted paths, leaves absent values empty and other braces alone', () => {
    expect(fillTemplate('Hi {{ caller_name }}, {{n}} {{missing}}{{secret:KEY}}', { caller_name: 'Ana', n: 2 })).toBe('Hi Ana, 2 {{secret:KEY}}');
    expect(fillConfirm('Booked {{slot}} at {{result.when}}.', { slot: 'a' }, { when: '10:00' })).toBe('Booked a at 10:00.');
  });
});

describe('fillConfirm, as the platform reads a confirm back (pinecall/runtime read_back)', () => {
  it('keeps a placeholder nothing fills as written, empties None, and writes any other value as Python\'s str() does', () => {
    const result = { n: 3, ok: true, list: ["it's", 'b'], none: null, d: { k: 'v' } };
    expect(fillConfirm('{{ result.n }} {{result.ok}} {{missing}} {{result.list}} [{{result.none}}] {{result.d}}', {}, result))
      .toBe(`3 True {{missing}} ["it's", 'b'] [] {'k': 'v'}`);
  });
  it('a near miss: a path through a list or a string is no key, so it stays as written; a tool that returns nothing empties {{result}}', () => {
    expect(fillConfirm('{{result.list.0}} {{slot.when}} [{{result}}]', { slot: 'ten' }, undefined)).toBe('{{result.list.0}} {{slot.when}} []');
  });
});
