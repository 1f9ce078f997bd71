// The mock server over plain HTTP, as the SDKs and Playwright see it: each provider's stream
// shape, non-streamed bodies, faults, control endpoints and CORS.
import { describe, expect, it } from 'vitest';
import { startMockLlmPerFile } from './fixtures';
import { remoteMockLlm } from './remote';
import { NO_SCRIPTED_ANSWER, startMockLlm } from './server';

const mockLlm = startMockLlmPerFile();

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(mockLlm().url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The `data:` payloads of an SSE body, with their `event:` names when given. */
async function events(response: Response): Promise<{ event?: string; data: string }[]> {
  const text = await response.text();
  return text.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
    return { event, data };
  });
}

const reply = { text: 'Hello there, friend.', toolCalls: [{ name: 'book', arguments: { date: '2025-03-14' } }, { name: 'end', arguments: {} }] };

describe('OpenAI route', () => {
  it('streams role, text pieces, tool calls by index with arguments in pieces, finish, usage, [DONE]', async () => {
    mockLlm().script([{ reply }]);
    const sse = await events(await post('/v1/chat/completions', { model: 'gpt-x', stream: true, messages: [] }));
    expect(sse[sse.length - 1].data).toBe('[DONE]');
    const chunks = sse.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const text = chunks.flatMap((c) => (c.choices[0]?.delta.content ? [c.choices[0].delta.content] : []));
    expect(text.length).toBeGreaterThan(2);
    expect(text.join('')).toBe(reply.text);
    const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const opening = calls.filter((c: any) => c.id);
    expect(opening.map((c: any) => [c.index, c.function.name, c.function.arguments])).toEqual([[0, 'book', ''], [1, 'end', '']]);
    const argsOf = (i: number) => calls.filter((c: any) => c.index === i && !c.id).map((c: any) => c.function.arguments);
    expect(argsOf(0).length).toBeGreaterThan(1);
    expect(argsOf(0).join('')).toBe('{"date":"2025-03-14"}');
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish.choices[0].finish_reason).toBe('tool_calls');
    const usage = chunks[chunks.length - 1];
    expect(usage.choices).toEqual([]);
    expect(usage.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('answers a non-streamed request with one JSON completion', async () => {
    mockLlm().script([{ reply }]);
    const body = await (await post('/v1/chat/completions', { model: 'gpt-x', messages: [] })).json();
    expect(body.choices[0].message.content).toBe(reply.text);
    expect(body.choices[0].message.tool_calls[0].function).toEqual({ name: 'book', arguments: '{"date":"2025-03-14"}' });
  });

  it('answers "(mock: no scripted answer)" when no turn matches', async () => {
    const body = await (await post('/v1/chat/completions', { messages: [] })).json();
    expect(body.choices[0].message.content).toBe(NO_SCRIPTED_ANSWER);
  });

  it('sends a scripted fault with the provider error body and retry-after', async () => {
    mockLlm().script([{ fault: { status: 429, retryAfter: 3, message: 'slow down' } }]);
    const response = await post('/v1/chat/completions', { stream: true, messages: [] });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect((await response.json()).error.message).toBe('slow down');
  });
});

describe('Anthropic route', () => {
  it('streams message_start, text and tool_use blocks with input_json_delta pieces, message_delta, message_stop', async () => {
    mockLlm().script([{ reply }]);
    const sse = await events(await post('/v1/messages', { model: 'claude-x', stream: true, messages: [] }));
    const types = sse.map((e) => e.event);
    expect(types[0]).toBe('message_start');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    const data = sse.map((e) => JSON.parse(e.data));
    expect(data.every((d, i) => d.type === types[i])).toBe(true);
    const starts = data.filter((d) => d.type === 'content_block_start').map((d) => [d.index, d.content_block.type, d.content_block.name]);
    expect(starts).toEqual([[0, 'text', undefined], [1, 'tool_use', 'book'], [2, 'tool_use', 'end']]);
    const json = data.filter((d) => d.type === 'content_block_delta' && d.index === 1).map((d) => d.delta.partial_json);
    expect(json.length).toBeGreaterThan(1);
    expect(json.join('')).toBe('{"date":"2025-03-14"}');
    expect(data.find((d) => d.type === 'message_delta').delta.stop_reason).toBe('tool_use');
  });

  it('answers a non-streamed request with one JSON message, and faults in Anthropic shape', async () => {
    mockLlm().script([{ reply }, { fault: { status: 529, message: 'Overloaded' } }]);
    const body = await (await post('/v1/messages', { messages: [] })).json();
    expect(body.content.map((b: any) => b.type)).toEqual(['text', 'tool_use', 'tool_use']);
    expect(body.content[1].input).toEqual({ date: '2025-03-14' });
    const fault = await post('/v1/messages', { messages: [] });
    expect(fault.status).toBe(529);
    expect(await fault.json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });
});

describe('control endpoints and CORS', () => {
  it('scripts, records and resets over HTTP, as Playwright does', async () => {
    expect(await (await fetch(`${mockLlm().url}/__mock/health`)).json()).toEqual({ ok: true });
    await post('/__mock/script', [{ match: { lastUserIncludes: 'Friday' }, reply: { text: 'Friday works.' } }]);
    const body = await (await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'Is Friday free?' }] })).json();
    expect(body.choices[0].message.content).toBe('Friday works.');
    const recorded = await (await fetch(`${mockLlm().url}/__mock/requests`)).json();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { messages: [{ content: 'Is Friday free?' }] } });
    await post('/__mock/reset', {});
    expect(mockLlm().requests()).toEqual([]);
  });

  it('is driven the same way through remoteMockLlm, the helper for Playwright specs', async () => {
    const remote = remoteMockLlm(mockLlm().url);
    await remote.script([{ reply: { text: 'remote' } }]);
    const body = await (await fetch(`${remote.openaiBaseUrl}/chat/completions`, { method: 'POST', body: '{"messages":[]}' })).json();
    expect(body.choices[0].message.content).toBe('remote');
    expect((await remote.requests()).map((r) => r.path)).toEqual(['/v1/chat/completions']);
    await remote.reset();
    expect(await remote.requests()).toEqual([]);
    await expect(remoteMockLlm(`${mockLlm().url}/nowhere`).reset()).rejects.toThrow(/answered 404/);
  });

  it('refuses a script that is not an array, saying what it must be', async () => {
    const response = await post('/__mock/script', { reply: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/JSON array of turns/);
  });

  it('answers preflights with 204, echoing the headers asked for, and allows any origin everywhere', async () => {
    const asked = 'authorization, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, x-stainless-os';
    const preflight = await fetch(`${mockLlm().url}/v1/messages`, { method: 'OPTIONS', headers: { 'access-control-request-headers': asked } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(asked);
    for (const response of [await post('/v1/chat/completions', { messages: [] }), await fetch(`${mockLlm().url}/__mock/health`)]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('waits delayMs before answering, and answers two delayed requests at once', async () => {
    mockLlm().script([{ delayMs: 400, reply: { text: 'late' }, times: 2 }]);
    const started = Date.now();
    await Promise.all([post('/v1/chat/completions', { messages: [] }), post('/v1/messages', { messages: [] })].map((p) => p.then((r) => r.json())));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(395);
    // One after the other would take 800 ms.
    expect(took).toBeLessThan(790);
  });

  it('closes at once even while a neverAnswer request is held open', async () => {
    const own = await startMockLlm({ port: 0 });
    own.script([{ fault: { neverAnswer: true } }]);
    const pending = fetch(`${own.url}/v1/messages`, { method: 'POST', body: '{}' }).then(() => 'answered', () => 'cut');
    while (own.requests().length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await pending).toBe('cut');
  });
});
