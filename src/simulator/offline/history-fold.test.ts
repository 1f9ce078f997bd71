// The offline model carries what it read of a history from request to request (history-fold.ts):
// a request must read, and be answered, exactly as a first reading of the same messages would,
// whatever requests came before it — the same conversation a line longer, an edited earlier
// message, a shorter history.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelRequest } from '../types';
import { askedOf } from './history-memo';
import { readRequest } from './reading';
import { agent, ask, tool, user } from './testing';

const book = tool('book_visit', 'Book a visit.', {
  day: { type: 'string', enum: ['monday', 'friday'], description: 'The day of the visit.' },
  time: { type: 'string', pattern: '^[0-9]{2}:[0-9]{2}$', description: 'The time of the visit, HH:MM.' },
});
const request = (messages: ChatMessage[]): ModelRequest => ({ purpose: 'agent', system: 'You are the desk.\n\nBook visits.', messages, tools: [book], toolChoice: 'auto' });
/** The same messages as new objects: nothing carried is found for them, so this is a first reading. */
const fresh = (messages: ChatMessage[]) => structuredClone(messages);

/** What a reading says, its searches asked the same questions. */
function read(messages: ChatMessage[]) {
  const { history, nearestOlder, olderLatePart, ...facts } = readRequest(request(messages));
  const saysEvening = nearestOlder('test: evening', (line) => /evening/.test(line));
  const lines = facts.callerLines.map((_, i) => i);
  return { ...facts, asked: askedOf(history, [book]), eveningAfter: lines.map(saysEvening), latePartAfter: lines.map(olderLatePart) };
}

const history: ChatMessage[] = [
  user('Hi, I need a visit in the evening.'),
  agent('Which day would suit you?'),
  user('Friday please.'),
  agent('What time would you like?'),
  user('At 7:30.'),
];

describe('the offline model, carrying its reading of the history', () => {
  it('reads a longer history on from the shorter one as a first reading would', async () => {
    for (let n = 1; n <= history.length; n++) {
      const messages = history.slice(0, n);
      expect(read(messages)).toEqual(read(fresh(messages)));
    }
    expect(read(history).eveningAfter).toEqual([2, 2, -1]);
    expect(await ask([book], history)).toEqual(await ask([book], fresh(history)));
  });

  it('reads an edited earlier message afresh', async () => {
    const before = await ask([book], history);
    expect(before.toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ day: 'friday', time: '19:30' }]);
    const edited = [history[0], history[1], user('Monday please.'), history[3], history[4]];
    expect(read(edited)).toEqual(read(fresh(edited)));
    const after = await ask([book], edited);
    expect(after).toEqual(await ask([book], fresh(edited)));
    expect(after.toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ day: 'monday', time: '19:30' }]);
    // No late part of day said any more: seven is read as it was said.
    const morning = [user('Hi, I need a visit.'), ...edited.slice(1)];
    expect((await ask([book], morning)).toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ day: 'monday', time: '07:30' }]);
  });

  it('reads a shorter history, and another conversation, as they stand', () => {
    read(history);
    expect(read(history.slice(0, 3))).toEqual(read(fresh(history.slice(0, 3))));
    const other = [history[0], agent('Anything else?'), user('No.')];
    expect(read(other)).toEqual(read(fresh(other)));
    expect(read(other).callerLines).toEqual(['No.', 'Hi, I need a visit in the evening.']);
  });
});
