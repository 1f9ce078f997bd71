import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../model';
import { checkRubyArguments } from './check-args-ruby';

const tool: Tool = {
  id: 't', kind: 'function', name: 'book_redelivery', description: 'Books a redelivery.', scope: { kind: 'all' }, fallback: false, pii: [],
  parameters: { type: 'object', properties: { date: { type: 'string' }, safe_place: { type: 'string' }, count: { type: 'integer' } }, required: ['date', 'count'], additionalProperties: false },
};

describe('a class in Ruby checks arguments as the gem and Ruby do', () => {
  it('refuses an argument the tool never asked for, in the gem\'s words, before anything else', () => {
    expect(checkRubyArguments(tool, { dte: 'monday', when: 'x' })).toBe('book_redelivery: it takes no dte, when');
  });
  it('refuses a missing required keyword as Ruby does, one or several', () => {
    expect(checkRubyArguments(tool, { count: 1 })).toBe('missing keyword: :date');
    expect(checkRubyArguments(tool, {})).toBe('missing keywords: :date, :count');
  });
  it('a near miss: a value of another JSON type is passed on (the gem checks no type), and an optional keyword may be left out', () => {
    expect(checkRubyArguments(tool, { date: 'monday', count: 'two' })).toBeUndefined();
  });
});
