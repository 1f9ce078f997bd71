// An address held as an object (`address: { line1, town, postcode }`): its first line is read as a
// street address, and a missing field is asked as a person would ask it, not glued to its parent.
import { describe, expect, it } from 'vitest';
import { addressLineWords, isFirstAddressLine } from './address-lines';
import { askForField } from './field-question';
import { agent, ask, calls, tool, user } from './testing';

const send = tool('send_engineer', 'Send an engineer to the address.', {
  address: {
    type: 'object',
    properties: { line1: { type: 'string' }, town: { type: 'string' }, postcode: { type: 'string' } },
    required: ['line1', 'town', 'postcode'],
  },
});

describe('the first line of an address object', () => {
  it('"It\'s 14 Mill Lane in Ashby, L E sixty-five, one A B": line1 is the street address', async () => {
    const out = await ask([send], [user('My boiler has stopped.'), agent('What is the address?'), user("It's 14 Mill Lane in Ashby, L E sixty-five, one A B.")]);
    expect(calls(out)).toEqual([['send_engineer', { address: { line1: '14 Mill Lane', town: 'Ashby', postcode: 'LE65 1AB' } }]]);
  });
  it('asked as "the first line of the address", not "your address line1"', async () => {
    const out = await ask([send], [user('My boiler has stopped.'), agent('What is the address?'), user("It's in Ashby, L E sixty-five, one A B.")]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toBe('What is the first line of the address?');
  });
  it('the answer to that question fills line1 and the object is complete', async () => {
    const out = await ask([send], [user('My boiler has stopped.'), agent('What is the address?'), user("It's in Ashby, L E sixty-five, one A B."), agent('What is the first line of the address?'), user('14 Mill Lane.')]);
    expect(calls(out)).toEqual([['send_engineer', { address: { line1: '14 Mill Lane', town: 'Ashby', postcode: 'LE65 1AB' } }]]);
  });
  it('near miss: "line1" of an object that is no address is no street', () => {
    expect(isFirstAddressLine('line1', 'song')).toBe(false);
    expect(isFirstAddressLine('line2', 'address')).toBe(false);
    expect(isFirstAddressLine('address_line_1')).toBe(true);
    expect(addressLineWords('line2', 'home_address')).toBe('the second line of the home address');
    expect(addressLineWords('line1', 'song')).toBeUndefined();
  });
});

describe('a nested field asked by its own words', () => {
  it('a field with a description is asked by it', () =>
    expect(askForField('pet', 'breed', { type: 'string', description: 'The breed of the animal.' })).toBe('What is the breed of the animal?'));
  it('a part of a place with nothing of its own is asked by its own name', () => expect(askForField('location', 'road', { type: 'string' })).toBe('What is the road?'));
  it('near miss: a field with nothing of its own keeps its parent\'s name ("the pet’s name", never "your name")', () =>
    expect(askForField('pet', 'name', { type: 'string' })).toBe("What is the pet's name?"));
});

describe('an address line named whole', () => {
  it('"address_line_1" is asked as the first line of the address', () => expect(addressLineWords('address_line_1')).toBe('the first line of the address'));
});
