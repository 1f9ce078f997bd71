import { expect, test, type Page } from '@playwright/test';
import { openApp } from './helpers';

// Issue 13, point 9: Undo says what it undid, and the selection follows it (no inspector left on
// "The selected stage no longer exists").

const stage = (page: Page, name: string) => page.getByTestId(`stage-node-${name}`);

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(stage(page, 'choose')).toBeVisible();
});

test('undo after a duplicate selects the original again and says what it undid', async ({ page }) => {
  await stage(page, 'choose').locator('.cb-stage-name').click();
  await page.keyboard.press('Control+d');
  await expect(stage(page, 'choose_2')).toBeVisible();
  await expect(page.getByTestId('inspector-title')).toHaveText('choose_2');

  await page.keyboard.press('Control+z');
  await expect(stage(page, 'choose_2')).toHaveCount(0);
  await expect(page.getByTestId('undo-status')).toHaveText('Undid: duplicate stage choose_2');
  await page.screenshot({ path: `${process.env.H13A_SHOTS ?? '/tmp/shots-h13a'}/undo-status.png` });
  await expect(page.getByTestId('inspector')).not.toContainText('no longer exists');
  await expect(page.getByTestId('inspector-title')).toHaveText('choose');

  await page.keyboard.press('Control+y');
  await expect(page.getByTestId('undo-status')).toHaveText('Redid: duplicate stage choose_2');
  await expect(page.getByTestId('inspector-title')).toHaveText('choose_2');
});

test('undo of an edit in the inspector names the entity edited, in a live region', async ({ page }) => {
  const status = page.getByTestId('undo-status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText('');
  await page.getByTestId('outline-stage-goodbye').click();
  await expect(page.getByTestId('inspector-title')).toHaveText('goodbye');
  const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
  await instructions.fill('Say goodbye.');
  await instructions.blur();
  // Another stage selected meanwhile: undo goes back to the stage it changed.
  await page.getByTestId('outline-stage-greet').click();
  await expect(page.getByTestId('inspector-title')).toHaveText('greet');
  await page.keyboard.press('Control+z');
  await expect(status).toHaveText('Undid: edit stage goodbye');
  await expect(page.getByTestId('inspector-title')).toHaveText('goodbye');
  await expect(instructions).toHaveValue(/Thank \{\{ caller_name \}\}/);
  // The note goes after a few seconds; the region stays for the next one.
  await expect(status).toHaveText('', { timeout: 8000 });
});
