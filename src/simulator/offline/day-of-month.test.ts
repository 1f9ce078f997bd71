// Issue 32, point 4: a weekday and a day of the month said together name one day (the day of the
// month wins when both agree with a real date); days of the month and years said as words; a
// birth date is a day gone by. Today is Tuesday 2026-12-01.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { findDates } from './dates';
import { fillArguments } from './fill';
import { patterns } from './testing';

const TODAY = '2026-12-01';
const iso = (text: string) => findDates(text, TODAY).map((d) => d.iso);

describe('a weekday and a day of the month', () => {
  it('"Friday the eighteenth" is the 18th, a Friday', () => {
    expect(iso('Friday the eighteenth')).toEqual(['2026-12-18']);
    expect(findDates('Friday the eighteenth', TODAY)[0]).toMatchObject({ rule: 'date-weekday-and-day', said: 'Friday … the eighteenth' });
  });
  it('"next Thursday, … the tenth": the day of the month settles which Thursday', () =>
    expect(iso("Next Thursday, if there's room. That's the tenth.")).toEqual(['2026-12-10']));
  it('near miss: a weekday the day of the month is not in the next months gives no day (the agent asks)', () =>
    expect(iso('Friday the 17th')).toEqual([]));
});

describe('days and years said as words', () => {
  it('reads "twelfth of August, nineteen seventy-nine" and "the twenty-first"', () => {
    expect(iso('born twelfth of August, nineteen seventy-nine')).toEqual(['1979-08-12']);
    expect(iso('on the twenty-first please')).toEqual(['2026-12-21']);
    // The near miss: an ordinal before a noun is no day.
    expect(iso('it is the third time I call')).toEqual([]);
  });
});

describe('a birth date is a day gone by', () => {
  const dob = { type: 'object', properties: { date_of_birth: { type: 'string', description: 'Date of birth, YYYY-MM-DD' } }, required: ['date_of_birth'] } satisfies JsonSchema;
  const fill = (line: string) => fillArguments(dob, { callerLines: [line], today: TODAY, offered: [], patterns: patterns() });
  it('a day to come is no birth date: nothing is written; a day gone by is', () => {
    expect(fill('Wednesday next week, the ninth, and afternoons are easier.').missing).toEqual(['date_of_birth']);
    expect(fill('born the fourth of March 1987').args).toEqual({ date_of_birth: '1987-03-04' });
  });
});
