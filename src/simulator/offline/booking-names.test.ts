// "The booking's under Okonjo": the name a booking is held under fills a name parameter for the
// name on the booking, even one about another person (a passenger, a guest).
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments } from './fill';
import { patterns } from './testing';

const fill = (properties: Record<string, JsonSchema>, line: string) =>
  fillArguments({ type: 'object', properties, required: Object.keys(properties) }, { callerLines: [line], today: '2026-12-01', offered: [], patterns: patterns() }).args;

describe('the name a booking is under', () => {
  it('"the booking\'s under Okonjo" fills the passenger surname on the booking', () =>
    expect(fill({ passenger_surname: { type: 'string', description: 'The surname on the booking.' } }, "We came in on the late train, and the booking's under Okonjo.")).toEqual({ passenger_surname: 'Okonjo' }));
  it('near miss: for another person\'s name that speaks of no booking, "under Okonjo" names nobody', () =>
    expect(fill({ passenger_surname: { type: 'string', description: 'The surname of the passenger travelling.' } }, "We came in on the late train, and it's under Okonjo.")).toEqual({}));
});
