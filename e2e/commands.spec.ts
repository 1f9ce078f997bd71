import { expect, test } from '@playwright/test';
import { COMMANDS, shortcutRows } from '../src/commands';
import { appState, openApp, select } from './helpers';

// The one command list (src/commands): the ? overlay shows it, the Ctrl+K palette runs it.

const SHOTS = process.env.COMMANDS_SHOTS ?? '/tmp/shots-commands';

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('Ctrl+K offers the commands: "undo" then Enter undoes the last change', async ({ page }) => {
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  expect(await appState(page, (s) => s.doc.target)).toBe('block-agent');

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('search-palette');
  await expect(page.getByTestId('search-input')).toBeFocused();
  // With nothing typed the Commands group is there beside the agent's blocks, stages and tools.
  await expect(palette.getByText('Commands', { exact: true })).toBeAttached();

  await page.keyboard.type('undo');
  const undo = page.getByTestId('search-item-command-undo');
  await expect(undo).toBeVisible();
  await expect(undo).toContainText('Undo');
  await expect(undo).toContainText('Ctrl/Cmd Z');
  // Enter takes the highlighted row: Undo, not a tool that happens to match.
  await expect(undo).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${SHOTS}/palette-undo.png` });
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  expect(await appState(page, (s) => s.doc.target)).toBe('pinecall');
});

test('a command picked in the palette may open a dialog of its own: the shortcuts', async ({ page }) => {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('command');
  for (const id of ['undo', 'redo', 'shortcuts']) await expect(page.getByTestId(`search-item-command-${id}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/palette-commands.png` });
  await page.getByTestId('search-input').fill('keyboard shortcuts');
  await expect(page.getByTestId('search-item-command-shortcuts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
  await expect(page.getByTestId('shortcuts')).toBeVisible();
});

test('the ? overlay lists every command\'s label and keys, from the one list', async ({ page }) => {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcuts');
  await expect(overlay).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shortcuts-overlay.png` });
  const rows = shortcutRows();
  await expect(overlay.locator('tr')).toHaveCount(rows.length);
  for (const command of COMMANDS) {
    const row = overlay.getByTestId(`shortcut-${command.id}`);
    await expect(row, command.id).toContainText(command.label);
    await expect(row, command.id).toContainText(command.shortcut.display);
  }
  // The gestures (Tab, double-click, shift-drag) are rows too.
  for (const row of rows) await expect(overlay.getByTestId(`shortcut-${row.id}`)).toContainText(row.keys);
});

/** Ctrl+K, the words a person types, Enter: the palette closes on the best row. */
async function paletteRun(page: import('@playwright/test').Page, words: string, expectedRow: string) {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.getByTestId('search-input').fill(words);
  await expect(page.getByTestId(`search-item-command-${expectedRow}`), words).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
}

test('Ctrl+K reaches every action of the workspace by the words a person types, with its keys where it has some (issue 31)', async ({ page }) => {
  await page.keyboard.press('Control+k');
  await page.getByTestId('search-input').fill('stage');
  // A keyed command shows its keys: + Stage is N.
  await expect(page.getByTestId('search-item-command-add-stage')).toContainText('Add a stage');
  await expect(page.getByTestId('search-item-command-add-stage').locator('.hint.kbd')).toHaveText('N');
  await page.keyboard.press('Escape');

  await paletteRun(page, 'import', 'import');
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  await paletteRun(page, 'export yaml', 'export-yaml');
  await expect(page.getByTestId('dock-tab-export')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('export-panel')).toContainText('Block Agent YAML');
  await paletteRun(page, 'export pinecall', 'export-ts');
  await expect.poll(() => appState(page, (s) => s.exportFormat)).toBe('ts');

  await paletteRun(page, 'simulate', 'open-simulator');
  await expect(page.getByTestId('dock-tab-simulator')).toHaveAttribute('aria-selected', 'true');

  const stages = await appState(page, (s) => s.doc.stages.length);
  await select(page, 'stage', 's_choose');
  await paletteRun(page, 'add stage', 'add-stage');
  await expect.poll(() => appState(page, (s) => s.doc.stages.length)).toBe(stages + 1);
  const blocks = await appState(page, (s) => s.doc.blocks.length);
  await paletteRun(page, 'new block', 'add-block');
  await expect.poll(() => appState(page, (s) => s.doc.blocks.length)).toBe(blocks + 1);

  const placed = await appState(page, (s) => JSON.stringify(s.doc.layout));
  await paletteRun(page, 'layout', 'auto-layout');
  // Laid out: the new block and stage, dropped where there was room, are put in their rows.
  await expect.poll(() => appState(page, (s) => JSON.stringify(s.doc.layout))).not.toBe(placed);
  await paletteRun(page, 'fit', 'fit-view');

  await paletteRun(page, 'add tool', 'add-tool');
  await expect(page.getByTestId('add-tool-chooser')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('add-tool-chooser')).toHaveCount(0);

  await paletteRun(page, 'switch runtime', 'switch-block-agent');
  await expect.poll(() => appState(page, (s) => s.doc.target)).toBe('block-agent');

  await paletteRun(page, 'new agent', 'new-agent');
  await expect(page.getByTestId('project-menu')).toBeVisible();
  await expect(page.getByTestId('project-menu')).toContainText(/template|sample|empty/i);
  await page.screenshot({ path: `${SHOTS}/palette-new-agent.png` });
});
