// Issue 32, point 3: more of what a caller says is read, where reading it adds no wrong value
// (corpus-wrong-values.test.ts holds the tuned corpora to none).
import { describe, expect, it } from 'vitest';
import { findDates, findTimes } from './dates';

const TODAY = '2026-12-01';

describe('clock times said with minutes in words', () => {
  it('"twenty to ten", "ten past six", "twenty-five past three", "25 minutes to four"', () => {
    expect(findTimes('It must have been about twenty to ten.').map((t) => t.hhmm)).toEqual(['09:40']);
    expect(findTimes('ten past six').map((t) => t.hhmm)).toEqual(['06:10']);
    expect(findTimes('twenty-five past three').map((t) => t.hhmm)).toEqual(['03:25']);
    expect(findTimes('25 minutes to four').map((t) => t.hhmm)).toEqual(['03:35']);
  });
  it('near miss: a range of counts is no time', () => {
    expect(findTimes('We expect ten to twelve people.')).toEqual([]);
    expect(findTimes('It takes 2 to 3 days.')).toEqual([]);
  });
});

describe('"last night" is the day before', () => {
  it('names yesterday', () => expect(findDates('I left it on the tram last night.', TODAY).map((d) => d.iso)).toEqual(['2026-11-30']));
  it('near miss: "tonight" is today', () => expect(findDates('Can it come tonight?', TODAY).map((d) => d.iso)).toEqual(['2026-12-01']));
});
