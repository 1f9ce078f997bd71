import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appState } from './helpers';

/** The mock LLM (test/mock-llm) that playwright.config.ts starts on its own port. */
export const MOCK_URL = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 4418}`;

/** A key that must never leave the settings dialog for the document, a URL or (unremembered) storage. */
export const TEST_KEY = 'sk-callboard-e2e-SECRET-4242';

export interface MockTurn {
  match?: { toolChoice?: 'auto' | 'required' | 'none'; hasTools?: boolean; lastUserIncludes?: string; systemIncludes?: string; toolsInclude?: string; model?: string };
  reply?: { text?: string; toolCalls?: { name: string; arguments: object | string }[] };
  delayMs?: number;
  chunkDelayMs?: number;
  fault?: { status: number; retryAfter?: number; message?: string } | { neverAnswer: true } | { dropAfterChunks: number } | { stallAfterChunks: number };
  /** A server that keeps streaming (test/mock-llm/types.ts, MockFlood). */
  flood?: { bytes?: number; piece?: string; as?: 'text' | 'arguments'; delayMs?: number };
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

/**
 * Points the app at the mock through the ⚙ LLM dialog, as a user would: as an OpenAI-compatible
 * server (base URL …/v1, model mock-model) or as Anthropic (base URL of the server, model mock-claude).
 */
export async function useMockLlm(page: Page, options: { remember?: boolean; provider?: 'openai' | 'anthropic' } = {}) {
  const anthropic = options.provider === 'anthropic';
  const model = anthropic ? 'mock-claude' : 'mock-model';
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption(anthropic ? 'anthropic' : 'openai');
  await dialog.getByTestId('llm-base-url').fill(anthropic ? MOCK_URL : `${MOCK_URL}/v1`);
  await dialog.getByTestId('llm-model').fill(model);
  await dialog.getByTestId('llm-api-key').fill(TEST_KEY);
  if (options.remember) await dialog.getByTestId('llm-remember').check();
  await dialog.getByTestId('llm-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sim-provider')).toContainText(model);
}

/** A Pinecall booking from the choose stage: a search (announce, preview cut), an offer, the booking (confirm), goodbye. */
export const PINECALL_BOOKING: MockTurn[] = [
  OPENING,
  { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } },
  { reply: { text: 'Tuesday 09:00 with Dr. Vega or 10:30 with Dr. Ruiz?' } },
  { reply: { toolCalls: [{ name: 'book', arguments: { slot: 'Tuesday-1' } }] } },
  { reply: { text: 'See you on Tuesday. Goodbye!' } },
];

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

/**
 * Where `key` can be found in the page: the document, the URL, the HTML, cookies, local and session
 * storage, and every IndexedDB database and store (the saved projects). `databases` proves the
 * IndexedDB walk saw something, so an empty `found` is not vacuous.
 */
export function keyLeaks(page: Page, key: string = TEST_KEY): Promise<{ found: string[]; databases: string[] }> {
  return page.evaluate(async (secret) => {
    const found: string[] = [];
    const { doc } = (window as any).__callboard.store.getState();
    if (JSON.stringify(doc).includes(secret)) found.push('document');
    if (location.href.includes(secret)) found.push('url');
    if (document.documentElement.outerHTML.includes(secret)) found.push('page');
    if (document.cookie.includes(secret)) found.push('cookie');
    for (const [name, storage] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]] as const) {
      for (let i = 0; i < storage.length; i++) if (storage.getItem(storage.key(i)!)!.includes(secret)) found.push(`${name} ${storage.key(i)}`);
    }
    const databases = await indexedDB.databases();
    for (const info of databases) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const get = db.transaction(name).objectStore(name).getAll();
          get.onsuccess = () => resolve(get.result);
        });
        if (JSON.stringify(all).includes(secret)) found.push(`indexedDB ${info.name}/${name}`);
      }
      db.close();
    }
    return { found, databases: databases.map((d) => d.name ?? '') };
  }, key);
}
