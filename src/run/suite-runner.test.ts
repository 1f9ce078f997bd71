// The Tests panel's runs take the user's LLM settings as the simulator does (one runSettingsFrom):
// a suite run against a server that never answers fails at the user's timeout, not the default
// 60 s (the panel once dropped the timeout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../test/mock-llm/server';
import { sampleAgent } from '../simulator/testing';
import { runSettingsFrom } from './run-settings';
import { createAppStore } from '../store/create';
import { DEFAULT_LLM } from '../store/slices/simulation';
import { runTests } from './suite-runner';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(() => mock.close());

describe('a suite run from the Tests panel', () => {
  it('honours the timeout and the step budget of the LLM settings', () => {
    const settings = runSettingsFrom({ ...DEFAULT_LLM, provider: 'openai', timeoutSeconds: 7, budgetSeconds: 2 }, 'sk-x', { today: '2026-12-01' }, { revision: 3 });
    expect(settings).toMatchObject({ provider: { provider: 'openai', timeoutMs: 7000, apiKey: 'sk-x', today: '2026-12-01' }, budgetMs: 2000, revision: 3 });
    // The offline model never gets the key.
    expect(runSettingsFrom(DEFAULT_LLM, 'sk-x', {}, { revision: 0 }).provider.apiKey).toBeUndefined();
  });

  it('fails a test at the user\'s timeout when the server never answers', async () => {
    mock.script([{ fault: { neverAnswer: true }, times: 0 }]);
    const store = createAppStore(sampleAgent());
    store.getState().setLlm({ provider: 'openai', baseUrl: mock.openaiBaseUrl, model: 'm', timeoutSeconds: 0.5 });
    store.getState().setApiKey('sk-test');
    const name = sampleAgent().tests![0].name;
    const started = Date.now();
    await runTests(store, [name], 1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const entry = store.getState().testResults[name];
    expect(entry?.runs).toHaveLength(1);
    expect(entry?.runs[0]).toMatchObject({ passed: false });
    expect(JSON.stringify(entry?.runs[0])).toMatch(/0\.5 s|timed out|timeout/i);
  }, 30_000);
});
