// The mock as a Playwright spec drives it: the server runs in Playwright's webServer process, so
// the spec scripts it over HTTP. Same shape as MockLlm, but every method is async.
import type { MockTurn, RecordedRequest } from './types';

export interface RemoteMockLlm {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  script(turns: MockTurn[]): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  reset(): Promise<void>;
}

/** Defaults to the server playwright.config.ts starts (E2E_MOCK_PORT, 4418). */
export function remoteMockLlm(url = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4418}`): RemoteMockLlm {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(url + path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`The mock LLM at ${url} answered ${response.status} to ${method} ${path}: ${await response.text()}`);
    return response.json();
  };
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    script: async (turns) => void (await call('POST', '/__mock/script', turns)),
    requests: () => call('GET', '/__mock/requests'),
    reset: async () => void (await call('POST', '/__mock/reset', {})),
  };
}
