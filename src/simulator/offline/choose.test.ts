// Choosing tools: shared words through synonyms, values the latest line gives, complete tools
// preferred, several tools when several clearly match, and a fallback that guesses least.
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../types';
import { alsoMatching, fallbackTool, ranked, reasonFor, scoreTools } from './choose';
import { patterns } from './testing';

const tool = (name: string, description: string, properties: ToolSpec['parameters']['properties'] = {}, required = Object.keys(properties ?? {})): ToolSpec => ({
  name, description, parameters: { type: 'object', properties, required },
});
const makeBooking = tool('make_reservation', 'Create a reservation for the guest.', { on: { type: 'string', format: 'date' } });
const dropBooking = tool('cancel_reservation', 'Cancel an existing reservation.', { ref: { type: 'string', pattern: '^R[0-9]{4}$' } });
const weather = tool('forecast', 'Tell the weather.');
const best = (tools: ToolSpec[], ...lines: string[]) => ranked(scoreTools(tools, { callerLines: [...lines].reverse(), today: '2026-12-01', offered: [], patterns: patterns() }))[0];

describe('scoring', () => {
  it('meets the caller\'s word through a synonym and names it', () => {
    const top = best([weather, dropBooking, makeBooking], 'Can I book something for tomorrow?');
    expect(top.tool.name).toBe('make_reservation');
    expect(top.complete).toBe(true);
    expect(reasonFor(top)).toEqual({ rule: 'tool-by-words', why: 'the caller\'s "book" matches its word "reservation" (same meaning)' });
  });
  it('near miss: words that meet no tool leave every tool without evidence', () => {
    expect(best([weather, dropBooking, makeBooking], 'Lovely colours in here').evidence).toBe(0);
  });
  it('counts a value the latest line gives for a parameter, and not one from an older line', () => {
    const byValue = best([weather, dropBooking], 'It is R1234');
    expect(byValue.tool.name).toBe('cancel_reservation');
    expect(reasonFor(byValue)).toMatchObject({ rule: 'tool-by-values' });
    expect(best([weather, dropBooking], 'It is R1234', 'thanks').evidence).toBe(0);
  });
  it('prefers the complete tool when evidence is equal', () => {
    const a = tool('hold_table', 'Hold a table.', { on: { type: 'string', format: 'date' } });
    const b = tool('hold_room', 'Hold a room.', { guests: { type: 'integer' } });
    expect(best([b, a], 'hold it for Friday').tool.name).toBe('hold_table');
    expect(best([b, a], 'hold it').tool.name).toBe('hold_room'); // neither complete: the order offered
  });
});

describe('several tools', () => {
  const name = tool('save_name', 'Save it.', { full_name: { type: 'string' } });
  const birth = tool('save_birth', 'Save it.', { date_of_birth: { type: 'string', format: 'date' } });
  const scored = (line: string) => scoreTools([name, birth], { callerLines: [line], today: '2026-12-01', offered: [], patterns: patterns() });
  it('calls each tool that gets its own values from the line', () => {
    const all = scored('My name is Jane Doe, born May 5 1990');
    const top = ranked(all)[0];
    expect([top, ...alsoMatching(top, all)].map((s) => s.tool.name).sort()).toEqual(['save_birth', 'save_name']);
  });
  it('near miss: a tool without values of its own is not added', () => {
    const all = scored('My name is Jane Doe');
    expect(alsoMatching(ranked(all)[0], all)).toEqual([]);
  });
});

describe('fallbackTool', () => {
  it('takes a complete tool without parameters first', () => {
    const all = scoreTools([makeBooking, weather], { callerLines: ['hmm'], offered: [], patterns: patterns() });
    expect(fallbackTool(all)?.tool.name).toBe('forecast');
  });
  it('else the first offered', () => {
    const all = scoreTools([makeBooking, dropBooking], { callerLines: ['hmm'], offered: [], patterns: patterns() });
    expect(fallbackTool(all)?.tool.name).toBe('make_reservation');
  });
});
