// Both clients against the mock LLM when things go wrong: each failure ends as a ModelCallError
// of the right kind, with a message that says what to do, and never with the key in it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, settingsFor, TEST_KEY, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import { startMockLlm } from '../../../test/mock-llm/server';
import { createModel, ModelCallError } from '.';

const mockLlm = startMockLlmPerFile();

/** A client that gave up may still reach the server later; wait for it, so it cannot take the next test's turn. */
const received = (count: number) => vi.waitFor(() => expect(mockLlm().requests()).toHaveLength(count));

afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ModelCallError);
  return error as ModelCallError;
}

/** A base URL on which nothing listens (a port just freed). */
async function deadUrl(): Promise<string> {
  const gone = await startMockLlm({ port: 0 });
  await gone.close();
  return gone.url;
}

describe.each(['openai', 'anthropic'] as const)('%s client failures', (provider) => {
  const model = (extra = {}) => createModel(settingsFor(provider, mockLlm(), extra));

  it.each([401, 403])('%i: the key was refused, and the server text (which may echo the key) is left out', async (status) => {
    mockLlm().script([{ fault: { status, message: `Incorrect API key provided: ${TEST_KEY}` } }]);
    const error = await failure(model().complete(request()));
    expect(error).toMatchObject({ kind: 'auth', status, message: `The API key was refused (${status}). Check it in LLM settings.` });
  });

  it('429: rate limited, with the retry-after seconds in the message', async () => {
    mockLlm().script([{ fault: { status: 429, retryAfter: 12, message: 'Too many requests' } }]);
    const error = await failure(model().complete(request()));
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterSeconds: 12 });
    expect(error.message).toMatch(/Rate limited \(429\).*Try again in 12 s\./);
  });

  it.each([429, 500, 503])('%i is never retried silently: one request, and the user chooses (Retry in the chat)', async (status) => {
    // A second scripted answer that would succeed if the client retried on its own.
    mockLlm().script([{ fault: { status, retryAfter: 0 } }, { reply: { text: 'retried behind your back' } }]);
    const error = await failure(model().complete(request()));
    expect(error.status).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(mockLlm().requests()).toHaveLength(1);
  });

  it('500: the server failed, with its own words, any echoed key cut out', async () => {
    mockLlm().script([{ fault: { status: 500, message: `upstream exploded for ${TEST_KEY}` } }]);
    const error = await failure(model().complete(request()));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toContain('upstream exploded for [key]');
    expect(error.message).not.toContain(TEST_KEY);
  });

  it('a stream cut mid-answer is a clear network error, not a half answer', async () => {
    mockLlm().script([{ reply: { text: 'This answer will never be finished, sadly.' }, fault: { dropAfterChunks: 4 } }]);
    const error = await failure(model().complete(request()));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/broke off in the middle of the answer.*Try again\./);
  });

  it('Stop while the server is silent rejects at once as "aborted"', async () => {
    mockLlm().script([{ fault: { neverAnswer: true } }]);
    const controller = new AbortController();
    const pending = failure(model({ timeoutMs: 10_000 }).complete(request({ signal: controller.signal })));
    await received(1);
    const stoppedAt = Date.now();
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', message: 'Stopped.' });
    expect(Date.now() - stoppedAt).toBeLessThan(500);
  });

  it('Stop in the middle of a stream rejects at once as "aborted"', async () => {
    mockLlm().script([{ reply: { text: 'one two three four five six seven eight nine ten' }, fault: { stallAfterChunks: 4 } }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    let stoppedAt = 0;
    const stop = (delta: string) => {
      deltas.push(delta);
      stoppedAt = Date.now();
      controller.abort();
    };
    const error = await failure(model().complete(request({ signal: controller.signal, onTextDelta: stop })));
    expect(error.kind).toBe('aborted');
    expect(deltas).toHaveLength(1);
    // The server sends nothing more: only the abort itself can end the call.
    expect(Date.now() - stoppedAt).toBeLessThan(500);
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await failure(model().complete(request({ signal: AbortSignal.abort() })));
    expect(error.kind).toBe('aborted');
    await new Promise((r) => setTimeout(r, 50));
    expect(mockLlm().requests()).toEqual([]);
  });

  it('a silent server times out after the injected idle timeout', async () => {
    mockLlm().script([{ fault: { neverAnswer: true } }]);
    const started = Date.now();
    const error = await failure(model({ timeoutMs: 120 }).complete(request()));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 0\.12 s.*raise the timeout in LLM settings/);
    expect(Date.now() - started).toBeLessThan(1000);
    await received(1);
  });

  it('a server that stalls mid-stream times out too (the timeout is per silence, not per call)', async () => {
    mockLlm().script([{ reply: { text: 'one two three four five' }, fault: { stallAfterChunks: 3 } }]);
    const deltas: string[] = [];
    const error = await failure(model({ timeoutMs: 120 }).complete(request({ onTextDelta: (d) => deltas.push(d) })));
    expect(error.kind).toBe('timeout');
    expect(deltas.length).toBeGreaterThan(0);
  });

  it('a stream that keeps sending is not cut by the idle timeout', async () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
    // About 20 events 30 ms apart: the whole answer takes longer than the timeout, no silence does.
    mockLlm().script([{ reply: { text }, chunkDelayMs: 30 }]);
    const response = await model({ timeoutMs: 400 }).complete(request());
    expect(response.text).toBe(text);
  });

  it('an unreachable server (in Node) is a network error naming the URL', async () => {
    const baseUrl = await deadUrl();
    const error = await failure(model({ baseUrl }).complete(request()));
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`Could not reach ${baseUrl}`);
  });

  it('an unreachable server of another origin (in a browser) is explained as CORS, with the Ollama fix', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:4317' });
    const baseUrl = await deadUrl();
    const error = await failure(model({ baseUrl }).complete(request()));
    expect(error.kind).toBe('cors');
    expect(error.message).toBe(
      `Could not reach ${baseUrl}. The server is down, or it does not allow this page's origin (http://127.0.0.1:4317): ` +
        'for Ollama start it with OLLAMA_ORIGINS=http://127.0.0.1:4317; for other servers allow the origin in their CORS settings.',
    );
  });

  it("no key for the provider's own API fails before any request", async () => {
    const error = await failure(createModel({ provider, apiKey: '' }).complete(request()));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/No API key is set.*LLM settings/);
  });
});
