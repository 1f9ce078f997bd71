// Dates and times read from a caller's words, against a fixed today (Tuesday 2026-12-01).
import { describe, expect, it } from 'vitest';
import { findDates, findDayPart, findMonths, findTimes } from './dates';

const TODAY = '2026-12-01';
const iso = (text: string) => findDates(text, TODAY).map((d) => d.iso);
const hhmm = (text: string) => findTimes(text).map((t) => t.hhmm);

describe('findDates', () => {
  it('reads ISO dates', () => expect(iso('on 2027-01-15 please')).toEqual(['2027-01-15']));
  it('"the week after next, on the Tuesday" is that Tuesday two calendar weeks on; "next week, on the Thursday" one week on', () => {
    expect(iso("it's due the week after next, on the Tuesday")).toEqual(['2026-12-15']);
    expect(iso('Tuesday the week after next')).toEqual(['2026-12-15']);
    expect(iso('next week, on the Thursday')).toEqual(['2026-12-10']);
    // Near miss: the bare weekday is the coming one.
    expect(iso('on the Tuesday')).toEqual(['2026-12-08']);
  });
  it('a day and month in "last year", "this year" or "next year" (a birthday said so)', () => {
    expect(iso('she was born on the twenty-third of March last year')).toEqual(['2025-03-23']);
    expect(iso('March the 3rd next year')).toEqual(['2027-03-03']);
    expect(iso('the fifth of May this year')).toEqual(['2026-05-05']);
    // Near miss: "last year" that is not said of the day ("in March, the 3rd. Last year we…") stays out.
    expect(iso('the 3rd of March. Last year we came too')).toEqual(['2027-03-03']);
  });
  it('reads today, tomorrow and the day after tomorrow', () => {
    expect(iso('today')).toEqual(['2026-12-01']);
    expect(iso('tomorrow')).toEqual(['2026-12-02']);
    expect(iso('the day after tomorrow')).toEqual(['2026-12-03']);
  });
  it('reads weekdays as the next one after today', () => {
    expect(iso('on Thursday')).toEqual(['2026-12-03']);
    expect(iso('next Tuesday')).toEqual(['2026-12-08']);
    expect(findDates('next Tuesday', TODAY)[0]).toMatchObject({ said: 'next Tuesday', rule: 'date-weekday' });
  });
  it('reads month and day both ways round, with or without a year', () => {
    expect(iso('December 3')).toEqual(['2026-12-03']);
    expect(iso('the 3rd of December')).toEqual(['2026-12-03']);
    expect(iso('born May 5, 1990')).toEqual(['1990-05-05']);
    expect(iso('Nov 30')).toEqual(['2027-11-30']); // already past this year
  });
  it('reads 12/03 month first', () => expect(iso('12/03')).toEqual(['2026-12-03']));
  it('near misses: no such day, a count, a phone number, a word containing a day name', () => {
    expect(iso('February 30')).toEqual([]);
    expect(iso('the 3 of us')).toEqual([]);
    expect(iso('555 123 4567')).toEqual([]);
    expect(iso('Sundays are for rest')).toEqual([]);
  });
});

describe('findTimes', () => {
  it('reads clock times, am/pm and words', () => {
    expect(hhmm('10am')).toEqual(['10:00']);
    expect(hhmm('at 2:15 pm')).toEqual(['14:15']);
    expect(hhmm('10:30')).toEqual(['10:30']);
    expect(hhmm('half past ten')).toEqual(['10:30']);
    expect(hhmm('quarter to three pm')).toEqual(['14:45']);
    expect(hhmm('four o’clock')).toEqual(['04:00']);
    expect(hhmm('at noon')).toEqual(['12:00']);
  });
  it('"quarter to one" and "ten to one" are just before one in the afternoon, not after midnight', () => {
    expect(hhmm('Could it be with us for quarter to one?')).toEqual(['12:45']);
    expect(hhmm('ten to one')).toEqual(['12:50']);
    expect(hhmm('quarter to one pm')).toEqual(['12:45']);
    // Near misses: said in the morning it is after midnight; "quarter to two" is still 01:45 on the face.
    expect(hhmm('quarter to one am')).toEqual(['00:45']);
    expect(hhmm('quarter to two')).toEqual(['01:45']);
  });
  it('near misses: a count, a long number, an impossible time', () => {
    expect(hhmm('10 people')).toEqual([]);
    expect(hhmm('room 1030')).toEqual([]);
    expect(hhmm('25:00')).toEqual([]);
  });
});

describe('findDayPart', () => {
  it('reads a part of the day with a time for it', () => expect(findDayPart('in the morning')).toEqual({ part: 'morning', hhmm: '09:00' }));
  it('does not see one inside another word', () => expect(findDayPart('tomorrow')).toBeUndefined());
});

describe('a time written with a dot and am/pm', () => {
  it('"9.15am" is 09:15, not "15am"', () => expect(findTimes('Friday at 9.15am').map((t) => t.hhmm)).toEqual(['09:15']));
  it('near miss: "at 3pm" is 15:00', () => expect(findTimes('at 3pm').map((t) => t.hhmm)).toEqual(['15:00']));
});

describe('a weekday gone by', () => {
  // Today is Tuesday 2026-12-01.
  const iso = (text: string) => findDates(text, '2026-12-01').map((d) => d.iso);
  it('"Saturday just gone", "last Saturday", "this past Monday" are the days before today', () => {
    expect(iso('It started on Saturday just gone.')).toEqual(['2026-11-28']);
    expect(iso('last Saturday')).toEqual(['2026-11-28']);
    expect(iso('this past Monday')).toEqual(['2026-11-30']);
    expect(iso('last Tuesday')).toEqual(['2026-11-24']);
  });
  it('"Friday last week" is the Friday of the calendar week before', () => expect(iso('the Friday last week')).toEqual(['2026-11-27']));
  it('near miss: a weekday alone is the next one', () => expect(iso('Saturday')).toEqual(['2026-12-05']));
});

describe('"next" before a weekday still in this week', () => {
  // Today is Tuesday 2026-12-01.
  const iso = (text: string, today = '2026-12-01') => findDates(text, today).map((d) => d.iso);
  it('"next Wednesday" said on a Tuesday is the Wednesday of next week; "this Wednesday" and "Wednesday" are tomorrow', () => {
    expect(iso('Next Wednesday if you can, after work.')).toEqual(['2026-12-09']);
    expect(iso('this Wednesday')).toEqual(['2026-12-02']);
    expect(iso('Wednesday')).toEqual(['2026-12-02']);
  });
  it('near miss: "next Monday" said on a Saturday is the coming Monday (already next week)', () => expect(iso('next Monday', '2026-12-05')).toEqual(['2026-12-07']));
});

describe('findMonths', () => {
  const months = (text: string) => findMonths(text, TODAY).map((m) => m.yyyymm);
  it('a month said alone is the next of that name (this month counts); a year said wins', () => {
    expect(months("from February when I go back to work")).toEqual(['2027-02']);
    expect(months('starting in December')).toEqual(['2026-12']);
    expect(months('March next year, or April 2028')).toEqual(['2027-03', '2028-04']);
  });
  it('near miss: "may" the verb is no month; "in May" is', () => {
    expect(months('I may be late')).toEqual([]);
    expect(months('from May')).toEqual(['2027-05']);
  });
});
