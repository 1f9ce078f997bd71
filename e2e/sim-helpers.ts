import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appState } from './helpers';

/** The mock LLM (test/mock-llm) that playwright.config.ts starts on its own port. */
export const MOCK_URL = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4418}`;

/** A key that must never leave the settings dialog for the document, a URL or (unremembered) storage. */
export const TEST_KEY = 'sk-callboard-e2e-SECRET-4242';

export interface MockTurn {
  match?: { toolChoice?: 'auto' | 'required' | 'none'; hasTools?: boolean; lastUserIncludes?: string; systemIncludes?: string };
  reply?: { text?: string; toolCalls?: { name: string; arguments: object | string }[] };
  delayMs?: number;
  chunkDelayMs?: number;
  fault?: { status: number; message?: string } | { neverAnswer: true } | { dropAfterChunks: number };
  times?: number;
}

/** The sample agent speaks first ("Who speaks first: the agent"): its opening call is answered by this. */
export const OPENING: MockTurn = { reply: { text: 'Hello, Clínica Norte. How can I help?' } };

export async function scriptMock(request: APIRequestContext, turns: MockTurn[]) {
  await request.post(`${MOCK_URL}/__mock/reset`);
  const response = await request.post(`${MOCK_URL}/__mock/script`, { data: turns });
  expect(response.ok()).toBe(true);
}

/** The model requests the mock received, in order (bodies as the app sent them). */
export async function mockRequests(request: APIRequestContext): Promise<{ path: string; body: any; headers: Record<string, unknown> }[]> {
  return (await request.get(`${MOCK_URL}/__mock/requests`)).json();
}

/** Points the app at the mock through the ⚙ LLM dialog, as a user would. */
export async function useMockLlm(page: Page, options: { remember?: boolean } = {}) {
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption('openai');
  await dialog.getByTestId('llm-base-url').fill(`${MOCK_URL}/v1`);
  await dialog.getByTestId('llm-model').fill('mock-model');
  await dialog.getByTestId('llm-api-key').fill(TEST_KEY);
  if (options.remember) await dialog.getByTestId('llm-remember').check();
  await dialog.getByTestId('llm-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sim-provider')).toContainText('mock-model');
}

export async function openSimulator(page: Page) {
  await page.getByTestId('dock-tab-simulator').click();
  await expect(page.getByTestId('simulator')).toBeVisible();
}

/** Types a caller line and sends it with Enter, then waits for the step to finish. */
export async function say(page: Page, text: string, options: { wait?: boolean } = {}) {
  await page.getByTestId('sim-input').fill(text);
  await page.getByTestId('sim-input').press('Enter');
  if (options.wait !== false) await waitForStep(page);
}

export async function waitForStep(page: Page) {
  await page.waitForFunction(() => {
    const s = (window as any).__callboard.store.getState();
    return s.running === false && s.session !== null;
  });
}

/** Opens the call on another stage (the sample's booking stage sits behind a wait stage Pinecall skips). */
export async function startAt(page: Page, stageId: string) {
  await page.evaluate((id) => (window as any).__callboard.store.getState().apply((doc: any) => ({ ...doc, entryStageId: id })), stageId);
}

export const simState = (page: Page) => appState(page, (s) => ({ state: s.session?.state, stageId: s.session?.stageId, steps: s.steps.length }));
