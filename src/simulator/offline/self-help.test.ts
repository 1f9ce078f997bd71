// A caller who turns help down without "no" ("I can manage my bags myself"), and noise named by
// what makes it ("a party going on", "the bass").
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { readEnum } from './enums';
import { fillArguments } from './fill';
import { declinesHelp } from './self-help';
import { patterns } from './testing';

const flag = (description: string, line: string) => {
  const schema: JsonSchema = { type: 'object', properties: { porter: { type: 'boolean', description } }, required: ['porter'] };
  return fillArguments(schema, { callerLines: [line], today: '2026-12-01', offered: [], patterns: patterns() }).args;
};

describe('help turned down without a "no"', () => {
  const help = "True when they'd like someone to carry their bags.";
  it('"I can manage my bags myself" is no porter', () => expect(flag(help, "The quiet room, please. I can manage my bags myself, it's only a small case.")).toEqual({ porter: false }));
  it('near miss: "could someone bring my bags up" still wants one', () => expect(flag(help, 'Could someone bring my bags up, please?')).not.toEqual({ porter: false }));
  it('near miss: a flag that is no help from others takes nothing from it', () =>
    expect(declinesHelp('True when they have bags to check in.', 'I can manage my bags myself.', 'bags')).toBeUndefined());
});

describe('noise named by what makes it', () => {
  const values = ['noise', 'temperature', 'cleanliness'];
  it('"a party going on … the bass through the floor" is noise', () =>
    expect(readEnum(values, "There's some sort of party going on and I can feel the bass through the floor.", [''])).toMatchObject({ value: 'noise' }));
  it('near miss: "the room is freezing" is not noise', () => expect(readEnum(values, 'The room is freezing, the radiator is stone cold.', [''])).not.toMatchObject({ value: 'noise' }));
});
