// The strict reading of a weekday said alone (issue 32): it names the coming one only where no
// other word of the calendar is said beside it and left unread. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { findDates } from './dates';
import { withoutDoubtedWeekdays } from './weekday-doubts';

const TODAY = '2026-12-01'; // a Tuesday
const isos = (text: string) => findDates(text, TODAY).map((d) => d.iso);

describe('a coming weekday beside calendar words no rule read', () => {
  it('"the day after Christmas? The Saturday?" reads no date (never the coming Saturday)', () => {
    expect(isos('Could we do the day after Christmas? The Saturday?')).toEqual([]);
  });
  it('"sometime in January, a Friday ideally" reads no date', () => {
    expect(isos('Sometime in January, a Friday ideally.')).toEqual([]);
  });
  it('"the Friday before the bank holiday" reads no date', () => {
    expect(isos('We want the Friday before the bank holiday.')).toEqual([]);
  });
  it('near miss: "Thursday would be great" after a sentence about all week is the coming Thursday', () => {
    expect(isos("I'm at work downtown all week, the zip there is four three two one five. Thursday would be great.")).toEqual(['2026-12-03']);
  });
  it('near miss: "Friday this week" and "Friday, end of the week" are the coming Friday', () => {
    expect(isos('Friday this week, if you can.')).toEqual(['2026-12-04']);
    expect(isos('Friday, the end of the week.')).toEqual(['2026-12-04']);
  });
  it('near miss: a weekday with its day of the month is read by that rule ("Thursday the tenth")', () => {
    expect(isos('Is Thursday the tenth open?')).toEqual(['2026-12-10']);
  });
  it('keeps every date but the doubted weekday', () => {
    const found = [
      { iso: '2026-12-05', said: 'Saturday', index: 40, rule: 'date-weekday' },
      { iso: '2026-12-02', said: 'tomorrow', index: 0, rule: 'date-relative' },
    ];
    expect(withoutDoubtedWeekdays(found, 'tomorrow for the survey, then in June a Saturday.').map((d) => d.rule)).toEqual(['date-relative']);
  });
});
