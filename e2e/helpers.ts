import { expect, type Page } from '@playwright/test';

/** Small drivers shared by the specs (design.md convention 9). */
export async function openApp(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.locator('.topbar')).toBeVisible();
  await page.waitForFunction(() => (window as any).__callboard?.store.getState().loaded === true);
}

export function appState<T>(page: Page, read: (state: any) => T): Promise<T> {
  return page.evaluate(`(${read.toString()})(window.__callboard.store.getState())`) as Promise<T>;
}

/** Resolves when every change so far is saved to IndexedDB. */
export async function flushSaves(page: Page) {
  await page.evaluate(() => (window as any).__callboard.projects.flush());
}

export async function select(page: Page, kind: string, id?: string) {
  await page.evaluate(([k, i]) => (window as any).__callboard.store.getState().select({ kind: k, id: i }, { reveal: true }), [kind, id] as const);
}
