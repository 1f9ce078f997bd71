// Issue 32, "read what is asked": an object parameter (an interface in a class, `guest: Guest`) is
// filled field by field, and asked for field by field while some are missing.
import { describe, expect, it } from 'vitest';
import { agent, ask, calls, tool, user } from './testing';

const register = tool('register_guest', 'Register the guest for the course.', {
  guest: {
    type: 'object',
    properties: {
      full_name: { type: 'string' },
      email: { type: 'string' },
      birth_date: { type: 'string', format: 'date' },
    },
    required: ['full_name', 'email', 'birth_date'],
  },
});

describe('an object parameter, field by field', () => {
  it('every field said in one line: the object is written, each field from its own words', async () => {
    const out = await ask([register], [user("I'd like to register for the course."), agent('Who is the guest?'), user("I'm Tomasz Nowak, born 3 March 1990, and my email is tomasz@example.com.")]);
    expect(calls(out)).toEqual([['register_guest', { guest: { full_name: 'Tomasz Nowak', email: 'tomasz@example.com', birth_date: '1990-03-03' } }]]);
    expect(out.notes).toContainEqual(expect.stringContaining('offline rule object-fields'));
  });
  it('a field missing: nothing is written, and the agent asks for that field, not for "the guest"', async () => {
    const out = await ask([register], [user("I'd like to register for the course."), agent('Who is the guest?'), user("I'm Tomasz Nowak and my email is tomasz@example.com.")]);
    expect(out.toolCalls).toEqual([]);
    expect(out.text).toMatch(/birth/i);
  });
  it('the missing field given next: the object is complete from both lines', async () => {
    const out = await ask([register], [user("I'd like to register for the course."), agent('Who is the guest?'), user("I'm Tomasz Nowak and my email is tomasz@example.com."), agent('What is the guest birth date?'), user('The third of March 1990.')]);
    expect(calls(out)).toEqual([['register_guest', { guest: { full_name: 'Tomasz Nowak', email: 'tomasz@example.com', birth_date: '1990-03-03' } }]]);
  });
});

describe('a free-text field asked for by name', () => {
  const animal = tool('register_animal', 'Register the animal.', {
    animal: { type: 'object', properties: { name: { type: 'string' }, breed: { type: 'string' } }, required: ['name', 'breed'] },
  });
  it('"What is the animal breed?" — "A border collie." fills the breed, the name from before', async () => {
    const out = await ask([animal], [user('I want to register my dog.'), agent('What is the animal?'), user('She is called Nala.'), agent('What is the animal breed?'), user('A border collie.')]);
    expect(calls(out)).toEqual([['register_animal', { animal: { name: 'Nala', breed: 'A border collie' } }]]);
  });
});
