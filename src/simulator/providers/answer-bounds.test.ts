// The bounds on one model answer (answer-bounds.ts, guard.ts): the bounded count itself, and both
// clients against a mock server that streams forever (security issue 30, point 8: the idle timeout
// resets on every chunk, so before these bounds such a server was never stopped).
import { describe, expect, it } from 'vitest';
import { request, settingsFor, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import { BoundedCount, formatDuration, formatSize, meteredFetch, utf8Length } from './answer-bounds';
import { callGuard } from './guard';
import { createModel, ModelCallError } from '.';

describe('BoundedCount', () => {
  it('accepts up to its limit, refuses the piece that passes it and everything after', () => {
    const count = new BoundedCount(10);
    expect(count.add(4)).toBe(true);
    expect(count.add(6)).toBe(true);
    expect(count.passed).toBe(false);
    expect(count.add(1)).toBe(false);
    expect(count.passed).toBe(true);
    // Once past, even an empty piece is refused: a caller keeps nothing more.
    expect(count.add(0)).toBe(false);
    expect(count.count).toBe(11);
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes without encoding', () => {
    for (const text of ['', 'abc', 'Ana María López', '日本語', '🙂 ok', 'a\u{10FFFF}b', '\ud800']) {
      expect(utf8Length(text), text).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe('formatSize and formatDuration', () => {
  it('say sizes and times as a person reads them', () => {
    expect(formatSize(2_000_000)).toBe('2 MB');
    expect(formatSize(1_500_000)).toBe('1.5 MB');
    expect(formatSize(64_000)).toBe('64 KB');
    expect(formatSize(12_000_000, true)).toBe('12.0 MB');
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatDuration(300_000)).toBe('5 min');
    expect(formatDuration(1_500)).toBe('1.5 s');
  });
});

describe('meteredFetch', () => {
  // A server's body in the chunks given, through a fetch that counts them against a wire of `limit` bytes.
  const metered = async (chunks: number[], limit: number) => {
    const wire = new BoundedCount(limit);
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (const n of chunks) controller.enqueue(new Uint8Array(n));
        controller.close();
      },
    }))) as typeof fetch;
    try {
      const response = await meteredFetch((bytes) => wire.add(bytes), () => wire.limit - wire.count)('http://mock.invalid/');
      return { reader: response.body!.getReader(), wire };
    } finally {
      globalThis.fetch = realFetch;
    }
  };

  it('hands over a chunk that passes the wire bound up to the bound, and fails only at the next read', async () => {
    // On a loaded machine a server streaming forever arrives in big chunks: the reader must get
    // what fits (whose text the answer's own bound counts first) before the wire's bound is called.
    const { reader, wire } = await metered([1_000, 3_000, 500], 1_600);
    expect((await reader.read()).value?.byteLength).toBe(1_000);
    expect((await reader.read()).value?.byteLength).toBe(600);
    expect(wire.passed).toBe(false);
    await expect(reader.read()).rejects.toThrow('The answer passed its bound.');
    expect(wire.passed).toBe(true);
  });

  it('a body that ends with bytes held back still fails: an answer cut at the bound is never taken whole', async () => {
    const { reader, wire } = await metered([2_000], 1_600);
    expect((await reader.read()).value?.byteLength).toBe(1_600);
    await expect(reader.read()).rejects.toThrow('The answer passed its bound.');
    expect(wire.passed).toBe(true);
  });

  it('near miss: a body within the bound passes whole', async () => {
    const { reader, wire } = await metered([800, 800], 1_600);
    expect((await reader.read()).value?.byteLength).toBe(800);
    expect((await reader.read()).value?.byteLength).toBe(800);
    expect((await reader.read()).done).toBe(true);
    expect(wire.passed).toBe(false);
  });
});

describe('callGuard', () => {
  it('stops the call once the answer grows past its bound, and says why', () => {
    const guard = callGuard(undefined, 0, { maxAnswerBytes: 100 });
    expect(guard.grow(60)).toBe(true);
    expect(guard.signal.aborted).toBe(false);
    expect(guard.grow(60)).toBe(false);
    expect(guard.signal.aborted).toBe(true);
    expect(guard.reason()).toBe('too-large');
    guard.dispose();
  });

  it('allows the wire sixteen times the answer bound (the stream framing), then stops', () => {
    const guard = callGuard(undefined, 0, { maxAnswerBytes: 100 });
    expect(guard.received(1_600)).toBe(true);
    expect(guard.received(1)).toBe(false);
    expect(guard.reason()).toBe('wire-too-large');
    guard.dispose();
  });

  it('stops at the total time even while chunks keep arriving', async () => {
    const guard = callGuard(undefined, 10_000, { maxAnswerMs: 50 });
    const touching = setInterval(() => guard.touch(), 5);
    await expect(guard.stopped).rejects.toThrow('too-long');
    clearInterval(touching);
    expect(guard.reason()).toBe('too-long');
    guard.dispose();
  });
});

const mockLlm = startMockLlmPerFile();

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelCallError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe.each(['openai', 'anthropic'] as const)('%s client against a server that streams forever', (provider) => {
  const model = (extra = {}) => createModel(settingsFor(provider, mockLlm(), extra));

  it('stops an endless text answer as it passes the size bound, and names the setting', async () => {
    mockLlm().script([{ flood: {} }]);
    const deltas: string[] = [];
    const error = await failure(model({ maxAnswerBytes: 50_000 }).complete(request({ onTextDelta: (d) => deltas.push(d) })));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe("The model's answer passed 50 KB (⚙ LLM › Answer size, --answer-size in the CLI) and was stopped.");
    // Nothing past the bound was kept or streamed on (one piece is 1,000 bytes).
    expect(deltas.join('').length).toBeLessThanOrEqual(50_000);
  });

  it('stops endless tool-call arguments the same way', async () => {
    mockLlm().script([{ flood: { as: 'arguments' } }]);
    const error = await failure(model({ maxAnswerBytes: 50_000 }).complete(request()));
    expect(error.kind).toBe('too-large');
    expect(error.message).toMatch(/passed 50 KB/);
  });

  it('stops a stream of empty events by its bytes on the wire', async () => {
    mockLlm().script([{ flood: { piece: '' } }]);
    const error = await failure(model({ maxAnswerBytes: 10_000 }).complete(request()));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('The server sent more than 160 KB for one answer (16 times its size bound of 10 KB, ⚙ LLM › Answer size, --answer-size in the CLI) and was stopped.');
  });

  it('stops a slow endless answer at the total time, though the idle timeout never fires', async () => {
    mockLlm().script([{ flood: { piece: 'tick ', delayMs: 10 } }]);
    const error = await failure(model({ timeoutMs: 5_000, maxAnswerMs: 400 }).complete(request()));
    expect(error.kind).toBe('too-long');
    expect(error.message).toBe("The model's answer took longer than 0.4 s in all (⚙ LLM › Answer time, --answer-time in the CLI) and was stopped.");
  });

  it('takes a long answer under the bound whole', async () => {
    mockLlm().script([{ flood: { bytes: 40_000 } }]);
    const response = await model({ maxAnswerBytes: 50_000 }).complete(request());
    expect(response.text.length).toBe(40_000);
  });
});
