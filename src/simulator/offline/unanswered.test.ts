// Never stuck (issue 32): a question whose answer the rules cannot read says so at once, and so does
// a pick among offered rows they cannot read and a Block Agent capture the runtime would refuse.
// The agents and lines here are our own (a chimney sweep, a hire desk, a key cutter).
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelRequest, ToolSpec } from '../types';
import { agent, ask, calls, model, tool, user } from './testing';

const sweep = tool('book_sweep', 'Book a chimney sweep.', {
  fuel: { type: 'string', enum: ['wood', 'coal', 'gas'], description: 'What the fire burns.' },
  last_swept_years: { type: 'integer', description: 'How many years since the chimney was last swept.' },
});
const INSTRUCTIONS = 'Ask what the fire burns and how long since the chimney was last swept.';
const opening = [user('Hello, I would like the chimney swept before Christmas.'), agent('What does the fire burn?')];

describe('an answer to the agent\'s question that the rules cannot read (Pinecall)', () => {
  it('no value for the asked parameter and no tool called: undecided, naming the tool and parameter asked for', async () => {
    const out = await ask([sweep], [...opening, user('Oh, whatever came with the house, we only moved in in March.')], INSTRUCTIONS);
    expect(out.toolCalls).toEqual([]);
    expect(out.undecided).toEqual({
      line: 'Oh, whatever came with the house, we only moved in in March.',
      why: 'the agent had just asked for book_sweep.fuel, and no rule reads a value for it from the answer',
      tool: 'book_sweep',
      read: {},
    });
    expect(out.notes?.join('\n')).toContain('offline rule unanswered');
  });
  it('near miss: the answer gives the asked value (the agent asks for the next)', async () => {
    const out = await ask([sweep], [...opening, user('Just wood, logs from the farm.')], INSTRUCTIONS);
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: the answer gives another value of the same tool out of order (the agent asks for the rest)', async () => {
    const out = await ask([sweep], [...opening, user("It hasn't been done for three years, to be honest.")], INSTRUCTIONS);
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: the caller\'s first line answers the opening with why they call, whatever it asked', async () => {
    const out = await ask([sweep], [agent('What does the fire burn?'), user('Hello, I would like the chimney swept before Christmas.')], INSTRUCTIONS);
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: once a tool ran on the line in this step, the agent\'s next words are no answer to it', async () => {
    const ran: ChatMessage[] = [
      ...opening,
      user('Wood, and it was swept two years ago.'),
      { role: 'assistant', content: '', toolCalls: [{ id: 's1', name: 'book_sweep', arguments: '{"fuel":"wood","last_swept_years":2}' }] },
      { role: 'tool', toolCallId: 's1', name: 'book_sweep', content: '{"booked":"Tuesday"}' },
    ];
    expect((await ask([sweep], ran, INSTRUCTIONS)).undecided).toBeUndefined();
  });
});

describe('a pick among offered rows that the rules cannot read', () => {
  const list = tool('free_vans', 'List the vans free tomorrow.', {});
  const hire = tool('hire_van', 'Hire one of the vans offered.', { van: { type: 'string', description: 'The id of the van picked.' } });
  const rows = [{ id: 'luton', name: 'Luton van' }, { id: 'transit', name: 'Short wheelbase Transit' }];
  const offered = (answer: string, agentLine = 'I can offer Luton van or Short wheelbase Transit. Which one suits you?'): ChatMessage[] => [
    user('What vans have you got tomorrow?'),
    { role: 'assistant', content: '', toolCalls: [{ id: 'v1', name: 'free_vans', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'v1', name: 'free_vans', content: JSON.stringify({ vans: rows }) },
    agent(agentLine),
    user(answer),
  ];
  it('the agent asked which and the answer picks none it can read: undecided, and the agent asks which again', async () => {
    const out = await ask([list, hire], offered('Whichever takes a double bed frame, I suppose.'));
    expect(out.text).toBe('Which one would you like: Luton (Luton van) or Transit (Short wheelbase Transit)?');
    expect(out.undecided).toMatchObject({ line: 'Whichever takes a double bed frame, I suppose.', why: 'the agent had just offered 2 options and asked which, and no rule reads a pick from the answer', tool: 'hire_van' });
  });
  it('near miss: an answer that names a row picks it', async () => {
    const out = await ask([list, hire], offered('The Luton van, please.'));
    expect(calls(out)).toEqual([['hire_van', { van: 'luton' }]]);
    expect(out.undecided).toBeUndefined();
  });
});

describe('a Block Agent capture the runtime would refuse', () => {
  const cut = tool('key_order', 'The caller orders keys cut.', {
    key_type: { type: 'string', enum: ['yale', 'mortice', 'car'], description: 'The kind of key.' },
    copies: { type: 'integer', description: 'How many copies.' },
  });
  const unclear = tool('intent_unclear', 'Not yet clear what the caller wants.', {});
  const toolsCall = (tools: ToolSpec[], messages: ChatMessage[]) =>
    model.complete({ purpose: 'tools', system: 'You are the key desk.\n\nAsk what kind of key and how many copies.', messages, tools, toolChoice: 'required' } satisfies ModelRequest);
  it('a tool picked without a required value its schema does not let be empty: undecided, naming what no rule read', async () => {
    const out = await toolsCall([cut, unclear], [user('I need some keys cut.'), agent('What kind of key, and how many copies?'), user('Three copies of the front door one, the brass one.')]);
    expect(calls(out)).toEqual([['key_order', { copies: 3 }]]);
    expect(out.undecided).toMatchObject({
      line: 'Three copies of the front door one, the brass one.',
      why: 'key_order needs key_type, no rule reads it from the line, and the runtime captures nothing from a call without it',
      tool: 'key_order',
      read: { copies: 3 },
    });
  });
  it('near miss: a line that gives every required value is captured, and nothing is undecided', async () => {
    const out = await toolsCall([cut, unclear], [user('I need some keys cut.'), agent('What kind of key, and how many copies?'), user('Three copies of a Yale key, please.')]);
    expect(calls(out)).toEqual([['key_order', { key_type: 'yale', copies: 3 }]]);
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: a value whose pattern admits "" on purpose is sent empty, kept piece by piece: no refusal, nothing undecided', async () => {
    const piecewise = tool('key_order', 'The caller orders keys cut.', {
      key_type: { type: 'string', pattern: '^(yale|mortice|car)$|^$', description: 'The kind of key.' },
      copies: { type: 'integer', description: 'How many copies.' },
    });
    const out = await toolsCall([piecewise, unclear], [user('I need some keys cut.'), agent('What kind of key, and how many copies?'), user('Three copies of the front door one, the brass one.')]);
    expect(calls(out)).toEqual([['key_order', { copies: 3, key_type: '' }]]);
    expect(out.undecided).toBeUndefined();
  });
});

describe('a line that speaks of the value the agent is about to ask for, yet gives none the rules read', () => {
  const party = tool('book_party', 'Book a birthday party.', {
    birthday_child: { type: 'string', description: 'Who the party is for.' },
    guests: { type: 'integer', description: 'How many children are coming.' },
  });
  const before = [user('I want to book a party for Saturday.'), agent('How many children are coming?')];
  it('the parameter\'s word is in the line and no rule reads its value: undecided, naming the word and the parameter', async () => {
    const out = await ask([party], [...before, user('Twelve, and the birthday girl is our Maisie-Rose, she turns seven.')]);
    expect(out.text).toBe('Could you tell me who the party is for?');
    expect(out.undecided).toMatchObject({ line: 'Twelve, and the birthday girl is our Maisie-Rose, she turns seven.', why: 'the caller\'s "birthday" speaks of book_party.birthday_child, and no rule reads a value for it from the line', tool: 'book_party', read: { guests: 12 } });
  });
  it('near miss: a line that does not speak of it is asked for it, and nothing is undecided', async () => {
    const out = await ask([party], [...before, user('Twelve, if they all turn up.')]);
    expect(out.text).toBe('Could you tell me who the party is for?');
    expect(out.undecided).toBeUndefined();
  });
  it('near miss: the caller\'s first line names what they want, no value of it yet', async () => {
    const out = await ask([party], [user('Hello, I want to book a birthday party for twelve children.')]);
    expect(out.undecided).toBeUndefined();
  });
});

describe('an older question is matched among every tool the agent declares, not only those open now', () => {
  // Pinecall sends every declared tool and names the open ones: "What is the locker code?" was
  // findLocker's question, asked while it was open. Matched among the open tools alone it counted as
  // asking openDoor's atLocker, and "Hello, I left my bag in a locker", the answer before it, set
  // atLocker true on a line that says nothing of where the caller stands.
  const find = tool('findLocker', 'Find a locker.', { lockerCode: { type: 'string' } });
  const open = tool('openDoor', "Open the locker's door.", { atLocker: { type: 'boolean' } });
  const history: ChatMessage[] = [
    agent('Could you tell me the locker code on the receipt?'),
    user('Hello, I left my bag in a locker'),
    agent('What is the locker code?'),
    user("It's KB 204 771"),
    { role: 'assistant', content: '', toolCalls: [{ id: 'l1', name: 'findLocker', arguments: '{"lockerCode":"KB204771"}' }] },
    { role: 'tool', toolCallId: 'l1', name: 'findLocker', content: '{"locker":"KB204771"}' },
    agent('All right. Are you standing at the locker now?'),
  ];
  const answer = (line: string) =>
    model.complete({ purpose: 'agent', system: 'You are Sam at the station lockers.', messages: [...history, user(line)], tools: [find, open], openTools: ['openDoor'], toolChoice: 'auto' } satisfies ModelRequest);
  it('an answer that says nothing of it sets nothing, and is undecided', async () => {
    const out = await answer('My train leaves in ten minutes, mind.');
    expect(out.toolCalls).toEqual([]);
    expect(out.undecided?.why).toBe('the agent had just asked for openDoor.atLocker, and no rule reads a value for it from the answer');
  });
  it('near miss: a yes answers it', async () => {
    expect(calls(await answer("Yes, I'm right in front of it."))).toEqual([['openDoor', { atLocker: true }]]);
  });
});
