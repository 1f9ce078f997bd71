import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, emptyPanePoint } from './helpers';

// Issue 13: a context menu on a card, an edge and the pane, built from the command list (the same
// labels and keys as the ? overlay), opened by a right-click or from the keyboard.

const SHOTS = process.env.CANVAS_SHOTS ?? '/tmp/shots-h13c';
const stage = (page: Page, name: string) => page.getByTestId(`stage-node-${name}`);
const menu = (page: Page) => page.getByRole('menu');
const item = (page: Page, name: string | RegExp) => menu(page).getByRole('menuitem', { name });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-id') ?? null);

/** An empty spot of the canvas pane (nothing drawn under it). */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="canvas-context-menu"]').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(stage(page, 'greet')).toBeVisible();
});

test('right-click a card: it is selected and its menu lists its commands with their keys; choosing one runs it', async ({ page }) => {
  await stage(page, 'choose').locator('.cb-stage-name').click({ button: 'right' });
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAttribute('aria-label', 'Actions for stage choose');
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: 's_choose' }]);
  await expect(item(page, /Duplicate the selection/)).toContainText('Ctrl/Cmd D');
  await expect(item(page, /Delete the selection/)).toContainText('Delete / Backspace');
  await expect(item(page, /Connect/)).toBeVisible();
  // The pane's commands are not a card's.
  await expect(item(page, /^Undo/)).toHaveCount(0);
  await expect(item(page, /Add a block/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/menu-card.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await item(page, /Duplicate the selection/).click();
  await expect(menu(page)).toHaveCount(0);
  await expect(stage(page, 'choose_2')).toBeVisible();
  expect(await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'choose_2').blockId)).toBe('b_booking');
});

test('right-click an edge: its menu, by the stages\' names; Delete removes it', async ({ page }) => {
  await page.getByTestId('outline-stage-verify').click();
  await page.waitForTimeout(400);
  await page.getByTestId('edge-label-e_verify_choose').click({ button: 'right' });
  await expect(menu(page)).toHaveAttribute('aria-label', 'Actions for edge verify → choose');
  await expect(item(page, /Duplicate/)).toHaveCount(0);
  await item(page, /Delete the selection/).click();
  await expect(page.getByTestId('edge-label-e_verify_choose')).toHaveCount(0);
  expect(await appState(page, (s) => s.doc.edges.some((e: { id: string }) => e.id === 'e_verify_choose'))).toBe(false);
});

test('right-click the pane: add a block there, fit view, undo — and nothing that needs a selection', async ({ page }) => {
  const at = await emptyPanePoint(page);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  await expect(menu(page)).toHaveAttribute('aria-label', 'Actions for the canvas');
  for (const name of [/Add a block/, /Add a stage/, /Fit the whole agent in view/, /Arrange blocks and stages/, /^Undo/]) await expect(item(page, name)).toBeVisible();
  await expect(item(page, /Delete the selection/)).toHaveCount(0);
  await expect(item(page, /Duplicate/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/menu-pane.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Where the click was, on the canvas (flow coordinates): the view may pan to show the new block.
  const flowAt = await page.locator('.react-flow__viewport').evaluate((el, p) => {
    const [, x, y, zoom] = /translate\(([-\d.]+)px, ([-\d.]+)px\) scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)!.map(Number);
    const origin = el.parentElement!.getBoundingClientRect();
    return { x: (p.x - origin.left - x) / zoom, y: (p.y - origin.top - y) / zoom };
  }, at);
  await item(page, /Add a block/).click();
  const added = page.getByTestId('block-node-Block');
  await expect(added).toBeVisible();
  // Near where the menu was opened: its top edge centred on the click, or the nearest free spot.
  const id = await appState(page, (s) => s.selection[0].id);
  const placed = await appState(page, (s) => s.doc.layout.positions);
  const size = await appState(page, (s) => s.doc.layout.sizes);
  expect(Math.hypot(placed[id].x + size[id].width / 2 - flowAt.x, placed[id].y - flowAt.y)).toBeLessThan(size[id].width * 1.5);
  expect(await appState(page, (s) => s.selection[0].kind)).toBe('block');
  const view = (await page.locator('.react-flow').boundingBox())!;
  const box = (await added.boundingBox())!;
  expect(box.y + box.height, 'shown whole').toBeLessThanOrEqual(view.y + view.height);

  // Esc closes it, changing nothing.
  const again = await emptyPanePoint(page);
  await page.mouse.click(again.x, again.y, { button: 'right' });
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  expect(await appState(page, (s) => s.doc.blocks.length)).toBe(5);
});

test('from the keyboard: Shift+F10 on the focused card opens its menu; arrows move, Esc closes back to the card, Enter chooses', async ({ page }) => {
  for (let presses = 0; presses < 200 && (await focusedId(page)) !== 's_choose'; presses++) await page.keyboard.press('Tab');
  expect(await focusedId(page)).toBe('s_choose');
  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toHaveAttribute('aria-label', 'Actions for stage choose');
  const items = menu(page).getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  // The menu's arrows are its own: the card did not move.
  expect(await appState(page, (s) => s.canUndo)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  expect(await focusedId(page)).toBe('s_choose');

  await page.keyboard.press('ContextMenu');
  await expect(menu(page)).toBeVisible();
  const labels = await items.allTextContents();
  const copyAt = labels.findIndex((l) => l.startsWith('Duplicate the selection'));
  expect(copyAt).toBeGreaterThan(-1);
  for (let i = 0; i < copyAt; i++) await page.keyboard.press('ArrowDown');
  await expect(items.nth(copyAt)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(stage(page, 'choose_2')).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
});
