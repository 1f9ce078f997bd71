// Drives the app for the bench the way a user does (the ⚙ LLM dialog, the chat), with the bench's
// mock server and sentinel key (lib/env.ts) instead of the test suite's.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MOCK_URL, SENTINEL_KEY } from './env';

export async function openApp(page: Page, path = '/') {
  await page.goto(path);
  await page.waitForFunction(() => (window as any).__callboard?.store.getState().loaded === true);
}

export async function scriptMock(request: APIRequestContext, turns: unknown[]) {
  await request.post(`${MOCK_URL}/__mock/reset`);
  const response = await request.post(`${MOCK_URL}/__mock/script`, { data: turns });
  expect(response.ok()).toBe(true);
}

export async function useMockLlm(page: Page, provider: 'openai' | 'anthropic') {
  const anthropic = provider === 'anthropic';
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption(provider);
  await dialog.getByTestId('llm-base-url').fill(anthropic ? MOCK_URL : `${MOCK_URL}/v1`);
  await dialog.getByTestId('llm-model').fill(anthropic ? 'mock-claude' : 'mock-model');
  await dialog.getByTestId('llm-api-key').fill(SENTINEL_KEY);
  await dialog.getByTestId('llm-save').click();
  await expect(dialog).toBeHidden();
}

export async function openSimulator(page: Page) {
  await page.getByTestId('dock-tab-simulator').click();
  await expect(page.getByTestId('simulator')).toBeVisible();
}

export async function stepDone(page: Page) {
  await page.waitForFunction(() => {
    const s = (window as any).__callboard.store.getState();
    return s.running === false && s.session !== null;
  }, undefined, { polling: 'raf', timeout: 60_000 });
}

export async function say(page: Page, text: string) {
  await page.getByTestId('sim-input').fill(text);
  await page.getByTestId('sim-input').press('Enter');
  await stepDone(page);
}
