// How a ModelRequest becomes an Anthropic Messages body (system apart, alternating roles, tool
// blocks), checked on the body the mock received, and how stream events assemble.
import { describe, expect, it } from 'vitest';
import { bookTool, request, settingsFor, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import type { ChatMessage } from '../types';
import { createModel } from '.';
import { AnthropicAssembler, anthropicBody, CALL_STARTS, GO_ON } from './anthropic-wire';

const mockLlm = startMockLlmPerFile();

const call = (id: string, name: string, args: string) => ({ id, name, arguments: args });

const history: ChatMessage[] = [
  { role: 'user', content: 'Book me for Friday and end the call.' },
  { role: 'assistant', content: 'One moment.', toolCalls: [call('t1', 'book_visit', '{"date":"2025-03-14"}'), call('t2', 'end_call', '')] },
  { role: 'tool', toolCallId: 't1', name: 'book_visit', content: '{"ok":true}' },
  { role: 'tool', toolCallId: 't2', name: 'end_call', content: 'done' },
  { role: 'user', content: 'Thanks.' },
];

async function sent(extra: Parameters<typeof request>[0], settings = {}) {
  mockLlm().script([{ reply: { text: 'ok' } }]);
  const response = await createModel(settingsFor('anthropic', mockLlm(), settings)).complete(request(extra));
  return { body: mockLlm().requests()[0].body as Record<string, any>, response };
}

describe('Anthropic request body', () => {
  it('sends the system apart, tool calls as tool_use and several results in one user message', async () => {
    const { body } = await sent({ messages: history });
    expect(body.system).toBe('You are Sofia, the front desk.');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Book me for Friday and end the call.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'One moment.' },
          { type: 'tool_use', id: 't1', name: 'book_visit', input: { date: '2025-03-14' } },
          { type: 'tool_use', id: 't2', name: 'end_call', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: '{"ok":true}' },
          { type: 'tool_result', tool_use_id: 't2', content: 'done' },
          { type: 'text', text: 'Thanks.' },
        ],
      },
    ]);
    expect(mockLlm().requests()[0].path).toBe('/v1/messages');
  });

  it('sends instructions livekit adds to the conversation, and what comes after the history, as livekit\'s formatter does: user turns in <instructions>', () => {
    const { body } = anthropicBody(request({
      messages: [{ role: 'system', content: 'Greet the caller.', livekit: true }, { role: 'assistant', content: 'Hello!' }, { role: 'user', content: 'Hi.' }],
      afterHistory: ['Ask for the caller\'s name.'],
    }), { model: 'm', maxTokens: 100 });
    expect(body.system).toBe('You are Sofia, the front desk.');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: '<instructions>\nGreet the caller.\n</instructions>' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
      { role: 'user', content: [{ type: 'text', text: 'Hi.' }, { type: 'text', text: '<instructions>\nAsk for the caller\'s name.\n</instructions>' }] },
    ]);
  });

  it('merges consecutive lines of one role, so the roles alternate', () => {
    const { body } = anthropicBody(
      request({ messages: [{ role: 'user', content: 'Hello?' }, { role: 'user', content: 'Anyone there?' }, { role: 'assistant', content: 'Yes.' }, { role: 'assistant', content: 'How can I help?' }, { role: 'user', content: 'A visit.' }] }),
      { model: 'm', maxTokens: 10 },
    );
    expect(body.messages.map((m) => [m.role, (m.content as { text: string }[]).map((b) => b.text)])).toEqual([
      ['user', ['Hello?', 'Anyone there?']],
      ['assistant', ['Yes.', 'How can I help?']],
      ['user', ['A visit.']],
    ]);
  });

  it('opens with a user line and ends with one, saying so in notes', async () => {
    const { body, response } = await sent({ messages: [{ role: 'assistant', content: 'Clínica Norte, good morning.' }] });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: CALL_STARTS }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Clínica Norte, good morning.' }] },
      { role: 'user', content: [{ type: 'text', text: GO_ON }] },
    ]);
    expect(response.notes).toHaveLength(2);
  });

  it('sends an empty history (the agent opens the call) as one user line', () => {
    const { body, notes } = anthropicBody(request({ messages: [] }), { model: 'm', maxTokens: 10 });
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: CALL_STARTS }] }]);
    expect(notes[0]).toContain(CALL_STARTS);
  });

  it('sends tools with input_schema; required is {type: any}, auto is {type: auto}', async () => {
    const { body } = await sent({ tools: [bookTool], toolChoice: 'required' });
    expect(body.tools).toEqual([{ name: 'book_visit', description: 'Book a visit.', input_schema: bookTool.parameters }]);
    expect(body.tool_choice).toEqual({ type: 'any' });
    expect(anthropicBody(request({ toolChoice: 'auto' }), { model: 'm', maxTokens: 1 }).body.tool_choice).toEqual({ type: 'auto' });
  });

  it('with no tools, leaves tools out and writes earlier tool traffic as text', () => {
    const { body } = anthropicBody(request({ messages: history, toolChoice: 'none' }), { model: 'm', maxTokens: 1 });
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('tool_choice');
    const texts = JSON.stringify(body.messages);
    expect(texts).not.toContain('tool_use');
    expect(texts).toContain('[called book_visit with {\\"date\\":\\"2025-03-14\\"}]');
    expect(texts).toContain('[end_call returned: done]');
  });

  it('sends max_tokens (1024 unless set) and no temperature, which the current API refuses', async () => {
    const { body, response } = await sent({ temperature: 0.2 });
    expect(body.max_tokens).toBe(1024);
    expect(body).not.toHaveProperty('temperature');
    expect(response.notes?.join(' ')).toMatch(/takes no temperature; 0\.2 was not sent/);
    expect(anthropicBody(request(), { model: 'm', maxTokens: 200 }).body.max_tokens).toBe(200);
  });
});

describe('Anthropic stream assembly', () => {
  it('joins input_json_delta pieces per block and reads usage from message_start and message_delta', () => {
    const deltas: string[] = [];
    const a = new AnthropicAssembler((d) => deltas.push(d));
    const events: any[] = [
      { type: 'message_start', message: { model: 'claude-x', usage: { input_tokens: 40, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Booking ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'now.' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'tu1', name: 'book_visit', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"date":' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"2025-03-14"}' } },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'tu2', name: 'end_call', input: {} } },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 22 } },
      { type: 'message_stop' },
    ];
    events.forEach((e) => a.add(e));
    const result = a.result();
    expect(deltas).toEqual(['Booking ', 'now.']);
    expect(result.text).toBe('Booking now.');
    expect(result.toolCalls).toEqual([
      { id: 'tu1', name: 'book_visit', arguments: '{"date":"2025-03-14"}' },
      { id: 'tu2', name: 'end_call', arguments: '{}' },
    ]);
    expect(result.usage).toEqual({ inputTokens: 40, outputTokens: 22 });
    expect(a.finished).toBe(true);
  });
});
