// Issue 32, "read what is asked": on a phone line values come as words. Digits with "double",
// an email read out, a postcode or a plate spelled with numbers as words, a house number as words,
// a date whose month is named before a comma. Each with a near miss that must read nothing.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { findDates } from './dates';
import { findEmails, findPhones } from './extract';
import { fillArguments, type FillContext } from './fill';
import { findHouseNumbers, findIdentifiers, findPostcodes, findStreetAddresses } from './ids';
import { findSpelledCodes, spokenDigits } from './spoken';
import { patterns } from './testing';

const values = (found: { value: unknown }[]) => found.map((f) => f.value);

describe('digits said with "double" and "triple"', () => {
  it('"oh seven four double-oh, nine double-oh, two six one" is 07400900261', () => {
    expect(spokenDigits('oh seven four double-oh, nine double-oh, two six one')).toBe('07400900261');
    expect(values(findPhones("the number's oh seven four double-oh, nine double-oh, two six one."))).toEqual(['07400900261']);
  });
  it('"triple five" is three fives; near miss: "double" before no digit adds none', () => {
    expect(spokenDigits('triple five, one two')).toBe('55512');
    expect(values(findPhones('a double room for five nights'))).toEqual([]);
  });
});

describe('an email read out', () => {
  it('"jess dot okoro at gmail dot com" is jess.okoro@gmail.com, from the words that gave it', () => {
    expect(findEmails("Email's jess dot okoro at gmail dot com.")).toEqual([{ value: 'jess.okoro@gmail.com', said: 'jess dot okoro at gmail dot com', index: 8, rule: 'email-spoken' }]);
    expect(values(findEmails('it is sam underscore lee at work dot co dot uk'))).toEqual(['sam_lee@work.co.uk']);
  });
  it('near misses: "at" a place, or a "dot" that ends in no address ending, is no email', () => {
    expect(findEmails("I'm at City, in my first year.")).toEqual([]);
    expect(findEmails('meet me at the station dot matrix')).toEqual([]);
  });
});

describe('a code spelled out with numbers as words', () => {
  it('a postcode: "C F fourteen, three R W" is CF14 3RW; "D N four, six R B" is DN4 6RB', () => {
    expect(values(findPostcodes('the postcode is C F fourteen, three R W.'))).toEqual(['CF14 3RW']);
    expect(values(findPostcodes('Pick her up from 3 Orchard Close, D N four, six R B.'))).toEqual(['DN4 6RB']);
  });
  it('a plate: "K L sixty-eight, F W D" is one code, its groups as parted', () => {
    expect(values(findSpelledCodes('The reg is K L sixty-eight, F W D.'))).toEqual(['KL68 FWD']);
    expect(values(findIdentifiers('The reg is K L sixty-eight, F W D.'))).toContain('KL68 FWD');
  });
  it('near misses: a road number, counts, "I" and "a" as words, letters alone, digits alone', () => {
    expect(findSpelledCodes("I'm on the A590 heading towards Kendal")).toEqual([]);
    expect(findSpelledCodes('Twelve kids, and three of us grown-ups')).toEqual([]);
    expect(findSpelledCodes('I think a four or five would do')).toEqual([]);
    expect(findSpelledCodes('It was the B B C, I think')).toEqual([]);
    expect(findSpelledCodes('one two three four five')).toEqual([]);
  });
});

describe('a house number said as words', () => {
  it('"number twenty-seven" is 27', () => expect(values(findHouseNumbers("It's Gareth Pryce, number twenty-seven, and the postcode is C F fourteen, three R W."))).toEqual(['27']));
  it('near miss: "number" before digits said one by one is a phone or a reference, no house', () =>
    expect(findHouseNumbers('my number, oh seven seven double-oh, nine')).toEqual([]));
});

describe('a month named before a comma, then its day', () => {
  it('"the start of January, the fourth" is the 4th of January', () =>
    expect(findDates('From the start of January, the fourth would be ideal', '2026-12-05').map((d) => d.iso)).toEqual(['2027-01-04']));
  it('near miss: "in March, 2 of us" is no date', () => expect(findDates('in March, 2 of us', '2026-12-05')).toEqual([]));
});

