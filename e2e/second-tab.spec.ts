import { expect, test, type Page } from '@playwright/test';
import { appState, flushSaves, openApp } from './helpers';

// Issue 13, point 9: the read-only second tab takes no edits and says so; a tab another tab took
// over no longer says "Saved locally".
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h13e';

async function typeInPersona(page: Page, text: string) {
  await page.evaluate(() => (window as any).__callboard.store.getState().select(null));
  const persona = page.getByTestId('field-agent-persona').locator('textarea');
  await persona.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('the second tab', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opened read-only, it refuses edits with the reason, and its status says read-only; taken over, the first tab says so too', async ({ page: first, context }) => {
    await openApp(first);
    const persona = await appState(first, (s) => s.doc.persona);
    const second = await context.newPage();
    await openApp(second);
    await expect(second.getByTestId('save-status')).toHaveText('Read-only — open in another tab');
    const banner = second.getByTestId('tab-conflict-banner');
    await banner.getByRole('button', { name: 'Open read-only' }).click();
    await expect(banner).toContainText('This tab takes no edits');

    await typeInPersona(second, ' Typed in tab two.');
    await expect(second.getByTestId('field-agent-persona').getByRole('alert')).toHaveText('This tab is read-only: the agent is edited in another tab. Take over here (in the banner) to edit.');
    await expect(banner.getByTestId('edit-refused')).toHaveText('That edit was not made.');
    expect(await appState(second, (s) => s.doc.persona)).toBe(persona);
    // Undo has nothing to undo here either: the document is as the other tab saved it.
    await second.keyboard.press('Escape');
    await second.locator('body').click({ position: { x: 5, y: 300 } });
    await second.keyboard.press('ControlOrMeta+z');
    expect(await appState(second, (s) => s.doc.persona)).toBe(persona);
    await second.screenshot({ path: `${SHOTS}/second-tab-read-only.png` });
    await flushSaves(second);
    await expect(first.getByTestId('save-status')).toHaveText('Saved locally');

    // Take over here: the second tab edits; the first is now the read-only one and says so.
    await banner.getByRole('button', { name: 'Take over here' }).click();
    await expect(banner).toHaveCount(0);
    await expect(second.getByTestId('save-status')).toHaveText('Saved locally');
    await first.bringToFront();
    await expect(first.getByTestId('tab-conflict-banner')).toContainText('was taken over by another tab');
    await expect(first.getByTestId('save-status')).toHaveText('Read-only — open in another tab');
    await first.screenshot({ path: `${SHOTS}/first-tab-taken-over.png` });
  });
});
