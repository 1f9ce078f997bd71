// Issue 32, "read what is asked": counts by the ages the caller gives, into the bands the counts'
// descriptions set; nothing counted where the ages given are not all the children said.
import { describe, expect, it } from 'vitest';
import { ageBand, agesIn, countByAges } from './ages';

describe('age bands and ages', () => {
  it('reads "aged 4 to 12", "under four" and leaves "18 and over" (no upper bound) alone', () => {
    expect(ageBand('Children aged 4 to 12.')).toEqual([4, 12]);
    expect(ageBand('Children under four, who go free.')).toEqual([0, 3]);
    expect(ageBand('People 18 and over.')).toBeUndefined();
  });
  it('"three children: the oldest is eleven, then seven, and the baby is two" gives 11, 7, 2', () =>
    expect(agesIn('We are two adults and three children. The oldest is eleven, then seven, and the youngest is two.')?.ages).toEqual([11, 7, 2]));
  it('near miss: "two kids, the youngest is one" gives one age of two children: no ages', () =>
    expect(agesIn('There are four of us grown-ups and two kids, the youngest is one.')).toBeUndefined());
});

describe('a count by the ages said', () => {
  const line = 'We are two adults and three children. The oldest is eleven, then seven, and the youngest is two.';
  it('counts the ages in each band', () => {
    expect(countByAges('Children aged 4 to 12.', line)?.count).toBe(2);
    expect(countByAges('Children under four.', line)?.count).toBe(1);
  });
  it('near miss: a band with no upper bound is not counted by ages', () => expect(countByAges('People 18 and over.', line)).toBeUndefined());
});
