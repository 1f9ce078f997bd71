// Issue 32, point 2: picking one of the times the agent just offered. A time said without am or pm
// takes the offered one it matches ("the one o'clock" after 12:30, 13:00, 14:15 is 13:00, never
// 01:00); "the later one" and "the second" count along the offer.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments } from './fill';
import { pickTime } from './pick';
import { patterns } from './testing';

const schema = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const fill = (properties: Record<string, JsonSchema>, line: string, agentLine: string) =>
  fillArguments(schema(properties), { callerLines: [line], agentLines: [agentLine], today: '2026-12-01', offered: [], patterns: patterns() });

describe('a time picked from the times of the agent\'s last line', () => {
  const time = { time: { type: 'string', description: 'The appointment time, HH:MM' } } satisfies Record<string, JsonSchema>;
  const offer = 'I have 12:30, 13:00 or 14:15. Which would you like?';
  it('"the one o\'clock" is the 13:00 offered, with the offer named in the trace', () => {
    const out = fill(time, "The one o'clock, please.", offer);
    expect(out.args).toEqual({ time: '13:00' });
    expect(out.filled.time).toMatchObject({ rule: 'pick-offered-time', why: expect.stringContaining('12:30, 13:00, 14:15') });
  });
  it('"the later one" and "the second" count along the offer', () => {
    expect(pickTime('the later one suits me', ['10:00', '17:30'])?.hhmm).toBe('17:30');
    expect(fill(time, 'The second, thanks.', offer).args).toEqual({ time: '13:00' });
  });
});

describe('an enum of clock times is the times on offer', () => {
  const entry = { entry_time: { type: 'string', enum: ['10:00', '12:30', '15:00'] } } satisfies Record<string, JsonSchema>;
  it('"half twelve" is 12:30 and "the three o\'clock" is 15:00; a time not offered is none', () => {
    expect(fill(entry, 'Half twelve would be perfect.', 'Which would you like?').args).toEqual({ entry_time: '12:30' });
    expect(fill(entry, "The three o'clock one.", 'Which would you like?').args).toEqual({ entry_time: '15:00' });
    expect(fill(entry, 'Eleven fifteen?', 'Which would you like?').missing).toEqual(['entry_time']);
  });
});

describe('a part of the day picks among the times offered', () => {
  const showings = ['11:15', '13:45', '16:30'];
  it('"the early afternoon one" is the first afternoon time; "the morning one" the only morning time', () => {
    expect(pickTime('The early afternoon one would be best, the little ones flag by teatime.', showings)).toMatchObject({ hhmm: '13:45' });
    expect(pickTime('The morning one, please.', showings)).toMatchObject({ hhmm: '11:15' });
    expect(pickTime('Late afternoon suits us.', showings)).toMatchObject({ hhmm: '16:30' });
  });
  it('near miss: "the afternoon one" when two are in the afternoon picks none (the agent asks)', () =>
    expect(pickTime('The afternoon one.', showings)).toBeUndefined());
});
