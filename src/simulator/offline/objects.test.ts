// Issue 32, "read what is asked": an object parameter (an interface in a class, `guest: Guest`) is
// filled field by field, and asked for field by field while some are missing.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments } from './fill';
import { agent, ask, calls, patterns, tool, user } from './testing';

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

describe('a pet described in one line, and its stay', () => {
  const pet = {
    type: 'object',
    properties: { name: { type: 'string' }, species: { type: 'string', enum: ['dog', 'cat'] }, breed: { type: 'string' }, ageYears: { type: 'number' }, onMedication: { type: 'boolean' } },
    required: ['name', 'species', 'breed', 'ageYears', 'onMedication'],
  } satisfies JsonSchema;
  const register = { type: 'object', properties: { pet, owner_name: { type: 'string' } }, required: ['pet', 'owner_name'] } satisfies JsonSchema;
  it('"I\'m Ruth Adeyemi. She\'s called Nala, she\'s a border collie, six years old": the owner is Ruth, the pet Nala, a border collie of 6', () => {
    const out = fillArguments(register, { callerLines: ["I'm Ruth Adeyemi. She's called Nala, she's a border collie, six years old. No, she's not on any tablets or anything.", 'We need somewhere for our dog to stay.'], today: '2026-12-01', offered: [], patterns: patterns() });
    expect(out.args).toEqual({ owner_name: 'Ruth Adeyemi', pet: { name: 'Nala', species: 'dog', breed: 'border collie', ageYears: 6, onMedication: false } });
  });
  it('near miss: "she\'s a bit nervous" is no breed', () =>
    expect(fillArguments({ type: 'object', properties: { breed: { type: 'string' } }, required: ['breed'] }, { callerLines: ["She's a bit nervous with other dogs."], today: '2026-12-01', offered: [], patterns: patterns() }).args).toEqual({}));
  it('"drop her off on the twenty-third and collect her on the twenty-seventh": each day to its parameter', () => {
    const stay = { type: 'object', properties: { drop_off: { type: 'string' }, pick_up: { type: 'string' } }, required: ['drop_off', 'pick_up'] } satisfies JsonSchema;
    const out = fillArguments(stay, {
      callerLines: ["We'd drop her off on the twenty-third and collect her on the twenty-seventh."],
      tool: { name: 'bookStay', description: 'Book the stay. drop_off and pick_up are dates, YYYY-MM-DD.' },
      today: '2026-12-01', offered: [], patterns: patterns(),
    });
    expect(out.args).toEqual({ drop_off: '2026-12-23', pick_up: '2026-12-27' });
  });
});
