import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select } from './helpers';

// The one dialog primitive (src/ui/Dialog.tsx) under every dialog: focus goes in on open and back
// to the opener on close; Esc and a press on the backdrop close; the page's own Esc stays out.

const focusIsIn = (page: Page, testId: string) => page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('the shortcuts overlay: a modal dialog that takes focus and gives it back to its button', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(await focusIsIn(page, 'shortcuts')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('LLM settings: Esc inside closes it and leaves the selection; a press on the backdrop closes it', async ({ page }) => {
  await select(page, 'stage', 's_choose');
  const opener = page.getByTestId('open-llm-settings');
  await opener.click();
  await expect(page.getByTestId('llm-provider')).toBeFocused();
  // From a button, not a field: the page's Esc would clear the selection if the dialog let it through.
  await page.getByTestId('llm-test').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('llm-dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: 's_choose' }]);

  await opener.click();
  await expect(page.getByTestId('llm-dialog')).toBeVisible();
  // Inside the dialog a press does nothing; on the backdrop it closes.
  await page.getByTestId('llm-dialog').locator('h2').click();
  await expect(page.getByTestId('llm-dialog')).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(page.getByTestId('llm-dialog')).toHaveCount(0);
});

test('Import: the paste field has focus on open; Esc closes from anywhere on the page', async ({ page }) => {
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-paste')).toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
});
