// Issue 33, "lint reads what the runtime reads": the names a predicate reads, resolved as the
// sandbox resolves them (free names and `this.x` are the state's; so is `s.x` of the arrow's
// parameter), and nothing said where the scanner cannot follow the source.
import { describe, expect, it } from 'vitest';
import sampleJson from '../../../public/examples/clinic-booking.json';
import type { AgentDocument } from '../types';
import { predicateScope, stateNamesRead, unknownNamesRead } from './expression-names';

const names = (source: string) => stateNamesRead(source)?.map((r) => r.name);

describe('the state names a predicate reads', () => {
  it('free names, this.x and the arrow parameter\'s s.x; not properties of them, calls, keys or globals', () => {
    expect(names('searches >= 3 && !verified')).toEqual(['searches', 'verified']);
    expect(names('(s) => s.slots.length > 0 && s.isUrgent')).toEqual(['slots', 'isUrgent']);
    expect(names('state => state?.pet?.name === "Rex"')).toEqual(['pet']);
    expect(names('this.count > Math.max(1, limit)')).toEqual(['count', 'limit']);
    expect(names("caller_name.startsWith('A') && { a: 1 }.a === 1")).toEqual(['caller_name']);
  });
  it('says nothing where it cannot follow: a template literal, a comment, a regex, s[key], a destructured parameter', () => {
    for (const source of ['`${a}` === b', 'a // b', '/x/.test(a)', '(s) => s[key]', '({ a }) => a > 1']) expect(stateNamesRead(source)).toBeUndefined();
  });
});

describe('the names that name nothing', () => {
  const sample = sampleJson as unknown as AgentDocument;
  it('a state field, a captured parameter and a kept class member are known; a made-up name is not', () => {
    const doc: AgentDocument = { ...sample, preserved: { pinecall: { members: ['get petLabel() {\n  return "x";\n}', 'private helper(n: number) { return n; }'] } } };
    const scope = predicateScope(doc);
    expect(unknownNamesRead('(s) => s.petLabel && s.caller_name && helper && s.isUrgent', scope).map((r) => r.written)).toEqual(['s.isUrgent']);
  });
});
