// The offline model as the engine calls it: one request in, one answer out, per purpose; every
// decision named in the notes; the same request always gets the same answer.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelRequest, ToolSpec } from '../types';
import { createOfflineModel } from './index';

const model = createOfflineModel({ today: '2026-12-01' });
const reserve: ToolSpec = {
  name: 'make_reservation',
  description: 'Create a reservation on a day.',
  parameters: { type: 'object', properties: { on: { type: 'string', format: 'date', description: 'The day to reserve.' }, guests: { type: 'integer', description: 'How many people are coming.' } }, required: ['on', 'guests'] },
};
const leave: ToolSpec = { name: 'hang_up', description: 'End the call.', parameters: { type: 'object', properties: {} } };
const system = 'You are Max at the bistro.\n\nGreet the guest and ask what they would like.';
const request = (messages: ChatMessage[], more: Partial<ModelRequest> = {}): ModelRequest => ({ purpose: 'agent', system, messages, tools: [reserve, leave], toolChoice: 'auto', ...more });
const user = (content: string): ChatMessage => ({ role: 'user', content });
const called = (name: string, args: object, id = 'c1'): ChatMessage[] => [
  { role: 'assistant', content: '', toolCalls: [{ id, name, arguments: JSON.stringify(args) }] },
];
const result = (name: string, content: string, id = 'c1'): ChatMessage => ({ role: 'tool', toolCallId: id, name, content });

