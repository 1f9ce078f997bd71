import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appState, clickEdgeLabel, openApp, select } from './helpers';

// Issue 15, in the app: compare the open agent with a saved version on the canvas — marked cards,
// a removed edge as a ghost, the list, one difference side by side, and what the model sees.
// Serious or critical axe findings in the compare view (Monaco's own markup left out, as in a11y.spec.ts).
async function compareViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="compare-side"]').include('[data-testid="compare-banner"]').exclude('.monaco-editor').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const NEW_DESCRIPTION = 'Book the chosen slot, then confirm aloud.';

test('compare on canvas: the overlay, the list, side by side, what the model sees, close', async ({ page }) => {
  await openApp(page);
  const oldDescription: string = await appState(page, (s) => s.doc.tools.find((t: { id: string }) => t.id === 't_book').description);

  await page.getByTestId('dock-tab-versions').click();
  const versions = page.getByTestId('versions-panel');
  await versions.getByTestId('version-save-open').click();
  await versions.getByTestId('version-note').fill('before review');
  await versions.getByTestId('version-save').click();
  await expect(versions.getByRole('status')).toHaveText('Version saved.');

  // Edit a docstring (the book tool's description) and a stage's instructions in the inspector.
  await select(page, 'tool', 't_book');
  const docstring = page.getByTestId('field-tool-description').locator('textarea');
  await docstring.fill(NEW_DESCRIPTION);
  await docstring.blur();
  await select(page, 'stage', 's_greet');
  const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
  await instructions.click();
  await instructions.press('End');
  await instructions.pressSequentially(' Smile.');
  await instructions.blur();
  // Delete an edge on the canvas.
  await clickEdgeLabel(page, 'e_verify_goodbye');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('edge-label-e_verify_goodbye')).toHaveCount(0);

  await versions.getByTestId('version-row').filter({ hasText: 'before review' }).getByRole('button').click();
  await versions.getByTestId('version-compare').click();

  const banner = page.getByTestId('compare-banner');
  await expect(banner).toContainText('Comparing with the version of');
  await expect(banner).toContainText('(before review) — 3 differences');
  // The changed card is marked, the others are not.
  await expect(page.locator('.react-flow__node[data-id="s_greet"]')).toHaveClass(/cb-diff-changed/);
  await expect(page.locator('.react-flow__node[data-id="s_identity"]')).not.toHaveClass(/cb-diff/);
  // The changed tool's chip is outlined.
  const chip = page.locator('[data-tool-id="t_book"]').first();
  await expect.poll(() => chip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  // The removed edge is a dashed ghost between the cards it joined, and cannot be picked.
  const ghostEdge = page.locator('.react-flow__edge.cb-diff-ghost');
  await expect(ghostEdge).toHaveCount(1);
  await expect(ghostEdge).toHaveAttribute('data-id', 'ghost:e_verify_goodbye');
  // Its label is the canvas's own (hidden while zoomed far out, as every edge label is).
  await expect(page.getByTestId('edge-label-ghost:e_verify_goodbye')).toBeAttached();
  expect(await ghostEdge.locator('path.cb-edge-path').evaluate((el) => getComputedStyle(el).strokeDasharray)).not.toBe('none');
  await page.screenshot({ path: test.info().outputPath('compare-overlay.png') });

  // The list beside it; the tool row opens old and new side by side in Monaco's diff editor.
  const side = page.getByTestId('compare-side');
  await expect(side.getByTestId('diff-row')).toHaveCount(3);
  await expect(side.getByTestId('diff-row').filter({ hasText: 'edge verify → goodbye' })).toContainText('removed');
  await side.getByRole('button', { name: 'tool book: description' }).click();
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_book' }]);
  const sideBySide = page.getByTestId('compare-side-by-side');
  const editor = sideBySide.getByTestId('compare-diff-editor');
  await expect(editor.locator('.editor.original .view-lines')).toContainText(oldDescription.split(' ').slice(0, 3).join(' '));
  await expect(editor.locator('.editor.modified .view-lines')).toContainText('confirm aloud');
  await page.screenshot({ path: test.info().outputPath('compare-side-by-side.png') });
  expect(await compareViolations(page)).toEqual([]);

  // What the model sees: the stage offering book shows the new description in its tools JSON.
  await side.getByTestId('compare-tab-model').click();
  const choose = side.locator('[data-testid="model-sees-stage"][data-stage="choose"]');
  await expect(choose.getByTestId('model-sees-tools').locator('.editor.original .view-lines')).toContainText(oldDescription.split(' ').slice(0, 3).join(' '));
  await expect(choose.getByTestId('model-sees-tools').locator('.editor.modified .view-lines')).toContainText('confirm aloud');
  await expect(side.locator('[data-testid="model-sees-stage"][data-stage="greet"]')).toContainText('Prompt');
  await expect(side.getByTestId('model-sees-unchanged')).toContainText('unchanged');
  await page.screenshot({ path: test.info().outputPath('compare-model-sees.png') });
  expect(await compareViolations(page)).toEqual([]);

  // The list folds away (the whole canvas for the overlay) and comes back.
  await page.getByTestId('compare-fold').click();
  await expect(side).toHaveCount(0);
  await expect(page.locator('.react-flow__edge.cb-diff-ghost')).toHaveCount(1);
  await page.getByTestId('compare-fold').click();
  await expect(side).toBeVisible();

  await page.getByTestId('compare-close').click();
  await expect(banner).toHaveCount(0);
  await expect(page.locator('.react-flow__edge.cb-diff-ghost')).toHaveCount(0);
  await expect(page.locator('.react-flow__node[data-id="s_greet"]')).not.toHaveClass(/cb-diff/);
});
