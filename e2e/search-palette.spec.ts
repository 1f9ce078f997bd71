import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select } from './helpers';

// Issue 13, point 9: Ctrl+K matches names and descriptions (and a tool's code), word by word,
// and ranks the name first: "slot" lists the two tools that hold the word, not 7 of the 8.

const SHOTS = process.env.SEARCH_SHOTS ?? '/tmp/shots-h13d';

async function search(page: Page, text: string) {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.getByTestId('search-input').fill(text);
}

const toolRows = (page: Page) => page.getByTestId('search-palette').locator('[data-testid^="search-item-tool-"]');

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('"slot" lists only the tools that hold the word, names before descriptions', async ({ page }) => {
  await search(page, 'slot');
  // free_slots by its name, book by its description ("Book one of the slots you offered").
  await expect(toolRows(page)).toHaveText([/^free_slots/, /^book/]);
  // Best of all is the state field slots, whose name starts with the word; the arrow goes on to free_slots.
  await expect(page.locator('[cmdk-item][aria-selected="true"]')).toHaveText(/^slots.*state field$/);
  await page.screenshot({ path: `${SHOTS}/search-slot.png` });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('search-item-tool-free_slots')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_slots' }]);
});

test('a word of a description finds its tool; a word in no name, description or code finds nothing', async ({ page }) => {
  await search(page, 'records');
  await expect(toolRows(page)).toHaveText([/^ehr/]);
  await page.getByTestId('search-input').fill('agenda');
  await expect(page.getByTestId('search-palette')).toContainText('Nothing matches');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
});

test('"agenda" finds the tool whose code calls the agenda, once the code says so', async ({ page }) => {
  await select(page, 'tool', 't_slots');
  await page.getByTestId('inspector-tab-code').click();
  await page.locator('[data-testid="code-editor"] .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('this.slots = await this.agenda().free(day, visit);\nreturn this.slots;');
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_slots').implementation)).toContain('agenda');
  await search(page, 'agenda');
  await expect(toolRows(page)).toHaveText([/^free_slots/]);
  await page.keyboard.press('Enter');
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_slots' }]);
});
