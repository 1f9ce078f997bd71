// The strict offline model (issue 32, "never a wrong value"): a value is written alone only on a
// kind of evidence measured right nine times in ten on agents no rule was written from; any other
// guess is held back, offered to the person, and asked for. The lines here are our own.
import { describe, expect, it } from 'vitest';
import type { ModelRequest, ToolSpec } from '../types';
import type { ChatMessage } from '../types';
import { createOfflineModel } from './index';
import { evidenceKind, guessOf, kindsOf, MEASURED_ON_UNSEEN, measuredText, strongKind } from './evidence-strength';
import { ask, calls, tool, user } from './testing';

const strict = createOfflineModel({ today: '2026-12-01', strict: true });
/** The measures the texts quote, read from the table (they grow as batches are measured). */
const NAMED = MEASURED_ON_UNSEEN['enum-value (named whole)'];
const WEEKDAY = MEASURED_ON_UNSEEN['date-weekday'];
const askStrictly = (tools: ToolSpec[], messages: ChatMessage[]) =>
  strict.complete({ purpose: 'agent', system: 'You are the desk.\n\nHelp the caller.', messages, tools, toolChoice: 'auto' } satisfies ModelRequest);

describe('the strict bar', () => {
  it('a kind measured right nine times in ten over three or more clears it; fewer, or less often, does not', () => {
    expect(strongKind('phone-spoken-digits')).toBe(true);
    expect(strongKind('boolean-by-description')).toBe(true);
    expect(strongKind('enum-value (a word of its name)')).toBe(false);
    expect(strongKind('number-words')).toBe(false);
    expect(strongKind('a-rule-never-measured')).toBe(false);
    for (const [kind, [right, wrong]] of Object.entries(MEASURED_ON_UNSEEN)) expect(strongKind(kind)).toBe(right + wrong >= 3 && right / (right + wrong) >= 0.9);
  });
  it('an enum value is weighed by the evidence its note gives first', () => {
    expect(evidenceKind('enum-value', 'service = "brake_check": the caller\'s line "brakes" of its name')).toBe('enum-value (a word of its name)');
    expect(evidenceKind('enum-value', 'names "brake_check", stronger than full_service ("service" of its name)')).toBe('enum-value (named whole)');
  });
  it('an object filled field by field stands on each field\'s evidence', () => {
    const filled = { value: {}, rule: 'object-fields', said: '', fromLatest: true, specific: true, why: 'each field read on its own: phone ← "oh seven" (phone-spoken-digits), size ← "three" (number-word)' };
    expect(kindsOf(filled)).toEqual(['phone-spoken-digits', 'number-word']);
  });
});

describe('the strict model holds back a guess and offers it', () => {
  const desk = tool('choose_service', 'The service the caller wants.', { service: { type: 'string', enum: ['puncture_repair', 'full_service', 'brake_check'] } });
  const line = 'The brakes feel a bit soft, can someone look at them?';
  it('an enum value the line names (measured under the bar) is not written: the call waits, the guess is offered, the agent asks', async () => {
    const out = await askStrictly([desk], [user(line)]);
    expect(calls(out)).toEqual([]);
    expect(out.undecided).toMatchObject({ line, held: true, tool: 'choose_service', read: { service: 'brake_check' } });
    expect(out.undecided?.why).toContain('service = "brake_check"');
    expect(out.undecided?.why).toContain(`enum-value (named whole): right ${NAMED[0]} of ${NAMED[0] + NAMED[1]} on unseen agents`);
    expect(out.text).toMatch(/\?$/);
    expect(out.notes?.join('\n')).toContain('offline rule strict-held: choose_service not called');
  });
  it('near miss: the model as it is by default writes that guess', async () => {
    expect(calls(await ask([desk], [user(line)]))).toEqual([['choose_service', { service: 'brake_check' }]]);
  });
  it('a phone number read out digit by digit clears the bar and is written', async () => {
    const callback = tool('request_callback', 'Ask for a call back on this number.', { phone: { type: 'string', description: 'The phone number to call back.' } });
    const out = await askStrictly([callback], [user('Could you call me back? My number is oh seven seven oh oh, nine double one, two three four.')]);
    expect(calls(out)).toEqual([['request_callback', { phone: '07700911234' }]]);
    expect(out.undecided).toBeUndefined();
  });
});

describe('the default model writes a guess, and marks it as one', () => {
  const desk = tool('choose_service', 'The service the caller wants.', { service: { type: 'string', enum: ['puncture_repair', 'full_service', 'brake_check'] } });
  it('a value under the bar is written and listed as a guess: the call, the caller\'s words, its kind and how it measured', async () => {
    const out = await ask([desk], [user('The brakes feel a bit soft, can someone look at them?')]);
    expect(calls(out)).toEqual([['choose_service', { service: 'brake_check' }]]);
    expect(out.guesses).toEqual([
      { call: out.toolCalls[0].id, tool: 'choose_service', param: 'service', value: 'brake_check', said: 'The brakes feel a bit soft, can someone look at them?', kinds: [{ kind: 'enum-value (named whole)', right: NAMED[0], of: NAMED[0] + NAMED[1] }] },
    ]);
    expect(out.notes?.join('\n')).toContain(`offline rule guessed: choose_service.service (enum-value (named whole): right ${NAMED[0]} of ${NAMED[0] + NAMED[1]} on unseen agents)`);
  });
  it('near miss: a value over the bar (a phone read out) is no guess', async () => {
    const callback = tool('request_callback', 'Ask for a call back on this number.', { phone: { type: 'string', description: 'The phone number to call back.' } });
    const out = await ask([callback], [user('Could you call me back? My number is oh seven seven oh oh, nine double one, two three four.')]);
    expect(calls(out)).toEqual([['request_callback', { phone: '07700911234' }]]);
    expect(out.guesses).toBeUndefined();
  });
  it('the caller\'s own words stand as said ("Saturday" for a date), with the kind\'s measure', async () => {
    const dropOff = tool('book_drop_off', 'Book the day the caller brings the bike in.', { day: { type: 'string', format: 'date', description: 'The drop-off day.' } });
    const out = await ask([dropOff], [user('Could I bring the bike in on Saturday?')]);
    expect(calls(out)).toEqual([['book_drop_off', { day: '2026-12-05' }]]);
    expect(out.guesses).toEqual([{ call: out.toolCalls[0].id, tool: 'book_drop_off', param: 'day', value: '2026-12-05', said: 'Saturday', kinds: [{ kind: 'date-weekday', right: WEEKDAY[0], of: WEEKDAY[0] + WEEKDAY[1] }] }]);
  });
  it('a kind never measured says so', () => {
    const filled = { value: 'x', rule: 'a-rule-never-measured', said: 'x', fromLatest: true, specific: true };
    expect(measuredText(guessOf('c1', 't', 'p', filled).kinds)).toBe('a-rule-never-measured: not measured on unseen agents');
  });
  it('the strict model writes no guess: it holds it back instead', async () => {
    expect((await askStrictly([desk], [user('The brakes feel a bit soft, can someone look at them?')])).guesses).toBeUndefined();
  });
});