describe('the agent call', () => {
  it('opens from the instructions when no caller line came yet', async () => {
    const out = await model.complete(request([]));
    expect(out).toMatchObject({ text: 'Hello! What would you like?', toolCalls: [] });
    expect(out.notes).toContain('offline rule open: no caller line yet: the agent opens');
  });

  it('calls the tool when every required argument is filled, naming each rule', async () => {
    const out = await model.complete(request([user('Can I book for Friday, we are 4?')]));
    expect(out.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([['make_reservation', { on: '2026-12-04', guests: 4 }]]);
    expect(out.notes).toEqual(expect.arrayContaining([
      'offline rule tool-by-words: picked make_reservation — the caller\'s "book" matches its word "reservation" (same meaning)',
      'offline rule date-weekday: make_reservation.on = "2026-12-04" — from "Friday"',
      'offline rule number-digits: make_reservation.guests = 4 — from "4"',
    ]));
  });

  it('asks for a required argument it cannot fill, in the words of its description', async () => {
    const out = await model.complete(request([user('Can I book for Friday?')]));
    expect(out).toMatchObject({ text: 'Could you tell me how many people are coming?', toolCalls: [] });
    expect(out.notes).toContainEqual(expect.stringMatching(/^offline rule ask-missing: make_reservation fits .* its required guests has no value yet/));
  });

  it('reports a result, and apologises for an error', async () => {
    const done = await model.complete(request([user('book Friday for 4'), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', '{"ok":true}')]));
    expect(done.text).toBe('All right. What would you like?');
    expect(done.toolCalls).toEqual([]);
    // A tool message carries no error flag: a sentence that is not JSON and says "not", "no",
    // "cannot"… is read as a thrown message; other plain text is the tool's own answer.
    const failed = await model.complete(request([user('book Friday for 4'), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', 'Fridays are not open for bookings.')]));
    expect(failed.text).toBe('Sorry, that did not work: Fridays are not open for bookings.');
    const plain = await model.complete(request([user('book Friday for 4'), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', 'Table 5 is yours')]));
    expect(plain.text).toBe('Table 5 is yours. What would you like?');
  });

  it('never calls a tool twice with the same arguments in one step', async () => {
    const out = await model.complete(request([user('book Friday for 4'), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', '{"ok":true}')]));
    expect(out.toolCalls).toEqual([]);
    expect(out.notes).toContain('offline rule no-repeat: make_reservation already ran with these arguments in this step');
  });

  it('near miss: the same tool with other arguments in a later step is called', async () => {
    const earlier = [user('book Friday for 4'), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', '{"ok":true}'), { role: 'assistant', content: 'Done.' } as ChatMessage];
    const out = await model.complete(request([...earlier, user('and book Saturday for 2')]));
    expect(out.toolCalls.map((c) => JSON.parse(c.arguments))).toEqual([{ on: '2026-12-05', guests: 2 }]);
  });

  it('answers the same request the same way', async () => {
    const r = request([user('Bye now')]);
    expect(await model.complete(r)).toEqual(await createOfflineModel({ today: '2026-12-01' }).complete(r));
  });
});

describe('the agent call after tools ran, and the stage\'s instructions', () => {
  const verify: ToolSpec = { name: 'verify_account', description: 'Looks the guest up in the members list.', parameters: { type: 'object', properties: {} } };
  const staged = (instructions: string) => `You are Max at the bistro.\n\n${instructions}`;
  const ask = (instructions: string, messages: ChatMessage[], tools: ToolSpec[] = [verify, leave]) => model.complete(request(messages, { system: staged(instructions), tools }));

  it('calls a tool the instructions name, when the caller\'s words point at none', async () => {
    const out = await ask('Tell the guest you are verifying their account; it takes a moment.', [user('Alright then')]);
    expect(out.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['verify_account', '{}']]);
    expect(out.notes).toContain('offline rule tool-by-instructions: picked verify_account — the stage\'s instructions say "verifying" and "account", the words of its name');
  });

  it('near miss: instructions that share a description\'s words, or only part of a name, call nothing', async () => {
    // hang_up is described "End the call.": the instructions say it, but never name the tool.
    const out = await ask('Verify the guest, then end the call.', [user('Alright then')]);
    expect(out.toolCalls).toEqual([]);
    expect(out.notes).toContain("offline rule no-tool: nothing in the caller's latest line points at an offered tool");
  });

  it('near miss: not again once called since the caller\'s line, nor with an argument it cannot fill', async () => {
    const again = await ask('Verify the account.', [user('Alright then'), ...called('verify_account', {}), result('verify_account', '{"found":true}')]);
    expect(again.toolCalls).toEqual([]);
    const needy: ToolSpec = { ...verify, parameters: { type: 'object', properties: { member: { type: 'string', pattern: '^M[0-9]{4}$' } }, required: ['member'] } };
    const unfilled = await ask('Verify the account.', [user('Alright then')], [needy]);
    expect(unfilled.toolCalls).toEqual([]);
  });

  it('once a tool ran on the caller\'s line, its words alone call no further tool, its values still do', async () => {
    const line = 'Can I book Friday for 4? Call me on 555 123 4567.';
    const ran = [user(line), ...called('make_reservation', { on: '2026-12-04', guests: 4 }), result('make_reservation', '{"ok":true}')];
    // "book" meets cancel_booking's name, but the line was about the booking that just ran.
    const cancel: ToolSpec = { name: 'cancel_booking', description: 'Drop it.', parameters: { type: 'object', properties: {} } };
    expect((await model.complete(request(ran, { tools: [reserve, cancel] }))).toolCalls).toEqual([]);
    expect((await model.complete(request([user(line)], { tools: [cancel] }))).toolCalls.map((c) => c.name)).toEqual(['cancel_booking']);
    const keep: ToolSpec = { name: 'keep_contact', description: 'Keep it.', parameters: { type: 'object', properties: { phone: { type: 'string' } }, required: ['phone'] } };
    const out = await model.complete(request(ran, { tools: [reserve, keep] }));
    expect(out.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([['keep_contact', { phone: '5551234567' }]]);
  });
});

describe('the Block Agent calls', () => {
  it('tools: must call one, the fallback guessing least when nothing points at a tool', async () => {
    const out = await model.complete(request([user('Hmm, let me think')], { purpose: 'tools', toolChoice: 'required' }));
    expect(out.toolCalls.map((c) => c.name)).toEqual(['hang_up']);
    expect(out.notes).toContainEqual(expect.stringMatching(/^offline rule tool-fallback: picked hang_up/));
  });

  it('tools: sends an empty value only where the pattern invites one', async () => {
    const capture: ToolSpec = {
      name: 'capture_details', description: 'Capture details.',
      parameters: { type: 'object', properties: { on: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^$' }, email: { type: 'string' } }, required: ['on', 'email'] },
    };
    const out = await model.complete(request([user('my email is jo@example.org')], { purpose: 'tools', toolChoice: 'required', tools: [capture] }));
    expect(JSON.parse(out.toolCalls[0].arguments)).toEqual({ email: 'jo@example.org', on: '' });
  });

  it('reply: speaks the stage and thanks for a value given', async () => {
    const out = await model.complete(request([{ role: 'assistant', content: 'Hi!' }, user('This is Jo Park')], { purpose: 'reply', tools: [], toolChoice: 'none' }));
    expect(out).toMatchObject({ text: 'Thank you. What would you like?', toolCalls: [] });
  });

  it('condition: answers yes or no by a named rule', async () => {
    const ask = (line: string) => model.complete({ purpose: 'condition', system: 'Answer yes or no. Does this hold? The caller agrees to the terms.', messages: [user(line)], tools: [], toolChoice: 'none' });
    expect((await ask('Sure, fine by me')).text).toBe('yes');
    expect((await ask('I am not sure about that')).text).toBe('no');
    expect((await ask('Sure, fine by me')).notes).toContainEqual(expect.stringMatching(/^offline rule condition-by-yes-no: yes/));
  });

  it('reads the purpose from the shape of a request that names none', async () => {
    const out = await model.complete({ system: 'Answer with one word, yes or no. The caller agrees.', messages: [user('yes')], tools: [], toolChoice: 'none' });
    expect(out.text).toBe('yes');
    expect(out.notes?.[0]).toBe('offline rule purpose: the request names no purpose: read as a condition call from its shape');
  });
});
