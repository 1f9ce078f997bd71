// Issue 32: a value is written only from words that give it. An answer that opens with yes or no
// answers a yes/no question, not a question for a value; a parameter described as digits is a code
// (four digits said as words included); a flag that shares one word with its tool and adds its
// own does not restate the tool (so the caller meaning the tool does not set it).
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments, kindOf } from './fill';
import { restatesTool } from './intent';
import { askFor } from './speech';
import { patterns } from './testing';

const schema = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const fill = (properties: Record<string, JsonSchema>, lines: string[], agentLines: string[]) => {
  const params = schema(properties);
  const asked = lines.map(() => Object.keys(properties).map((param) => ({ tool: 'note_it', param, why: 'asked' })));
  return fillArguments(params, { callerLines: [...lines].reverse(), agentLines, asked, today: '2026-12-01', offered: [], patterns: patterns() });
};

describe('the answer to the question just asked', () => {
  const colour = { colour: { type: 'string' } } satisfies Record<string, JsonSchema>;
  it('a line that opens with "No," is no answer to a question for a value; a plain answer is', () => {
    expect(fill(colour, ['No, it was in my pocket the whole time.'], ['What colour is it?']).missing).toEqual(['colour']);
    expect(fill(colour, ["It's a dark green one, thanks."], ['What colour is it?']).args).toEqual({ colour: 'dark green' });
  });
});

describe('a code described as digits', () => {
  it('"the last four digits of the card" is a code, and four digit words are read as it', () => {
    expect(kindOf('last_four', { type: 'string', description: 'The last four digits of the card' })).toBe('identifier');
    const out = fillArguments(schema({ last_four: { type: 'string', description: 'The last four digits of the card' } }), { callerLines: ['Dan Obi, born in 1987, and the card ends three one oh eight.'], today: '2026-12-01', offered: [], patterns: patterns() });
    expect(out.args).toEqual({ last_four: '3108' });
  });
});

describe('a flag that restates its tool', () => {
  it('"wants_to_donate" restates a tool for booking a donation; "card_in_possession" does not restate one that stops a card', () => {
    expect(restatesTool('wants_to_donate', {}, { name: 'book_donation', description: 'The caller wants to give blood or book a donation appointment.' })).toBe(true);
    expect(restatesTool('card_in_possession', {}, { name: 'stopCard', description: 'Stop the card at once. card_in_possession: whether the customer still has the card.' })).toBe(false);
  });
});

describe('an enum value that joins two, when the caller adds one to the other', () => {
  const props = { service: { type: 'string', enum: ['wash', 'polish', 'wash_and_polish'] } } satisfies Record<string, JsonSchema>;
  const read = (lines: string[]) => fillArguments(schema(props), { callerLines: [...lines].reverse(), today: '2026-12-01', offered: [], patterns: patterns() });
  it('"…a wash" then "the polish as well" is wash_and_polish; near miss: the polish alone is polish', () => {
    const out = read(['My car needs a wash, can I book it in?', 'Yes, and I may as well have the polish too.']);
    expect(out.args).toEqual({ service: 'wash_and_polish' });
    expect(out.filled.service.rule).toBe('enum-both');
    expect(read(['Can I book the car in?', 'Just the polish, please.']).args).toEqual({ service: 'polish' });
  });
});

describe('the agent asks for a flag in the words of its description', () => {
  it('"name: they …" and "name: does the customer …" in the tool description become yes/no questions', () => {
    const description = 'Pick the service. flying_soon: they have a flight in the next three weeks. keeps_card: does the customer still hold the old card.';
    expect(askFor('flying_soon', { type: 'boolean' }, description)).toBe('Do you have a flight in the next three weeks?');
    expect(askFor('keeps_card', { type: 'boolean' }, description)).toBe('Do you still hold the old card?');
  });
});
