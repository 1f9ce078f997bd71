// Issue 32, point 3: more of what a caller says is read, where reading it adds no wrong value
// (corpus-wrong-values.test.ts holds the tuned corpora to none).
import { describe, expect, it } from 'vitest';
import { findDates, findTimes } from './dates';
import { agent, ask, calls, tool, user } from './testing';

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

describe('the two ends of a journey said in one line', () => {
  const journey = tool('route', 'Where to collect the party and where they are going.', {
    pickup_address: { type: 'string', description: 'The pick-up address in the caller\'s words.' },
    destination: { type: 'string', description: 'Where they are going.' },
  });
  it('"pick us up from …, and we\'re going to …" fills each end', async () => {
    const out = await ask([journey], [user('Pick us up from 12 Rowan Walk in Eastby, and we\'re going to the Central Station.')]);
    expect(calls(out)).toEqual([['route', { pickup_address: '12 Rowan Walk in Eastby', destination: 'the Central Station' }]]);
  });
  it('near miss: a bare "from" says nothing of a journey', async () => {
    const out = await ask([journey], [user("I'm calling from my work phone.")]);
    expect(out.toolCalls).toEqual([]);
  });
});

describe('counts: a house number is no count; "four of us" counts people', () => {
  const party = tool('party', 'Who is travelling.', {
    people: { type: 'integer', description: 'Number of people travelling.' },
    bags: { type: 'integer', description: 'Number of large bags.' },
  });
  it('"four of us, and two big bags" after "12 Rowan Walk" reads 4 people and 2 bags', async () => {
    const out = await ask([party], [user('It is 12 Rowan Walk.'), agent('How many are travelling?'), user('There are four of us, and two big bags.')]);
    expect(calls(out)).toEqual([['party', { people: 4, bags: 2 }]]);
  });
  it('near miss: the house number alone is read as no count', async () => {
    const out = await ask([party], [user('It is 12 Rowan Walk.')]);
    expect(out.toolCalls).toEqual([]);
  });
});
