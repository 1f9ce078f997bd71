// Rules made general from the fourteenth blind batch's top part, the part tuned on (issue 32): each
// stops a wrong value it wrote, with a near miss. The lines here are our own.
import { describe, expect, it } from 'vitest';
import { withoutDenied } from './polarity';
import { agent, ask, calls, model, tool, user } from './testing';

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

describe("a vehicle's make among makes of other things", () => {
  const seat = tool('describe_seat', 'The child seat and the car it is fitted in.', { vehicle: { type: 'object', properties: { make: { type: 'string' }, year: { type: 'integer' } }, required: ['make', 'year'] } });
  it('"… the Maxi-Cosi, facing backwards. The car\'s a twenty-twenty Ford Focus." is a Ford', async () => {
    const out = await ask([seat], [user("It's one of those swivel ones, the Maxi-Cosi, facing backwards. The car's a twenty-twenty Ford Focus.")]);
    expect(calls(out)).toEqual([['describe_seat', { vehicle: { make: 'Ford', year: 2020 } }]]);
  });
  it('near miss: a make said alone in the car\'s sentence is read as before', async () => {
    const out = await ask([seat], [user("It's a swivel seat. The car's a twenty-twenty Ford Focus.")]);
    expect(calls(out)).toEqual([['describe_seat', { vehicle: { make: 'Ford', year: 2020 } }]]);
  });
});

describe('a street is answered by something that may be one', () => {
  const visit = tool('service_location', 'Where the crew goes.', { service_address: { type: 'object', properties: { street: { type: 'string', description: 'House number and street.' }, city: { type: 'string' } }, required: ['street', 'city'] } });
  // A Block Agent turn's tools call, run beside the reply that asks for the address.
  const tools = (last: string) => model.complete({ purpose: 'tools', system: 'You are the desk.\n\nAsk for the street address and the city.', messages: [user('I need the ice off my roof.'), user("It's slate, mostly. Two-story house. And there's a damp patch on the landing ceiling, in Saint Paul."), user(last)], tools: [visit], toolChoice: 'required' });
  it('"As soon as you can, please. …" (and the "Two-story house." before it) write no street', async () => {
    const out = await tools("As soon as you can, please. I don't fancy seeing that ceiling come down by morning.");
    expect(calls(out).flatMap(([, args]) => Object.keys((args as { service_address?: object }).service_address ?? {}))).not.toContain('street');
  });
  it('near miss: "It\'s 1842 Jefferson Avenue" is the street', async () => {
    const out = await tools("It's 1842 Jefferson Avenue.");
    expect(calls(out)).toEqual([['service_location', { service_address: { street: '1842 Jefferson Avenue', city: 'Saint Paul' } }]]);
  });
});
