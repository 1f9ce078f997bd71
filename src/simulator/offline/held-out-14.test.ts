// Rules made general from the fourteenth blind batch's held-out part, once spent (issue 32): each
// stops a wrong value it wrote, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { findYesNoInClause } from './extract';
import { agent, ask, calls, tool, user } from './testing';

describe("a flag whose description denies its word, and a caller who denies it too", () => {
  const club = tool('join_club', 'Join the quiz league.', { first_season: { type: 'boolean', description: "True for a quiz team that hasn't competed in the league before." } });
  it('"we\'ve never competed in it" is a first season (true), never false', async () => {
    const out = await ask([club], [user("We'd like to join the quiz league. We've never competed in it, mind.")]);
    expect(calls(out)).toEqual([['join_club', { first_season: true }]]);
  });
  it('near miss: the word said plainly elsewhere ("we competed in a pub quiz the day before") writes nothing', async () => {
    const out = await ask([club], [user("We'd like to join the quiz league. We competed in a pub quiz the day before.")]);
    expect(calls(out)).toEqual([]);
  });
});

describe('a "no" that puts a number right answers no question', () => {
  it('"fifty-seven foot. No, fifty-eight" holds no answering no', () => {
    expect(findYesNoInClause("She's fifty-seven foot. No, fifty-eight, I always forget.")).toBeUndefined();
  });
  it('near miss: "Two bedrooms, and no, we have no pets" still answers no', () => {
    expect(findYesNoInClause('Two bedrooms, and no, we have no pets.')).toMatchObject({ value: false });
  });
  it('the flag asked beside a correction is not read from it', async () => {
    const boat = tool('describe_boat', 'The boat.', { length_feet: { type: 'integer' }, living_aboard: { type: 'boolean', description: 'True when the owner lives on the boat.' } });
    const out = await ask([boat], [user('I need a mooring.'), agent('How long is she, and do you live aboard?'), user("She's fifty-seven foot. No, fifty-eight. The safety certificate's all done.")]);
    expect(calls(out).flatMap(([, args]) => Object.keys(args as object))).not.toContain('living_aboard');
  });
});

describe('digits said as a phone or a ZIP are no code of another kind', () => {
  const permit = tool('renew_permit', 'Renew a parking permit.', { permit_number: { type: 'string', description: 'Their permit number, if they have it.' } });
  it('"it\'s my mobile you want, oh seven seven …" is no permit number', async () => {
    const out = await ask([permit], [user("I'd like to renew the permit. Text me the link, it's my mobile you want, oh seven nine oh oh, one two three, double four five.")]);
    expect(calls(out)).toEqual([]);
  });
  it('near miss: "the permit number is oh seven nine …" is the permit number', async () => {
    const out = await ask([permit], [user("I'd like to renew the permit. The permit number is oh seven nine four four one.")]);
    expect(calls(out)).toEqual([['renew_permit', { permit_number: '079441' }]]);
  });
});

describe("a word of an enum value's name said only as a time", () => {
  const gig = tool('event_details', 'Where the choir sings.', { venue_type: { type: 'string', enum: ['school', 'easter_fair', 'church', 'hospital_ward'] } });
  it('"the week before Easter" names no easter_fair', async () => {
    const out = await ask([gig], [user("We'd love the choir to come and sing, we were thinking the week before Easter.")]);
    expect(calls(out)).toEqual([]);
  });
  it('near miss: "the Easter fair on the green" names it', async () => {
    const out = await ask([gig], [user("It's for the Easter fair on the green.")]);
    expect(calls(out)).toEqual([['event_details', { venue_type: 'easter_fair' }]]);
  });
});
