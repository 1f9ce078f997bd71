// The rules for natural phrasing, each with a passing case and a near miss: phrases, not-yet
// tools, a stated purpose, flags that restate their tool, names before a comma, spoken and
// reformatted phones, more dates and times, picks by hour, part of day or agreement, and asking
// before a tool that wants the caller's agreement.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model';
import type { ChatMessage, ToolSpec } from '../types';
import { needsAgreement } from './agree';
import { ranked, reasonFor, scoreTools } from './choose';
import { findDates, findTimes } from './dates';
import { findNames, findPhones, findYesNo, phoneForms } from './extract';
import { fillArguments, picksOffered } from './fill';
import { createOfflineModel } from './index';
import { clauseWith, isNotYetTool, restatesTool, statedPurpose } from './intent';
import { pickAgreed, pickOffered } from './pick';
import { callerWords } from './words';
import { patterns } from './testing';

const TODAY = '2026-12-01'; // a Tuesday
const tool = (name: string, description: string, properties: Record<string, JsonSchema> = {}): ToolSpec => ({ name, description, parameters: { type: 'object', properties, required: Object.keys(properties) } });
const wants = tool('make_visit', 'Use when the caller wants to arrange a visit.', {
  arrange_visit: { type: 'boolean', description: 'True when the caller wants a visit.' },
  said: { type: 'string', description: "The caller's words that showed it." },
});
const waiting = tool('purpose_not_yet_known', 'Use while the caller has not yet said why they phoned.');
const top = (tools: ToolSpec[], line: string) => ranked(scoreTools(tools, { callerLines: [line], today: TODAY, offered: [], patterns: patterns() }))[0];

describe('phrases', () => {
  it('gives "come in" the meaning of an appointment and "that\'s all" of a goodbye', () => {
    expect(callerWords('can I come in Friday')).toContain('appointment');
    expect(callerWords("that's all, thanks")).toContain('bye');
  });
  it('near miss: "come on" and "that\'s a lot" carry no such meaning', () => {
    expect(callerWords('come on then')).not.toContain('appointment');
    expect(callerWords("that's a lot")).not.toContain('bye');
  });
});

