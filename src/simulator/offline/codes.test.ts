// Issue 32, point 3: a code is read from the words that give it. A code the line labels with the
// parameter's name is that parameter's; one labelled with another parameter's name is not; a phone
// number is no code of another kind; a code said as words ("P X four one…") is read as one.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments, type FillContext } from './fill';
import { findIdentifiers } from './ids';
import { patterns } from './testing';

const schema = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const fill = (properties: Record<string, JsonSchema>, lines: string[]) =>
  fillArguments(schema(properties), { callerLines: [...lines].reverse(), today: '2026-12-01', offered: [], patterns: patterns() } satisfies FillContext);

describe('codes said as words or in mixed groups', () => {
  it('letters said one by one, then digit words in groups, are one code', () =>
    expect(findIdentifiers('the reference is Q Z three one four four, zero two eight six.').map((f) => f.value)).toContain('QZ31440286'));
  it('groups of letters and digits together are one code', () =>
    expect(findIdentifiers('the van is KD71 RTX').map((f) => f.value)).toContain('KD71RTX'));
});

describe('a code labelled for one parameter is not another parameter\'s', () => {
  const card = { member_number: { type: 'string' }, plate: { type: 'string', description: 'The vehicle registration' } } satisfies Record<string, JsonSchema>;
  it('"member number is …, and the van\'s …": each takes its own', () => {
    const out = fill(card, ["Member number is five oh one, two two eight, nine nine four, and the van's KD71 RTX."]);
    expect(out.args).toEqual({ member_number: '501228994', plate: 'KD71RTX' });
    expect(out.filled.member_number).toMatchObject({ rule: 'identifier-labelled', why: expect.stringContaining('Member number is') });
  });
});

describe('a code is not taken from a phone number', () => {
  const policy = { policy_number: { type: 'string', description: 'The policy number on the certificate' } } satisfies Record<string, JsonSchema>;
  it('a mobile number is no policy number: nothing is written, and the agent asks; labelled as one, it is taken', () => {
    expect(fill(policy, ['You can get me on 07700 900 246.']).missing).toEqual(['policy_number']);
    // The near miss: the same digits the caller calls the policy number.
    expect(fill(policy, ['The policy number is 07700 900 246.']).args).toEqual({ policy_number: '07700900246' });
  });
});

describe('a count said of another parameter\'s thing is not this one\'s', () => {
  const party = {
    grown_ups: { type: 'integer', description: 'People aged 18 and over.' },
    kids: { type: 'integer', description: 'Children aged 3 to 17.' },
    babies: { type: 'integer', description: 'Children under three.' },
  } satisfies Record<string, JsonSchema>;
  it('"four of us grown-ups and two kids": each count to its own thing; the babies, said of nothing, are asked for', () => {
    const out = fill(party, ['There are four of us grown-ups and two kids, the youngest is one.']);
    expect(out.args).toEqual({ grown_ups: 4, kids: 2 });
    expect(out.missing).toEqual(['babies']);
    expect(out.filled.kids).toMatchObject({ rule: 'number-of-its-thing' });
  });
});

describe('a count of one said as "one of the …" and no count in "the … one"', () => {
  const seats = {
    adults: { type: 'integer', description: 'People aged 16 and over.' },
    under_16s: { type: 'integer', description: 'Children under 16.' },
    wheelchair_spaces: { type: 'integer', description: 'How many wheelchair users are in the group; 0 when none.' },
  } satisfies Record<string, JsonSchema>;
  it('"Twelve kids, and three of us grown-ups. Oh, and one of the boys uses a wheelchair": 3, 12 and 1', () => {
    const out = fill(seats, ["Twelve kids, and three of us grown-ups. Oh, and one of the boys uses a wheelchair, so we'll need a space for him."]);
    expect(out.args).toEqual({ adults: 3, under_16s: 12, wheelchair_spaces: 1 });
    expect(out.filled.wheelchair_spaces).toMatchObject({ rule: 'number-of-its-thing', said: 'one of the boys uses a wheelchair' });
  });
  it('near miss: "the early afternoon one" counts nothing; "one of the boys" with no word of the count counts nothing', () => {
    const out = fill(seats, ['The early afternoon one would be best, and one of the boys is coming late.']);
    expect(out.args).toEqual({});
  });
});

describe('digits said one by one for a pattern of digits', () => {
  const where = { job_zip: { type: 'string', description: 'Five digits; where the job is.', pattern: '^[0-9]{5}$' } } satisfies Record<string, JsonSchema>;
  it('"… is four three two one five" fills ^[0-9]{5}$ with 43215, saying where it came from', () => {
    const out = fill(where, ["I'm at the office all week, the code there is four three two one five."]);
    expect(out.args).toEqual({ job_zip: '43215' });
    expect(out.filled.job_zip).toMatchObject({ rule: 'pattern-spoken-digits', said: 'four three two one five' });
  });
  it('a phone number said the same way is not five digits: nothing is written', () => {
    expect(fill(where, ['My cell is six one four, five five five, zero one nine two.']).missing).toEqual(['job_zip']);
  });
});
