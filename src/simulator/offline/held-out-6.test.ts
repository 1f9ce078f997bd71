// Rules made general from the sixth blind batch's held-out part once it was spent (issue 32): each
// reads a kind of line, or refuses to guess, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { findScaledNumbers } from './ids';
import { ask, calls, tool, user } from './testing';

describe('an amount said with scales is read whole', () => {
  it('"two hundred and sixty-five thousand" is 265000, never 260', () => {
    const read = (text: string) => findScaledNumbers(text).map((f) => [f.value, f.said]);
    expect(read('The house is on at two hundred and sixty-five thousand, and we have saved forty thousand.')).toEqual([
      [265000, 'two hundred and sixty-five thousand'],
      [40000, 'forty thousand'],
    ]);
    expect(read('a hundred and twenty thousand')).toEqual([[120000, 'a hundred and twenty thousand']]);
    expect(read('two thousand five hundred')).toEqual([[2500, 'two thousand five hundred']]);
    expect(read('about 15k')).toEqual([[15000, '15k']]);
  });
  it('near misses: digits said one by one, or a number with no scale, are no amount', () => {
    expect(findScaledNumbers('the zip is five five four oh five')).toEqual([]);
    expect(findScaledNumbers('twenty-five of us')).toEqual([]);
  });
  it('a tool takes the whole amount', async () => {
    const quote = tool('quote', 'Quote a mortgage.', { price: { type: 'number', description: 'Property price in pounds.' } });
    const out = await ask([quote], [user("We've seen a house on for three hundred and forty-five thousand.")]);
    expect(calls(out)).toEqual([['quote', { price: 345000 }]]);
  });
});
