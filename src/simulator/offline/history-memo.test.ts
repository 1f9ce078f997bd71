// The remembered readings answer exactly what a fresh reading would, for the same line and the same
// tools, and read afresh when what they depend on changed (a tool set, an enum changed in place).
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../types';
import { askedFor as askedFresh } from './asked';
import { readEnum as readEnumFresh } from './enums';
import { askedForEach, readEnum } from './history-memo';

const sizes = ['small', 'medium', 'large'];
const descriptions = ['The size of the bike: small for kids, large for tall riders.', 'Rent a bike.'];
const lines = ['A large one please.', 'Something for my kid.', 'small or medium', 'Hello there', 'Something for my kid.'];

describe('readEnum, remembered per line', () => {
  it('gives what a fresh reading gives, line after line and again', () => {
    for (const line of [...lines, ...lines]) expect(readEnum(sizes, line, descriptions)).toEqual(readEnumFresh(sizes, line, descriptions));
  });
  it('reads again when the descriptions differ', () => {
    const values = ['basic', 'premium'];
    expect(readEnum(values, 'the cheap one', ['basic means cheap'])).toMatchObject({ value: 'basic' });
    expect(readEnum(values, 'the cheap one', ['premium means cheap'])).toMatchObject({ value: 'premium' });
    expect(readEnum(values, 'the cheap one', [])).toBeUndefined();
  });
  it('reads again when the enum array was changed in place', () => {
    const values = ['red', 'blue'];
    expect(readEnum(values, 'green please', [])).toBeUndefined();
    values[1] = 'green';
    expect(readEnum(values, 'green please', [])).toMatchObject({ value: 'green' });
  });
  it('shares a frozen answer, so no caller can change what the next one reads', () => {
    const read = readEnum(sizes, 'small or large', descriptions);
    expect(read && 'tie' in read ? read.tie : []).toEqual(['small', 'large']);
    expect(Object.isFrozen(read)).toBe(true);
  });
});

const track = (description = 'Track a parcel.'): ToolSpec => ({
  name: 'track_parcel', description, parameters: { type: 'object', properties: { tracking_number: { type: 'string' } }, required: ['tracking_number'] },
});
const bookTable: ToolSpec = { name: 'book_table', description: 'Book a table.', parameters: { type: 'object', properties: { party_size: { type: 'integer' } } } };

describe('askedFor, remembered per line and tool set', () => {
  const questions = ["What's the tracking number?", 'How many people?', 'Anything else?', undefined, 'Fine.'];
  it('gives what a fresh reading gives, in order', () => {
    const tools = [track(), bookTable];
    const fresh = [...questions, ...questions].map((q) => askedFresh(q, tools));
    expect(askedForEach([...questions, ...questions], tools)).toEqual(fresh);
    expect(askedForEach([...questions, ...questions], tools)).toEqual(fresh);
  });
  it('reads again for another tool set, even in the same array changed in place', () => {
    const tools = [track()];
    const q = "What's the tracking number?";
    expect(askedForEach([q], tools)[0]).toEqual([expect.objectContaining({ tool: 'track_parcel', param: 'tracking_number' })]);
    tools[0] = bookTable;
    expect(askedForEach([q], tools)).toEqual([askedFresh(q, [bookTable])]);
    expect(askedForEach([q], tools)[0]).not.toEqual(askedFresh(q, [track()]));
  });
});
