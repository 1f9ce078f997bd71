// Rules made general from the fourteenth blind batch's top part, the part tuned on (issue 32): each
// stops a wrong value it wrote, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { withoutDenied } from './polarity';
import { agent, ask, calls, tool, user } from './testing';

describe('a question said back, then answered', () => {
  const house = tool('property_details', 'The house. listed_building: true if the house is listed. has_chimney: true if there is one.', { listed_building: { type: 'boolean' }, has_chimney: { type: 'boolean' } });
  it('"Listed? Oh no, nothing like that" is not listed', async () => {
    const out = await ask([house], [user('I want a stove fitted.'), agent('Is there a chimney, and is the house listed?'), user("There's a chimney, aye. Listed? Oh no, nothing like that.")]);
    expect(calls(out)).toEqual([['property_details', { has_chimney: true, listed_building: false }]]);
  });
  it('near miss: "it\'s listed, grade two" is listed', async () => {
    const out = await ask([house], [user('I want a stove fitted.'), agent('Is there a chimney, and is the house listed?'), user("There's a chimney, and it's listed, grade two.")]);
    expect(calls(out)).toEqual([['property_details', { has_chimney: true, listed_building: true }]]);
  });
});

describe('a year of a car, and a time turned down after it is said', () => {
  const seat = tool('describe_seat', 'The seat and the car.', { vehicle: { type: 'object', properties: { year: { type: 'integer' } }, required: ['year'] } });
  it('"he\'s a year and a half … the car\'s a twenty-nineteen" is 2019, never 1.5', async () => {
    const out = await ask([seat], [user("He's a year and a half. The car's a twenty-nineteen Honda.")]);
    expect(calls(out)).toEqual([['describe_seat', { vehicle: { year: 2019 } }]]);
  });
  it('near miss: "he\'s a year and a half" alone gives no year', async () => {
    expect(calls(await ask([seat], [user("He's a year and a half.")]))).toEqual([]);
  });
  it('"getting him out the door by nine-thirty on a Saturday is not gonna happen" turns down nine-thirty', () => {
    expect(withoutDenied('Eleven would be better, getting him out the door by nine-thirty on a Saturday is not gonna happen.')).not.toMatch(/nine-thirty/);
    expect(withoutDenied('Nine-thirty is fine.')).toMatch(/Nine-thirty/);
  });
});

describe('a line that says the asked thing back answers it in the sentence after', () => {
  const drains = tool('describe_drains', 'The drains.', { stopcock_reachable: { type: 'boolean', description: 'True if the caller can get to the stopcock.' }, tree_roots: { type: 'boolean', description: 'True if there are big trees near the pipe.' } }, ['stopcock_reachable']);
  it('"The stopcock? No idea where it is. And yeah, there\'s an oak out front" gives the stopcock no yes', async () => {
    const out = await ask([drains], [user('My drains are blocked.'), agent('Can you get to the stopcock?'), user("The stopcock? No idea where it is, I've looked. And yeah, there's a big oak out front.")]);
    expect(calls(out).flatMap(([, args]) => Object.entries(args as object))).not.toContainEqual(['stopcock_reachable', true]);
  });
  it('near miss: "The stopcock? Yeah, it\'s under the sink" answers yes', async () => {
    const out = await ask([drains], [user('My drains are blocked.'), agent('Can you get to the stopcock?'), user("The stopcock? Yeah, it's under the sink.")]);
    expect(calls(out)).toEqual([['describe_drains', { stopcock_reachable: true }]]);
  });
});
