// Issue 32, "read what is asked": a choice among texts a tool listed ("2026-12-08 14:00"), a flag
// that is a window of time from today, and a reply that reads out what the stage says to offer.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types';
import { pickEnumByTime, pickListed } from './pick';
import { reportResults, speakInstructions } from './speech';
import { agent, ask, calls, tool, user } from './testing';

const LISTED = ['2026-12-08 09:30', '2026-12-08 14:00', '2026-12-10 11:15'];

describe('a pick among the texts a tool listed', () => {
  it('"Tuesday at two o\'clock" is the one Tuesday 14:00 (today is Tuesday 1 December)', () =>
    expect(pickListed("Tuesday at two o'clock works.", LISTED, '2026-12-01')).toMatchObject({ value: '2026-12-08 14:00' }));
  it('"the Thursday one" is the one Thursday; "the last one" the last', () => {
    expect(pickListed('The Thursday one, please.', LISTED, '2026-12-01')).toMatchObject({ value: '2026-12-10 11:15' });
    expect(pickListed('The last one.', LISTED, '2026-12-01')).toMatchObject({ value: '2026-12-10 11:15' });
  });
  it('near miss: "Tuesday" alone fits two: no pick', () => expect(pickListed('Tuesday, please.', LISTED, '2026-12-01')).toBeUndefined());

  const book = tool('book_slot', 'Book one of the slots you read out; slot exactly as the search gave it.', { slot: { type: 'string' }, access_notes: { type: 'string' } }, ['slot']);
  const offer: ChatMessage[] = [
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'free_slots', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'free_slots', content: JSON.stringify({ office: 'north', slots: LISTED }) },
  ];
  it('fills the slot with the listed text, and an optional text with nothing', async () => {
    const out = await ask([book], [user('I need an appointment.'), ...offer, agent('Which one suits you?'), user("Tuesday at two o'clock works.")]);
    expect(calls(out)).toEqual([['book_slot', { slot: '2026-12-08 14:00' }]]);
  });
});

describe('a flag that is a window of time from today', () => {
  const service = tool('choose_service', 'Choose the service. travelling_soon: they have travel booked in the next four weeks.', { travelling_soon: { type: 'boolean' } });
  it('"I fly out on the twentieth" is within four weeks of 1 December: true', async () =>
    expect(calls(await ask([service], [user('I need the passport service.'), agent('When do you travel?'), user('I fly out on the twentieth.')]))).toEqual([['choose_service', { travelling_soon: true }]]));
  it('near miss: "the fifteenth of February" is past four weeks: false', async () =>
    expect(calls(await ask([service], [user('I need the passport service.'), agent('When do you travel?'), user('I fly out on the fifteenth of February.')]))).toEqual([['choose_service', { travelling_soon: false }]]));
});

describe('the reply after a result', () => {
  const call = (result: string) => ({ name: 'free_slots', arguments: '{}', result, failed: false });
  it('reads out what a result lists when the stage says to read it out', () =>
    expect(reportResults([call(JSON.stringify({ office: 'north', slots: LISTED }))], 'Read out its free appointments and book one.').text).toBe('I can offer 2026-12-08 09:30, 2026-12-08 14:00 or 2026-12-10 11:15. Which one suits you?'));
  it('near miss: a list inside a result is data when the stage says nothing of offering it', () =>
    expect(reportResults([call(JSON.stringify({ cards: [{ last4: '1234' }] }))], 'Ask why the card must be stopped.').text).toBe('All right.'));
  it('a wh-word with a noun of two words is asked in question order', () =>
    expect(speakInstructions('Ask which passport office they can get to.', true)).toBe('Which passport office can you get to?'));
});

describe('an enum whose values the description gives times for', () => {
  const sessions = ['friday_morning', 'friday_evening'];
  const meanings = ['friday_morning is Friday at 9.15am; friday_evening is the same day at 6pm.'];
  it('"the later one" is the evening, "the nine fifteen" the morning', () => {
    expect(pickEnumByTime(sessions, meanings, 'The later one works better.')).toMatchObject({ value: 'friday_evening' });
    expect(pickEnumByTime(sessions, meanings, 'The nine fifteen, please.')).toMatchObject({ value: 'friday_morning' });
  });
  it('near miss: a line that picks neither', () => expect(pickEnumByTime(sessions, meanings, 'Either is fine.')).toBeUndefined());
});
