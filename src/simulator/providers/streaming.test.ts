// Both clients against the mock LLM: streaming, tool-call assembly, usage, the tool_choice
// fallback and the wire record. Each provider runs the same cases on its own wire format.
import { describe, expect, it } from 'vitest';
import { request, settingsFor, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import { createModel } from '.';

const mockLlm = startMockLlmPerFile();

describe.each(['openai', 'anthropic'] as const)('%s client', (provider) => {
  const model = (extra = {}) => createModel(settingsFor(provider, mockLlm(), extra));

  it('streams text in several deltas that join to the whole answer', async () => {
    const text = 'Of course. Which time on Friday suits you best?';
    mockLlm().script([{ reply: { text } }]);
    const deltas: string[] = [];
    const response = await model().complete(request({ onTextDelta: (d) => deltas.push(d) }));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    expect(response.text).toBe(text);
    expect(response.toolCalls).toEqual([]);
  });

  it('assembles tool-call arguments that arrive in pieces, and parallel calls in order', async () => {
    const args = { date: '2025-03-14', patient: 'Ana María López' };
    mockLlm().script([{ reply: { toolCalls: [{ name: 'book_visit', arguments: args }, { name: 'end_call', arguments: {} }] } }]);
    const response = await model().complete(request({ toolChoice: 'required' }));
    expect(response.toolCalls.map((c) => c.name)).toEqual(['book_visit', 'end_call']);
    expect(JSON.parse(response.toolCalls[0].arguments)).toEqual(args);
    expect(JSON.parse(response.toolCalls[1].arguments)).toEqual({});
    const ids = response.toolCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
  });

  it('returns text and tool calls of one answer together', async () => {
    mockLlm().script([{ reply: { text: 'Let me book that.', toolCalls: [{ name: 'book_visit', arguments: { date: '2025-03-14' } }] } }]);
    const response = await model().complete(request());
    expect(response.text).toBe('Let me book that.');
    expect(response.toolCalls).toHaveLength(1);
  });

  it('reads the usage the server reports', async () => {
    mockLlm().script([{ reply: { text: 'Hello and welcome to the clinic.' } }]);
    const response = await model().complete(request());
    expect(response.usage?.inputTokens).toBeGreaterThan(0);
    // The mock counts about four characters a token.
    expect(response.usage?.outputTokens).toBe(Math.ceil('Hello and welcome to the clinic.'.length / 4));
  });

  it('passes malformed tool-call JSON through as raw text, for the engine to report', async () => {
    mockLlm().script([{ reply: { toolCalls: [{ name: 'book_visit', arguments: '{"date": "2025-03' }] } }]);
    const response = await model().complete(request());
    expect(response.toolCalls[0].arguments).toBe('{"date": "2025-03');
  });

  it('returns an empty answer as it is', async () => {
    mockLlm().script([{ reply: {} }]);
    const response = await model().complete(request());
    expect(response).toMatchObject({ text: '', toolCalls: [] });
  });

  it('retries once with "auto" when the server refuses tool_choice "required", and says so in a note', async () => {
    mockLlm().script([
      { match: { toolChoice: 'required' }, fault: { status: 400, message: "tool_choice 'required' is not supported by this model" } },
      { match: { toolChoice: 'auto' }, reply: { text: 'Sure.' } },
    ]);
    const response = await model().complete(request({ toolChoice: 'required' }));
    expect(response.text).toBe('Sure.');
    expect(response.notes?.join('\n')).toMatch(/refused tool_choice "required".*sent again with "auto"/);
    const bodies = mockLlm().requests().map((r) => r.body as { tool_choice: unknown });
    expect(bodies).toHaveLength(2);
    const auto = provider === 'openai' ? 'auto' : { type: 'auto' };
    expect(bodies[1].tool_choice).toEqual(auto);
    expect((response.wire?.request as { tool_choice: unknown }).tool_choice).toEqual(auto);
  });

  it('does not retry a 400 about something else', async () => {
    mockLlm().script([{ fault: { status: 400, message: 'messages: too long' } }]);
    await expect(model().complete(request({ toolChoice: 'required' }))).rejects.toMatchObject({ kind: 'bad-request', status: 400 });
    expect(mockLlm().requests()).toHaveLength(1);
  });

  it('records the body sent and the message assembled in `wire`', async () => {
    mockLlm().script([{ reply: { text: 'Hi.', toolCalls: [{ name: 'end_call', arguments: {} }] } }]);
    const response = await model().complete(request());
    expect(response.wire?.request).toEqual(mockLlm().requests()[0].body);
    const wire = JSON.stringify(response.wire?.response);
    expect(wire).toContain('Hi.');
    expect(wire).toContain('end_call');
  });

  it('sends the key only in an auth header: never in the body, the URL or `wire`', async () => {
    const key = settingsFor(provider, mockLlm()).apiKey!;
    mockLlm().script([{ reply: { text: 'Hi.' } }]);
    const response = await model().complete(request());
    const [sent] = mockLlm().requests();
    const carrying = Object.entries(sent.headers).filter(([, value]) => String(value).includes(key)).map(([name]) => name);
    expect(carrying).toEqual(['authorization']);
    expect(sent.headers.authorization).toBe(`Bearer ${key}`);
    expect(sent.path).not.toContain(key);
    expect(JSON.stringify(sent.body)).not.toContain(key);
    expect(JSON.stringify(response)).not.toContain(key);
  });

  it('lets two calls run at the same time (the second is sent before the first is answered)', async () => {
    mockLlm().script([{ delayMs: 300, reply: { text: 'one' }, times: 2 }]);
    const answers = await Promise.all([model().complete(request()), model().complete(request())]);
    expect(answers.map((a) => a.text)).toEqual(['one', 'one']);
    const [first, second] = mockLlm().requests().map((r) => r.receivedAt);
    expect(Math.abs(second - first)).toBeLessThan(300);
  });
});
