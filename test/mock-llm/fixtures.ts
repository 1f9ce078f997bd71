// Shared by the provider tests and the mock's own tests: a mock per test file, settings that
// point a provider at it, and a small request to send.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ProviderSettings } from '../../src/simulator/providers';
import type { ModelRequest, ToolSpec } from '../../src/simulator/types';
import { startMockLlm } from './server';
import type { MockLlm } from './types';

/** Starts one mock (on a free port) for the file, with an empty script before each test. */
export function startMockLlmPerFile(): () => MockLlm {
  let mock: MockLlm | undefined;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
  });
  afterAll(async () => {
    await mock?.close();
  });
  beforeEach(() => mock?.reset());
  return () => {
    if (!mock) throw new Error('The mock LLM is not started: call startMockLlmPerFile() at the top of the file.');
    return mock;
  };
}

export const TEST_KEY = 'sk-test-SECRET-4242-do-not-log';

export function settingsFor(provider: 'openai' | 'anthropic', mock: MockLlm, extra: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    provider,
    baseUrl: provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl,
    model: 'mock-model',
    apiKey: TEST_KEY,
    // Short, so a test of a silent server ends in a fraction of a second.
    timeoutMs: 2000,
    ...extra,
  };
}

export const bookTool: ToolSpec = {
  name: 'book_visit',
  description: 'Book a visit.',
  parameters: { type: 'object', properties: { date: { type: 'string' }, patient: { type: 'string' } }, required: ['date'] },
};

export const endTool: ToolSpec = { name: 'end_call', description: 'The caller is done.', parameters: { type: 'object', properties: {} } };

export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: 'You are Sofia, the front desk.',
    messages: [{ role: 'user', content: 'I need a visit on Friday.' }],
    tools: [bookTool, endTool],
    toolChoice: 'auto',
    ...overrides,
  };
}
