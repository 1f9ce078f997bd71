// Filling arguments from a parameter schema: enum, pattern, format, name and description hints,
// booleans, the caller's own words, and a pick among offered rows. Each with a near miss.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import { fillArguments, kindOf, type FillContext } from './fill';
import { patterns } from './testing';

const TODAY = '2026-12-01';
const ctx = (lines: string[], offered: FillContext['offered'] = []): FillContext => ({ callerLines: [...lines].reverse(), today: TODAY, offered, patterns: patterns() });
const schema = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({ type: 'object', properties, required });
const fill = (properties: Record<string, JsonSchema>, lines: string[], offered?: FillContext['offered']) => fillArguments(schema(properties), ctx(lines, offered));

describe('kindOf', () => {
  it('reads format first, then the name, then the description', () => {
    expect(kindOf('when', { type: 'string', format: 'date' })).toBe('date');
    expect(kindOf('contact_phone', { type: 'string' })).toBe('phone');
    expect(kindOf('x', { type: 'string', description: 'Where we can mail the receipt (email).' })).toBe('email');
    expect(kindOf('guests', { type: 'integer' })).toBe('number');
  });
  it('gives no kind when nothing hints at one', () => expect(kindOf('flavour', { type: 'string' })).toBe('none'));
});

describe('enum', () => {
  const size = { type: 'string', enum: ['small', 'large'] } satisfies JsonSchema;
  it('takes the value the caller names', () => expect(fill({ size }, ['a large one please']).args).toEqual({ size: 'large' }));
  it('takes a part of the day for an enum of parts', () =>
    expect(fill({ slot_part: { type: 'string', enum: ['morning', 'afternoon'] } }, ['sometime in the afternoon']).args).toEqual({ slot_part: 'afternoon' }));
  it('near misses: none named, or both named', () => {
    expect(fill({ size }, ['a medium one']).missing).toEqual(['size']);
    expect(fill({ size }, ['small or large, either']).missing).toEqual(['size']);
  });
});

describe('pattern', () => {
  const code = { type: 'string', pattern: '^[A-Z]{2}-[0-9]{4}$' } satisfies JsonSchema;
  // A code of letters and digits is read by its shape; the pattern then checks what was read.
  it('finds a match of the pattern in the line', () => expect(fill({ code }, ['my code is QX-4821 I think']).filled.code).toMatchObject({ value: 'QX-4821', rule: 'identifier-shape' }));
  it('searches with the pattern itself for a shape no rule reads', () =>
    expect(fill({ colour: { type: 'string', pattern: '^[a-z]+-blue$' } }, ['a navy-blue one']).filled.colour).toMatchObject({ value: 'navy-blue', rule: 'pattern-search' }));
  it('finds nothing that does not match', () => expect(fill({ code }, ['my code is QX-48']).missing).toEqual(['code']));
  it('checks what another rule read against the pattern', () => {
    const phone = { type: 'string', pattern: '^\\+?[0-9]{7,15}$' };
    expect(fill({ phone }, ['555 123 4567']).args).toEqual({ phone: '5551234567' });
    expect(fill({ phone: { ...phone, pattern: '^\\+[0-9]{7,15}$' } }, ['555 123 4567']).missing).toEqual(['phone']);
  });
});

describe('dates and times', () => {
  it('gives YYYY-MM-DD for a date format', () => expect(fill({ on: { type: 'string', format: 'date' } }, ['next Tuesday']).args).toEqual({ on: '2026-12-08' }));
  it('keeps the words when the description asks for them as said', () =>
    expect(fill({ day: { type: 'string', description: 'The day, as they said it.' } }, ['next Tuesday']).args).toEqual({ day: 'next Tuesday' }));
  it('gives a clock time, and a morning time only when the schema needs a clock', () => {
    expect(fill({ time: { type: 'string', format: 'time' } }, ['half past ten']).args).toEqual({ time: '10:30' });
    expect(fill({ time: { type: 'string', format: 'time' } }, ['in the morning']).args).toEqual({ time: '09:00' });
    expect(fill({ time: { type: 'string' } }, ['in the morning']).missing).toEqual(['time']);
  });
  it('joins a date and a time for date-time', () =>
    expect(fill({ at: { type: 'string', format: 'date-time' } }, ['tomorrow at 3pm']).args).toEqual({ at: '2026-12-02T15:00:00' }));
});

