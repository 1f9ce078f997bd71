// Rules made general from the fifteenth blind batch's top part, the part tuned on (issue 32): each
// stops a wrong value it wrote, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { ask, calls, tool, user } from './testing';

describe('an age said as "turning ten" counts nothing else', () => {
  const party = tool('checkDate', 'Check a party date (YYYY-MM-DD) for this many kids (8 to 24).', { date: { type: 'string' }, kids: { type: 'number' } });
  it('"my girl is turning ten" is no count of kids', async () => {
    const out = await ask([party], [user("Hiya! So my girl is turning ten and she is crazy about go-karts, so we want to have her party at your track. Have you got anything Saturday the twelfth?")]);
    expect(calls(out).flatMap(([, args]) => Object.keys(args as object))).not.toContain('kids');
  });
  it('near miss: "eight kids are coming" counts them', async () => {
    const out = await ask([party], [user("We'd like a party at yours, eight kids are coming. Anything on Saturday the twelfth?")]);
    expect(calls(out)).toEqual([['checkDate', { date: '2026-12-12', kids: 8 }]]);
  });
});