describe('not-yet tools and a stated purpose', () => {
  it('knows a tool for a caller who has not said what they want', () => {
    expect(isNotYetTool(waiting)).toBe(true);
    expect(isNotYetTool(tool('no_intent_yet', 'No intent yet.'))).toBe(true);
  });
  it('near miss: "has not" about something else', () => expect(isNotYetTool(tool('refund', 'Refund an order that has not shipped.'))).toBe(false));
  it('reads a want followed by words of substance', () => {
    expect(statedPurpose('Good morning, I was hoping to see someone about my knee')).toBe('I was hoping');
    expect(statedPurpose('Can I ask you something?')).toBeUndefined();
    expect(statedPurpose('Hi there, how are you?')).toBeUndefined();
  });
  it('a purpose means the one tool besides the not-yet one, which steps aside', () => {
    const best = top([waiting, wants], "Hi, I'm calling because my knee hurts");
    expect(best.tool.name).toBe('make_visit');
    expect(best.fill.args).toEqual({ arrange_visit: true, said: "Hi, I'm calling because my knee hurts" });
    expect(reasonFor(best).rule).toBe('tool-by-stated-purpose');
  });
  it('a greeting word meets the not-yet tool, but a purpose outweighs it', () => {
    const greeted = tool('small_talk_not_yet', 'Use while the caller has not yet said what they want (a greeting).');
    expect(top([greeted, wants], 'Hello!').tool.name).toBe('small_talk_not_yet');
    const scored = scoreTools([greeted, wants], { callerLines: ['Hello, can I arrange a visit?'], today: TODAY, offered: [], patterns: patterns() });
    expect(ranked(scored)[0].tool.name).toBe('make_visit');
    expect(scored[0].deferred).toMatch(/the caller's "arrange" means make_visit/);
  });
  it('near miss: with two purposeful tools a purpose alone picks neither', () => {
    const other = tool('pay_bill', 'Take a payment.');
    expect(top([waiting, wants, other], "Hi, I'm calling because my knee hurts").evidence).toBe(0);
  });
});

describe('a flag that restates its tool, and the caller\'s words', () => {
  const meaning = { name: wants.name, description: wants.description };
  it('restates: it shares a concept with the tool; near miss: an unrelated flag', () => {
    expect(restatesTool('arrange_visit', {}, meaning)).toBe(true);
    expect(restatesTool('high_chair', { description: 'True when the caller needs a high chair.' }, meaning)).toBe(false);
  });
  it('is false when the caller denies the tool', () => {
    const ctx = { callerLines: ["I don't want to arrange a visit"], offered: [], patterns: patterns(), tool: { ...meaning, meant: { said: 'arrange', rule: 'tool-by-words' as const, negated: true } } };
    expect(fillArguments(wants.parameters, ctx).args.arrange_visit).toBe(false);
  });
  it('near miss: without a meant tool the flag stays unfilled', () => {
    expect(fillArguments(wants.parameters, { callerLines: ['my knee hurts'], offered: [], patterns: patterns() }).missing).toContain('arrange_visit');
  });
  it('takes the sentence that means the tool when the line has several', () => {
    expect(clauseWith('Hi. I would like a visit please.', 'visit')).toBe('I would like a visit please.');
    expect(clauseWith('Hi, I would like a visit', 'visit')).toBe('Hi, I would like a visit');
  });
});

describe('names', () => {
  const names = (line: string) => findNames(line).map((f) => [f.value, f.rule]);
  it('reads a name before a comma or a number, or alone, and "the name\'s"', () => {
    expect(names('Ann Lee, 555 111 2222')).toEqual([['Ann Lee', 'name-before-value']]);
    expect(names('Ann 555 111 2222')).toEqual([['Ann', 'name-before-value']]);
    expect(names('Ann Lee')).toEqual([['Ann Lee', 'name-alone']]);
    expect(names("The name's Ann Lee.")).toEqual([['Ann Lee', 'name-my-name-is']]);
  });
  it('near misses: a capitalised word that opens a sentence', () => {
    for (const line of ['Checkup, please', 'Thanks, bye.', 'Correct.', 'Tomorrow, if you can', "I'd like a visit", 'Perfect, book it']) expect(names(line)).toEqual([]);
  });
});

describe('phones', () => {
  it('reads digits said as words; near miss: six of them', () => {
    expect(findPhones('it is five five five one two three four').map((f) => f.value)).toEqual(['5551234']);
    expect(findPhones('one two three four five six')).toEqual([]);
  });
  it('writes a number the way the pattern wants, never adding digits', () => {
    const dashed = { type: 'string', pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{4}$' } satisfies JsonSchema;
    const national = { type: 'string', pattern: '^[0-9]{10}$' } satisfies JsonSchema;
    const fill = (phone: JsonSchema, line: string) => fillArguments({ type: 'object', properties: { phone }, required: ['phone'] }, { callerLines: [line], offered: [], patterns: patterns() });
    expect(fill(dashed, '555 123 4567').filled.phone).toMatchObject({ value: '555-123-4567', rule: 'phone-to-pattern' });
    expect(fill(national, '+1 555 123 4567').args.phone).toBe('5551234567');
    expect(fill({ type: 'string', pattern: '^\\+[0-9]{11}$' }, '555 123 4567').missing).toEqual(['phone']);
    expect(phoneForms({ value: '5551234567', said: '555 123 4567', index: 0, rule: '' })[0]).toBe('5551234567');
  });
});

describe('dates and times', () => {
  const iso = (line: string) => findDates(line, TODAY).map((d) => [d.iso, d.said]);
  it('reads next week\'s weekday, a day of the month and "in N days"', () => {
    expect(iso('next week Thursday')).toEqual([['2026-12-10', 'next week Thursday']]);
    expect(iso('Thursday next week')).toEqual([['2026-12-10', 'Thursday next week']]);
    expect(iso('on the 3rd')).toEqual([['2026-12-03', 'the 3rd']]);
    expect(iso('the 1st')).toEqual([['2026-12-01', 'the 1st']]);
    expect(iso('in three days')).toEqual([['2026-12-04', 'in three days']]);
    expect(iso('on Friday')).toEqual([['2026-12-04', 'Friday']]);
  });
  it('near misses: a position in a list, a count', () => {
    expect(iso('the 2nd one')).toEqual([]);
    expect(iso('the 3 of us')).toEqual([]);
  });
  const hhmm = (line: string) => findTimes(line).map((t) => t.hhmm);
  it('reads "half ten", "ten thirty", "nine forty-five" and "10.30"', () => {
    expect(hhmm('half ten')).toEqual(['10:30']);
    expect(hhmm('ten thirty works')).toEqual(['10:30']);
    expect(hhmm('nine forty-five')).toEqual(['09:45']);
    expect(hhmm('at 10.30')).toEqual(['10:30']);
  });
  it('near misses: half an hour, a price, a version', () => {
    expect(hhmm('in half an hour')).toEqual([]);
    expect(hhmm('it costs $10.30')).toEqual([]);
    expect(hhmm('version 1.2.30')).toEqual([]);
  });
});

describe('picking an offered row', () => {
  const rows = [{ id: 'a', when: 'Fri 09:00' }, { id: 'b', when: 'Fri 16:00' }];
  const morning = [{ id: 'a', when: 'Fri 09:00' }, { id: 'b', when: 'Fri 10:30' }];
  const pick = (line: string, offered = rows) => pickOffered(line, offered, TODAY);
  it('by an hour said alone, an hour without am/pm, a part of the day', () => {
    expect(pick('the 9 one')).toMatchObject({ row: { id: 'a' }, rule: 'pick-by-hour' });
    expect(pick("four o'clock")).toMatchObject({ row: { id: 'b' }, rule: 'pick-by-time' });
    expect(pick('the afternoon one')).toMatchObject({ row: { id: 'b' }, rule: 'pick-by-day-part' });
  });
  it('near misses: both rows in the morning, a count of people, 4 am', () => {
    expect(pick('in the morning', morning)).toBeUndefined();
    expect(pick('for 9 people')).toBeUndefined();
    expect(pick('4 am')).toBeUndefined();
  });
  it('a yes agrees to the one row the agent named; near miss: two named', () => {
    expect(pickAgreed('Shall I go ahead with Fri 16:00?', rows)).toMatchObject({ row: { id: 'b' }, rule: 'pick-agreed' });
    expect(pickAgreed('I can offer Fri 09:00 or Fri 16:00.', rows)).toBeUndefined();
  });
  it('a row key counts as a pick only when it tells rows apart', () => {
    expect(picksOffered('when', { type: 'string' }, rows)).toBe(true);
    expect(picksOffered('kind', { type: 'string' }, [{ id: 'a', kind: 'x' }, { id: 'b', kind: 'x' }])).toBe(false);
  });
  it('reads "check-up" as the enum value "checkup"; near miss: "check my teeth"', () => {
    const visit = { type: 'object', properties: { kind: { type: 'string', enum: ['checkup', 'filling'] } }, required: ['kind'] } satisfies JsonSchema;
    expect(fillArguments(visit, { callerLines: ['just a check-up'], offered: [], patterns: patterns() }).args).toEqual({ kind: 'checkup' });
    expect(fillArguments(visit, { callerLines: ['check my teeth'], offered: [], patterns: patterns() }).missing).toEqual(['kind']);
  });
});

describe('agreement', () => {
  it('reads more ways of saying yes; near miss: a problem', () => {
    for (const line of ["That's perfect", 'Yep, book it', 'Sounds great', "Let's do it"]) expect(findYesNo(line)?.value).toBe(true);
    expect(findYesNo("That's a problem")).toBeUndefined();
  });
  const hold = tool('hold_room', 'Hold one of the rooms you offered, by its id. Ask the caller to agree before you call it.', { room: { type: 'string', description: 'The id of an offered room.' } });
  const free = tool('hold_room', 'Hold one of the rooms you offered, by its id.', hold.parameters.properties);
  const offered = [{ id: 'r1', name: 'Blue room' }, { id: 'r2', name: 'Red room' }];
  const history = (line: string, agentLine = 'I can offer Blue room or Red room.'): ChatMessage[] => [
    { role: 'user', content: 'a room please' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'rooms', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'rooms', content: JSON.stringify(offered) },
    { role: 'assistant', content: agentLine },
    { role: 'user', content: line },
  ];
  const ask = (line: string, tools: ToolSpec[], agentLine?: string) =>
    createOfflineModel({ today: TODAY }).complete({ purpose: 'agent', system: 'You are Max.\n\nOffer the rooms.', messages: history(line, agentLine), tools, toolChoice: 'auto' });
  it('knows a tool that wants agreement, by its description or the instructions', () => {
    const s = scoreTools([free], { callerLines: ['x'], offered: [], patterns: patterns() })[0];
    expect(needsAgreement(s, 'Ask before you hold anything.')).toMatch(/instructions/);
    expect(needsAgreement(s, 'Offer the rooms.')).toBeUndefined();
  });
  it('asks first, then calls on the yes', async () => {
    const first = await ask('the red one', [hold]);
    expect(first).toMatchObject({ text: 'Shall I go ahead with Red room?', toolCalls: [] });
    const yes = await ask('yes please', [hold], first.text);
    expect(yes.toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ room: 'r2' }]);
  });
  it('near miss: a tool that does not ask for agreement is called at once', async () => {
    expect((await ask('the red one', [free])).toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ room: 'r2' }]);
  });
  it('asks which row when the line picks none', async () => {
    expect((await ask('hmm, yes', [hold])).text).toBe('Which one would you like: Blue room or Red room?');
  });
});
