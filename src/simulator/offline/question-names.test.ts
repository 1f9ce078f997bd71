// Questions a person would ask, where "What is the <name>?" reads as none would (issue 32, the
// questions built from parameter names).
import { describe, expect, it } from 'vitest';
import { askFor } from './speech';

describe('a name that is a question already', () => {
  it('"where_in_building" is asked "Where in the building?"', () => expect(askFor('where_in_building', { type: 'string' })).toBe('Where in the building?'));
  it('"how_many_rooms" is asked "How many rooms?"', () => expect(askFor('how_many_rooms', { type: 'integer' })).toBe('How many rooms?'));
  it('near miss: a name whose question word has no preposition after it is not asked as one', () => expect(askFor('when_free', { type: 'string' })).not.toBe('When free?'));
  it('near miss: a description of its own is asked instead', () => expect(askFor('where_in_building', { type: 'string', description: 'The room the leak is in.' })).toBe('What is the room the leak is in?'));
});

describe('a score on the scale its docstring gives', () => {
  it('"noiseLevel: 1 to 5, the loudest it got" is asked on that scale', () =>
    expect(askFor('noiseLevel', { type: 'number' }, 'Log it. noiseLevel: 1 to 5, the loudest it got.')).toBe('On a scale of 1 to 5, what is the noise level?'));
  it('near miss: "heightFeet: 4 to 8, to the nearest foot" is a measure, not a scale', () =>
    expect(askFor('heightFeet', { type: 'number' }, 'Choose it. heightFeet: 4 to 8, to the nearest foot.')).not.toMatch(/scale/));
  it('near miss: "guests: 2 to 8 people" is a limit, not a scale', () =>
    expect(askFor('guests', { type: 'integer' }, 'Book a table. guests: 2 to 8 people.')).toBe('How many guests?'));
});

describe('a docstring that says only how the value is written', () => {
  it('"notes: what the customer said, in their words" asks for the notes, not "what you said"', () =>
    expect(askFor('notes', { type: 'string' }, 'Log the call. notes: what the customer said, in their words.')).toBe('What are the notes?'));
  it('near miss: "notes: what went wrong" is asked by its docstring', () =>
    expect(askFor('notes', { type: 'string' }, 'Log the call. notes: what went wrong.')).toBe('Could you tell me what went wrong?'));
});
