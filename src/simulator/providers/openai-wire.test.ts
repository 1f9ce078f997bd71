// How a ModelRequest becomes an OpenAI Chat Completions body, checked on the body the mock received.
import { describe, expect, it } from 'vitest';
import { bookTool, request, settingsFor, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import type { ChatMessage } from '../types';
import { createModel } from '.';
import { OpenAiAssembler, openAiBody } from './openai-wire';

const mockLlm = startMockLlmPerFile();

const history: ChatMessage[] = [
  { role: 'user', content: 'Book me for Friday.' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'book_visit', arguments: '{"date":"2025-03-14"}' }] },
  { role: 'tool', toolCallId: 'call_1', name: 'book_visit', content: '{"ok":true}' },
  { role: 'assistant', content: 'Booked.' },
  { role: 'user', content: 'Thanks.' },
];

async function sentBody(extra: Parameters<typeof request>[0], settings = {}) {
  mockLlm().script([{ reply: { text: 'ok' } }]);
  await createModel(settingsFor('openai', mockLlm(), settings)).complete(request(extra));
  return mockLlm().requests()[0].body as Record<string, any>;
}

describe('OpenAI request body', () => {
  it('puts the system prompt first, tool calls on the assistant line and results as role "tool"', async () => {
    const body = await sentBody({ messages: history });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are Sofia, the front desk.' },
      { role: 'user', content: 'Book me for Friday.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'book_visit', arguments: '{"date":"2025-03-14"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' },
      { role: 'assistant', content: 'Booked.' },
      { role: 'user', content: 'Thanks.' },
    ]);
    expect(mockLlm().requests()[0].path).toBe('/v1/chat/completions');
  });

  it('sends what the runtime puts after the history (Pinecall\'s view) as system messages after it, and a reply\'s own instructions where they stand', async () => {
    const messages: ChatMessage[] = [{ role: 'system', content: 'Greet the caller.', livekit: true }, { role: 'user', content: 'Hi.' }];
    const body = openAiBody(request({ messages, afterHistory: ['Ask for the caller\'s name.'], openTools: [] }), { model: 'm' });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are Sofia, the front desk.' },
      { role: 'system', content: 'Greet the caller.' },
      { role: 'user', content: 'Hi.' },
      { role: 'system', content: 'Ask for the caller\'s name.' },
    ]);
    // Which tools are open now is Callboard's note for its own readers, never sent.
    expect(JSON.stringify(body)).not.toContain('openTools');
  });

  it('sends tools as functions with the requested tool_choice, always streaming with usage', async () => {
    const body = await sentBody({ tools: [bookTool], toolChoice: 'required', temperature: 0.3 }, { maxTokens: 200 });
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'book_visit', description: 'Book a visit.', parameters: bookTool.parameters } }]);
    expect(body).toMatchObject({ tool_choice: 'required', temperature: 0.3, max_tokens: 200, stream: true, stream_options: { include_usage: true } });
  });

  it('leaves tools and tool_choice out when there are no tools, or the call wants none', async () => {
    for (const extra of [{ tools: [] }, { toolChoice: 'none' as const }]) {
      const body = openAiBody(request(extra), { model: 'm' });
      expect(body).not.toHaveProperty('tools');
      expect(body).not.toHaveProperty('tool_choice');
    }
  });

  it("uses the settings' temperature when the request has none, and sends none when neither has one", () => {
    expect(openAiBody(request(), { model: 'm', temperature: 0.7 }).temperature).toBe(0.7);
    expect(openAiBody(request({ temperature: 0 }), { model: 'm', temperature: 0.7 }).temperature).toBe(0);
    expect(openAiBody(request(), { model: 'm' })).not.toHaveProperty('temperature');
  });

  it('defaults the model and ignores empty settings strings (the store keeps "" for unset)', async () => {
    const body = await sentBody({}, { model: '' });
    expect(body.model).toBe('gpt-4o-mini');
  });
});

describe('OpenAI stream assembly', () => {
  const chunk = (delta: object, finish: string | null = null) =>
    ({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] }) as any;

  it('joins interleaved argument pieces by index and keeps the first id and name', () => {
    const assembler = new OpenAiAssembler();
    assembler.add(chunk({ tool_calls: [{ index: 1, id: 'b', function: { name: 'end_call', arguments: '' } }] }));
    assembler.add(chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'book_visit', arguments: '{"da' } }] }));
    assembler.add(chunk({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }));
    assembler.add(chunk({ tool_calls: [{ index: 0, function: { arguments: 'te":"x"}' } }] }, 'tool_calls'));
    expect(assembler.toolCalls()).toEqual([
      { id: 'a', name: 'book_visit', arguments: '{"date":"x"}' },
      { id: 'b', name: 'end_call', arguments: '{}' },
    ]);
    expect(assembler.finished).toBe(true);
  });

  it('counts a stream without a finish_reason as unfinished (openai.ts notes it), keeping its text', () => {
    const assembler = new OpenAiAssembler();
    assembler.add(chunk({ content: 'Hi' }));
    expect(assembler.finished).toBe(false);
    expect(assembler.result().text).toBe('Hi');
  });
});