describe('other hints', () => {
  it('reads a name, an email and a count', () => {
    const out = fill({ full_name: { type: 'string' }, email: { type: 'string' }, party: { type: 'integer' } }, ['This is Ana Lima, ana@example.org, we are 3']);
    expect(out.args).toEqual({ full_name: 'Ana Lima', email: 'ana@example.org', party: 3 });
  });
  it('searches older lines too, most recent first, and marks what came from the latest', () => {
    const out = fill({ phone: { type: 'string' } }, ['555 111 2222', 'actually 555 333 4444', 'and that is all']);
    expect(out.filled.phone).toMatchObject({ value: '5553334444', fromLatest: false });
  });
  it('copies the caller\'s words for a parameter that wants them', () =>
    expect(fill({ utterance: { type: 'string' } }, ['I want to move my visit']).filled.utterance).toMatchObject({ value: 'I want to move my visit', specific: false }));
  it('invents nothing for a parameter no rule reads', () => expect(fill({ flavour: { type: 'string' } }, ['mint please']).missing).toEqual(['flavour']));
  // A colour is read by its words ("a dark green one" is dark green), and only those.
  it('reads a colour by its words', () => expect(fill({ colour: { type: 'string' } }, ['a dark green one, not the black']).args).toEqual({ colour: 'dark green' }));
});

describe('booleans', () => {
  const wants = { type: 'boolean', description: 'True when the caller wants to cancel.' } satisfies JsonSchema;
  const asked = (lines: string[]) => fillArguments(schema({ ok: { type: 'boolean' } }), { ...ctx(lines), asked: [[{ tool: 'any', param: 'ok', why: 'asked' }]] });
  it('reads yes and no when the agent asked for the flag', () => {
    expect(asked(['Yes please']).args).toEqual({ ok: true });
    expect(asked(['nope']).args).toEqual({ ok: false });
  });
  it('near miss: a yes that answers no question about the flag sets nothing', () => expect(fill({ ok: { type: 'boolean' } }, ['Yes please']).missing).toEqual(['ok']));
  it('is true when the caller\'s words meet the description', () => expect(fill({ wants }, ['I need to call it off, drop it']).args).toEqual({ wants: true }));
  it('is left out when neither holds', () => expect(fill({ wants }, ['what time is it']).missing).toEqual(['wants']));
});

describe('a pick among offered rows', () => {
  const rows = [{ id: 'r1', when: 'Thursday 09:00' }, { id: 'r2', when: 'Thursday 10:30' }, { id: 'r3', when: 'Friday 16:00' }];
  const choice = { type: 'string', description: 'The id of an offered option.' } satisfies JsonSchema;
  it('picks by position, time, day and words', () => {
    expect(fill({ choice }, ['the second one'], rows).filled.choice).toMatchObject({ value: 'r2', rule: 'pick-by-position' });
    expect(fill({ choice }, ['half past ten works'], rows).filled.choice).toMatchObject({ value: 'r2', rule: 'pick-by-time' });
    expect(fill({ choice }, ['the Friday one'], rows).filled.choice).toMatchObject({ value: 'r3', rule: 'pick-by-date' });
  });
  it('near misses: a day two rows share, and a line that points at none', () => {
    expect(fill({ choice }, ['Thursday is good'], rows).missing).toEqual(['choice']);
    expect(fill({ choice }, ['hmm let me think'], rows).missing).toEqual(['choice']);
  });
});

describe('a hostile pattern', () => {
  it('runs in the sandbox with a deadline: ^(a+)+b$ against a long line of a\'s ends at once, and reads nothing', () => {
    const started = Date.now();
    // Searched for in the line as (?:(a+)+b): with no b, a backtracking engine tries every split of the a's (2^30).
    const ctx0 = ctx(['my code is ' + 'a'.repeat(30) + '!']);
    const out = fillArguments(schema({ code: { type: 'string', pattern: '^(a+)+b$', description: 'The code.' } }), ctx0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(out.missing).toEqual(['code']);
    expect(ctx0.patterns.notes).toEqual([expect.stringMatching(/^the pattern of the tool\.code \("\^\(a\+\)\+b\$"\) took longer than 100 ms on /)]);
  });
});
