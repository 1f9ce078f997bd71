// testConnection, the offline provider, and the promise that the SDKs load only on first use.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { request, settingsFor, startMockLlmPerFile } from '../../../test/mock-llm/fixtures';
import { createOfflineModel } from '../offline';
import { createModel, testConnection } from '.';

const mockLlm = startMockLlmPerFile();

describe.each(['openai', 'anthropic'] as const)('testConnection with %s', (provider) => {
  it('answers ok with the model name, after a minimal request with no tools', async () => {
    mockLlm().script([{ reply: { text: 'OK' } }]);
    const result = await testConnection(settingsFor(provider, mockLlm()));
    expect(result).toEqual({ ok: true, message: expect.stringContaining('Connected to mock-model') });
    expect(result.message).toContain('it answered "OK"');
    const [sent] = mockLlm().requests();
    expect(sent.body).not.toHaveProperty('tools');
    if (provider === 'anthropic') expect((sent.body as { max_tokens: number }).max_tokens).toBeLessThanOrEqual(8);
  });

  it('answers not ok with the mapped message when the key is refused', async () => {
    mockLlm().script([{ fault: { status: 401 } }]);
    const result = await testConnection(settingsFor(provider, mockLlm()));
    expect(result).toEqual({ ok: false, message: 'The API key was refused (401). Check it in LLM settings.' });
  });

  it('answers not ok when the server stays silent past the timeout', async () => {
    mockLlm().script([{ fault: { neverAnswer: true } }]);
    const result = await testConnection(settingsFor(provider, mockLlm(), { timeoutMs: 100 }));
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/did not answer within 0\.1 s/);
    // Wait for the request to land, so that it cannot take the next test's turn.
    await vi.waitFor(() => expect(mockLlm().requests()).toHaveLength(1));
  });

  it('stops when its signal is aborted', async () => {
    mockLlm().script([{ fault: { neverAnswer: true } }]);
    const result = await testConnection(settingsFor(provider, mockLlm(), { timeoutMs: 10_000 }), AbortSignal.timeout(50));
    expect(result).toEqual({ ok: false, message: 'Stopped.' });
    await vi.waitFor(() => expect(mockLlm().requests()).toHaveLength(1));
  });
});

describe('the offline provider', () => {
  it('needs no key or network to pass the test', async () => {
    expect(await testConnection({ provider: 'offline' })).toEqual({ ok: true, message: 'offline model: no key or network needed' });
  });

  it("answers as the offline model does, with the settings' today", async () => {
    const probe = request({ messages: [{ role: 'user', content: 'Can I come tomorrow?' }] });
    const expected = await createOfflineModel({ today: '2025-03-10' }).complete(probe);
    const got = await createModel({ provider: 'offline', today: '2025-03-10' }).complete(probe);
    expect(got).toEqual(expected);
  });

  it('refuses an unknown provider with the choices', () => {
    expect(() => createModel({ provider: 'gemini' as never })).toThrow(/choose offline, openai or anthropic/);
  });
});

describe('lazy loading', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const staticImports = (file: string) =>
    [...readFileSync(resolve(here, file), 'utf8').matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);

  it('index.ts reaches neither SDK nor client module through a static import', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      for (const target of staticImports(file)) {
        expect(target, `${file} imports ${target}`).not.toMatch(/^(openai|@anthropic-ai\/sdk)|^\.\/(openai|anthropic)$/);
        if (target.startsWith('./') && !seen.has(target)) {
          seen.add(target);
          visit(`${target}.ts`);
        }
      }
    };
    visit('index.ts');
    expect(seen.size).toBeGreaterThan(0);
  });
});
