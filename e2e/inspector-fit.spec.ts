import { expect, test, type Page } from '@playwright/test';
import { openApp, select } from './helpers';

// Issue 31: inspector fields were cut at the inspector's width ("caller_", "boolear"). An agent not
// written for this test, with long state names: every name, type and visibility reads whole.

const fixture = (path: string) => new URL(`../test/fixtures/${path}`, import.meta.url).pathname;
const SHOTS = process.env.INSPECTOR_SHOTS ?? '/tmp/shots-inspector';

async function importFile(page: Page, file: string) {
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('import-open-new')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
}

test('the agent\'s state table shows every field\'s whole name, type and visibility at the inspector\'s width', async ({ page }) => {
  await openApp(page);
  await importFile(page, fixture('offline-corpus-blind/power-outage.yaml'));
  await select(page, 'agent');
  const table = page.getByTestId('state-table');
  await expect(table.locator('.state-row:not(.head)')).not.toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/state-table.png` });
  // What each control shows against the room it has: an input's text, a select's chosen option.
  const cut = await table.evaluate((root) => {
    const out: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const row of root.querySelectorAll<HTMLElement>('.state-row:not(.head)')) {
      for (const control of row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=checkbox]), select')) {
        const style = getComputedStyle(control);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = control instanceof HTMLSelectElement ? control.selectedOptions[0]?.text ?? '' : control.value;
        const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (control instanceof HTMLSelectElement ? 18 : 0);
        if (canvas.measureText(text).width > room + 0.5) out.push(`${row.dataset.testid}: "${text}" needs ${Math.ceil(canvas.measureText(text).width)} px, has ${Math.floor(room)}`);
      }
    }
    return out;
  });
  expect(cut).toEqual([]);
});
