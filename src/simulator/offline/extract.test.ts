// Phone numbers, emails, numbers, names and yes/no read from a caller's line.
import { describe, expect, it } from 'vitest';
import { findEmails, findNames, findNumbers, findPhones, findYesNo, findYesNoInClause } from './extract';

const values = <T>(found: { value: T }[]) => found.map((f) => f.value);

describe('findPhones', () => {
  it('reads grouped digits, with a country code', () => {
    expect(values(findPhones('call me on 555 123 4567'))).toEqual(['5551234567']);
    expect(values(findPhones('+34 612-345-678'))).toEqual(['+34612345678']);
    expect(values(findPhones('(555) 123-4567'))).toEqual(['5551234567']);
  });
  it('a last group put right after "no wait", "sorry", "I mean" takes the group as put right', () => {
    expect(values(findPhones('It is oh one two one, four nine six, three eight two. No wait, three two eight.'))).toEqual(['0121496328']);
    expect(values(findPhones('five five five, two one two, nine nine oh one, sorry, nine nine oh two'))).toEqual(['5552129902']);
    // Near misses: words after it that give no digits, or a group of another length, leave it as said.
    expect(values(findPhones('oh one two one, four nine six, three eight two, sorry, that is my work one'))).toEqual(['0121496382']);
    expect(values(findPhones('oh one two one, four nine six, three eight two. No wait, three two.'))).toEqual(['0121496382']);
  });
  it('near misses: a short number, a date, a time', () => {
    expect(values(findPhones('room 12345'))).toEqual([]);
    expect(values(findPhones('on 2026-12-01'))).toEqual([]);
    expect(values(findPhones('at 10:30'))).toEqual([]);
  });
});

describe('findEmails', () => {
  it('reads an address', () => expect(values(findEmails('it is dana.w@example.org, thanks'))).toEqual(['dana.w@example.org']));
  // A phone line hears an address read out; it is read only when it ends as addresses do ("dot org").
  it('reads one read out', () => expect(values(findEmails('dana at example dot org'))).toEqual(['dana@example.org']));
  it('does not read "at" before a place', () => expect(values(findEmails('I am at the office, dot on nine'))).toEqual([]));
});

describe('findNumbers', () => {
  it('reads digits and number words', () => {
    expect(values(findNumbers('for 4 people'))).toEqual([4]);
    expect(values(findNumbers('two of us'))).toEqual([2]);
  });
  it('reads "one" as a thing or a person after a verb of having or before "of", and as a count elsewhere', () => {
    expect(values(findNumbers("so she's got one to practise on"))).toEqual([]);
    expect(values(findNumbers('we need one for the van, and one of the boys uses a wheelchair'))).toEqual([]);
    expect(values(findNumbers('I have one already.'))).toEqual([]);
    expect(values(findNumbers('just one, please'))).toEqual([1]);
    expect(values(findNumbers('one adult and two children'))).toEqual([1, 2]);
    expect(values(findNumbers('I have one child'))).toEqual([1]);
  });
  it('skips digits inside a span that is something else', () => {
    expect(values(findNumbers('at 10:30'))).toEqual([]);
    expect(values(findNumbers('555 1234567', [[0, 11]]))).toEqual([]);
  });
});

describe('findNames', () => {
  it('reads the usual introductions', () => {
    expect(values(findNames('Hi, my name is Dana Whitfield.'))).toEqual(['Dana Whitfield']);
    expect(values(findNames("my name's dana"))).toEqual(['Dana']);
    expect(values(findNames("I'm Sam, calling about my visit"))).toEqual(['Sam']);
    expect(values(findNames('Hello, this is Lee Park'))).toEqual(['Lee Park']);
    expect(values(findNames('Ana speaking'))).toEqual(['Ana']);
  });
  it('near misses: a state, a weekday, a lower-case word', () => {
    expect(values(findNames("I'm fine"))).toEqual([]);
    expect(values(findNames('this is Tuesday'))).toEqual([]);
    expect(values(findNames("I'm looking for help"))).toEqual([]);
  });
});

describe('findYesNo', () => {
  it('reads agreement and refusal from how the line opens', () => {
    for (const line of ['Yes please', 'Sure.', 'that works', 'Correct', 'ok, go ahead']) expect(findYesNo(line)?.value).toBe(true);
    for (const line of ['No thanks', 'Nope', "Well, don't bother"]) expect(findYesNo(line)?.value).toBe(false);
  });
  it('near misses: words that only start like yes or no', () => {
    for (const line of ['I know', 'Yesterday was fine', 'Notice this', 'Maybe yes']) expect(findYesNo(line)).toBeUndefined();
  });
  it('a "no" that determines a noun answers nothing; one followed by a pronoun or a pause does', () => {
    for (const line of ['No piano, thankfully.', 'no allergies or anything', 'No problem at all', 'No worries']) expect(findYesNo(line)).toBeUndefined();
    for (const line of ["No I don't", 'No, piano only', 'no thanks', 'No. Never.', "No it's fine", 'No way']) expect(findYesNo(line)?.value).toBe(false);
    expect(findYesNoInClause('It is upstairs. No piano, thankfully.')).toBeUndefined();
  });
  it('"don\'t worry", "never mind" reassure and answer nothing; "don\'t" and "never" alone still refuse', () => {
    for (const line of ["Don't worry about it", 'do not mind me', 'Never mind, carry on', "don't panic"]) expect(findYesNo(line)).toBeUndefined();
    expect(findYesNoInClause("I've got loads of those from the gym, don't worry.")).toBeUndefined();
    for (const line of ["Don't.", 'Never.', "don't book it"]) expect(findYesNo(line)?.value).toBe(false);
  });
  it('"go on then" agrees; "go on the website" is no answer', () => {
    for (const line of ['Oh, go on then, as long as it is quick.', 'Go on.', 'go on']) expect(findYesNo(line)?.value).toBe(true);
    expect(findYesNo('Go on the website and look')).toBeUndefined();
  });
});

describe('a name that opens the line before a full stop', () => {
  it('"Rosa Delgado. Date of birth, …" is a name; near miss: one word before a full stop is not', () => {
    expect(findNames('Rosa Delgado. Date of birth, third of May, nineteen eighty.').map((f) => f.value)).toEqual(['Rosa Delgado']);
    expect(findNames('Brilliant. Date of birth next?').map((f) => f.value)).toEqual([]);
  });
});
