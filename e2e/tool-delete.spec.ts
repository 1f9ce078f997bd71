import { expect, test, type Page } from '@playwright/test';
import { openApp } from './helpers';

// Issue 13, point 1: a tool can be deleted from the outline, the inspector and a card's chip; the
// confirm lists what refers to it; one Ctrl+Z brings all of it back. Point 7: "+ Tool" says where
// the tool will be offered before adding it.

const SHOTS = process.env.H13A_SHOTS ?? '/tmp/shots-h13a';
const stage = (page: Page, name: string) => page.getByTestId(`stage-node-${name}`);
const dialog = (page: Page) => page.getByTestId('tool-delete-dialog');

/** Zooms in on a card with the mouse wheel, as a person would, until its tool chips are readable (semantic zoom hides them far out). */
async function zoomInOn(page: Page, name: string) {
  const chips = stage(page, name).locator('.cb-chips');
  for (let i = 0; i < 12 && !(await chips.isVisible()); i++) {
    const box = (await stage(page, name).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(150);
  }
  await expect(chips).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(stage(page, 'choose')).toBeVisible();
});

test('Delete on a tool in the outline asks, listing what refers to it; Ctrl+Z brings it all back', async ({ page }) => {
  await zoomInOn(page, 'choose');
  await page.getByTestId('outline-tool-book').click();
  await expect(page.getByTestId('inspector-title')).toHaveText('book');
  await page.keyboard.press('Delete');

  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText('Delete tool "book"?');
  await expect(page.getByTestId('tool-delete-removes')).toContainText('condition book = * names tool "book", which is deleted');
  await expect(page.getByTestId('tool-delete-changes')).toContainText('edge choose → goodbye left with no conditions');
  const dangling = page.getByTestId('tool-delete-dangling');
  await expect(dangling).toContainText('stage choose still names tool "book" in its instructions');
  await expect(dangling).toContainText('test books-thursday-cleaning still expects tool "book" to be called');
  await expect(dangling).toContainText('test identifies-the-caller still expects tool "book" not to be called');
  await expect(page.getByTestId('tool-delete-confirm')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/tool-delete-confirm.png` });

  await page.getByTestId('tool-delete-confirm').click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('outline-tool-book')).toHaveCount(0);
  await expect(stage(page, 'choose').getByTestId('stage-choose-tool-book')).toHaveCount(0);
  await expect(page.getByTestId('edge-label-e_choose_goodbye')).not.toContainText('book');
  // The deleted tool left the selection: the inspector shows the agent, not "no longer exists".
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-kind', 'agent');

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undo-status')).toHaveText('Undid: delete tool book');
  await expect(page.getByTestId('outline-tool-book')).toBeVisible();
  await expect(stage(page, 'choose').getByTestId('stage-choose-tool-book')).toBeVisible();
  await expect(page.getByTestId('edge-label-e_choose_goodbye')).toContainText('book');
  // The selection follows the undo: the tool is back in the inspector.
  await expect(page.getByTestId('inspector-title')).toHaveText('book');
});

test('Cancel keeps the tool; the inspector\'s Delete button deletes it', async ({ page }) => {
  await page.getByTestId('outline-tool-free_slots').click();
  await page.keyboard.press('Backspace');
  await page.getByTestId('tool-delete-cancel').click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('outline-tool-free_slots')).toBeVisible();

  await page.getByTestId('inspector-delete-tool').click();
  await expect(dialog(page).getByRole('heading')).toHaveText('Delete tool "free_slots"?');
  await expect(page.getByTestId('tool-delete-dangling')).toContainText('test books-thursday-cleaning still expects tool "free_slots" to be called');
  await page.getByTestId('tool-delete-confirm').click();
  await expect(page.getByTestId('outline-tool-free_slots')).toHaveCount(0);
  await expect(page.getByTestId('stage-choose-tool-free_slots')).toHaveCount(0);

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undo-status')).toHaveText('Undid: delete tool free_slots');
  await expect(page.getByTestId('outline-tool-free_slots')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('undo-status')).toHaveText('Redid: delete tool free_slots');
  await expect(page.getByTestId('outline-tool-free_slots')).toHaveCount(0);
});

test('Delete on a card\'s tool chip deletes that tool, not the card', async ({ page }) => {
  await zoomInOn(page, 'choose');
  const chip = page.getByTestId('stage-choose-tool-free_slots');
  await chip.click();
  await expect(chip).toBeFocused();
  await expect(page.getByTestId('inspector-title')).toHaveText('free_slots');
  await page.keyboard.press('Delete');
  await expect(dialog(page).getByRole('heading')).toHaveText('Delete tool "free_slots"?');
  // Enter answers the question the key asked.
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(chip).toHaveCount(0);
  await expect(stage(page, 'choose')).toBeVisible();
  await expect(page.getByTestId('outline-tool-free_slots')).toHaveCount(0);
  await expect(page.getByTestId('canvas-delete-dialog')).toHaveCount(0);

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undo-status')).toHaveText('Undid: delete tool free_slots');
  await expect(chip).toBeVisible();
});

test('"+ Tool" asks where the tool is offered: everywhere is the default; the new tool opens on its description', async ({ page }) => {
  await page.getByTestId('canvas-palette-add-tool').click();
  const chooser = page.getByTestId('add-tool-chooser');
  await expect(chooser).toContainText('Where will the model be offered the new tool?');
  await expect(page.getByTestId('add-tool-scope-all')).toHaveText('Offer everywhere (default)');
  await expect(page.getByTestId('add-tool-scope-all')).toBeFocused();
  // Nothing is selected, nor ever was: the narrower choice is to pick the stages after.
  await expect(chooser.getByRole('menuitem')).toHaveText(['Offer everywhere (default)', 'Only in stages I choose…']);
  await expect(page.getByTestId('outline-tool-new_tool')).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(chooser).toHaveCount(0);
  await expect(page.getByTestId('inspector-title')).toHaveText('new_tool');
  await expect(page.getByTestId('outline-tool-new_tool')).toBeVisible();
  // Where it is offered was just answered: what is left to write is its description, and the caret is there.
  const docstring = page.getByTestId('field-tool-description');
  await expect(docstring).toBeVisible();
  await expect(docstring.locator('textarea:focus, .monaco-editor.focused')).toHaveCount(1);
  await expect(page.getByTestId('field-tool-scope')).toHaveCount(0);
  await page.getByTestId('inspector-tab-options').click();
  await expect(page.getByTestId('field-tool-scope').getByRole('radio', { name: 'Everywhere' })).toHaveAttribute('aria-checked', 'true');

  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('undo-status')).toHaveText('Undid: add tool new_tool');
  await expect(page.getByTestId('outline-tool-new_tool')).toHaveCount(0);
});

test('"+ Tool" with a tool selected still offers the stage picked before it; "stages I choose" opens where it is offered', async ({ page }) => {
  await stage(page, 'choose').locator('.cb-stage-name').click();
  await page.getByTestId('outline-tool-book').click();
  await expect(page.getByTestId('inspector-title')).toHaveText('book');
  await page.getByTestId('canvas-palette-add-tool').click();
  const chooser = page.getByTestId('add-tool-chooser');
  await expect(chooser.getByRole('menuitem')).toHaveText(['Offer everywhere (default)', 'Only in stage choose', 'Only in block Booking']);
  await page.keyboard.press('Escape');

  await page.reload();
  await page.getByTestId('canvas-palette-add-tool').click();
  await page.getByTestId('add-tool-scope-pick').click();
  await expect(page.getByTestId('inspector-title')).toHaveText('new_tool');
  await expect(page.getByTestId('field-tool-scope').getByRole('radio', { name: 'In stages' })).toHaveAttribute('aria-checked', 'true');
});

test('"+ Tool" with a stage selected offers "Only in" that stage or its block, and Esc adds nothing', async ({ page }) => {
  await stage(page, 'choose').locator('.cb-stage-name').click();
  await page.getByTestId('canvas-palette-add-tool').click();
  const chooser = page.getByTestId('add-tool-chooser');
  await expect(chooser.getByRole('menuitem')).toHaveText(['Offer everywhere (default)', 'Only in stage choose', 'Only in block Booking']);
  await expect(page.getByTestId('add-tool-scope-all')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/add-tool-chooser.png` });

  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);
  await expect(page.getByTestId('canvas-palette-add-tool')).toBeFocused();
  // Esc closed the chooser only: the stage is still selected.
  await expect(page.getByTestId('inspector-title')).toHaveText('choose');
  await expect(page.getByTestId('outline-tool-new_tool')).toHaveCount(0);

  await page.getByTestId('canvas-palette-add-tool').click();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('add-tool-scope-stages')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector-title')).toHaveText('new_tool');
  await expect(page.getByTestId('field-tool-description')).toBeVisible();
  await page.getByTestId('inspector-tab-options').click();
  const offered = page.getByTestId('field-tool-scope');
  await expect(offered.getByRole('radio', { name: 'In stages' })).toHaveAttribute('aria-checked', 'true');
  await expect(offered).toContainText('choose');
  await page.screenshot({ path: `${SHOTS}/add-tool-added.png` });
});