describe("a docstring's \"name: format\" says what a parameter is", () => {
  const fill = (line: string) =>
    fillArguments({ type: 'object', properties: { move_in: { type: 'string' } }, required: ['move_in'] } satisfies JsonSchema, {
      callerLines: [line],
      agentLines: ['When would you move in?'],
      asked: [[{ tool: 'checkRooms', param: 'move_in', why: 'asked' }]],
      tool: { name: 'checkRooms', description: 'The room they want and when. move_in: YYYY-MM-DD. tenancy_weeks: how many weeks.' },
      today: '2026-12-05',
      offered: [],
      patterns: patterns(),
    } satisfies FillContext);
  it('"move_in: YYYY-MM-DD" makes move_in a date: the date said is written as one', () => expect(fill('The fourth of January would be ideal.').args).toEqual({ move_in: '2027-01-04' }));
  it('near miss: a line with no date is no move-in, however it answers the question', () =>
    expect(fill("Saturday afternoon works best for me. I'll come down in person.").args.move_in).not.toMatch(/come down/));
});

describe('a street address', () => {
  const address = { type: 'object', properties: { address_line: { type: 'string' }, postcode: { type: 'string' } }, required: ['address_line', 'postcode'] } satisfies JsonSchema;
  const fillAddress = (line: string) => fillArguments(address, { callerLines: [line], agentLines: ['What is the pickup postcode?'], asked: [[{ tool: 'book', param: 'postcode', why: 'asked' }]], today: '2026-12-05', offered: [], patterns: patterns() } satisfies FillContext);
  it('"Pick her up from 3 Orchard Close, D N four, six R B" is 3 Orchard Close, DN4 6RB', () =>
    expect(fillAddress("Pick her up from 3 Orchard Close, D N four, six R B. It's a bungalow, so no steps.").args).toEqual({ address_line: '3 Orchard Close', postcode: 'DN4 6RB' }));
  it('near miss: a number before a name that is no street ("3 Orchard kids") is no address', () =>
    expect(findStreetAddresses('We have 3 Orchard kids coming')).toEqual([]));
});

describe('an offered row whose text holds an enum value', () => {
  const visit = { type: 'object', properties: { date: { type: 'string' }, window: { type: 'string', enum: ['morning', 'afternoon'] } }, required: ['date', 'window'] } satisfies JsonSchema;
  const rows = [{ day: 'Tuesday 8 December', date: '2026-12-08', window: 'morning (8 to 12)' }, { day: 'Thursday 10 December', date: '2026-12-10', window: 'afternoon (12 to 5)' }];
  const pick = (line: string) => fillArguments(visit, { callerLines: [line], agentLines: ['Which one would you like?'], today: '2026-12-05', offered: rows, patterns: patterns() } satisfies FillContext);
  it('"The Thursday one" picks the row; its "afternoon (12 to 5)" is the value afternoon', () =>
    expect(pick("The Thursday one'd be better, I'm home from lunchtime.").args).toEqual({ date: '2026-12-10', window: 'afternoon' }));
  it('near miss: a line that picks no row writes no window', () => expect(pick('Either is fine, really.').args.window).toBeUndefined());
});

describe('letters said before a code read out in groups', () => {
  it('"B W, six one oh four, two two eight seven" is BW61042287 (the letters too, not only the digits)', () => {
    const found = findIdentifiers("Account number's B W, six one oh four, two two eight seven. Postcode is L S six, one A Z.");
    expect(found[0]).toMatchObject({ value: 'BW 6104 2287', rule: 'code-spelled' });
  });
});

describe('a door number said as words before its street', () => {
  it('"forty-two Cranmer Street" is 42, at 42 Cranmer Street', () => {
    expect(values(findHouseNumbers("It's forty-two Cranmer Street, L E sixty-five, two Q T."))).toEqual(['42']);
    expect(values(findStreetAddresses("It's forty-two Cranmer Street, L E sixty-five, two Q T."))).toEqual(['42 Cranmer Street']);
  });
  it('near miss: "twenty minutes down the Road" is no address (no name in capitals before the street)', () =>
    expect(findStreetAddresses('about twenty minutes down the road')).toEqual([]));
});

describe('an email read out with a number in it', () => {
  it('"alan dot pickering sixty-one at btinternet dot com" is alan.pickering61@btinternet.com, not one@…', () =>
    expect(values(findEmails("Postcode H U five, three S B, and email's alan dot pickering sixty-one at btinternet dot com."))).toEqual(['alan.pickering61@btinternet.com']));
});
