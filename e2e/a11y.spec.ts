import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { clickWhenStill, openApp, select } from './helpers';
import { openSimulator, say } from './sim-helpers';

// axe-core finds no serious or critical violation on each main screen. Moderate and minor findings
// (best practices such as "region") are reported by axe but not gated here.

const SHOTS = process.env.A11Y_SHOTS ?? '/tmp/shots-a11y';

// One axe scan of the whole page takes seconds, up to a minute on a busy machine.
test.describe.configure({ timeout: 360_000 });

/**
 * Scans the page as it stands. Monaco's editor DOM is left out: its hidden textarea, the
 * line-number gutter and the minimap canvas are Monaco's own markup (violations there are out of our
 * control); everything around the editors (labels, tabs, buttons) is ours and scanned.
 */
async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).exclude('.monaco-editor');
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`) }));
}

/** `within`: after a first whole-page scan, only the part that changed (a scan costs seconds). */
async function expectNoSeriousViolations(page: Page, shot: string, within?: string) {
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  expect.soft(await seriousViolations(page, within), shot).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('the canvas with the sample open', async ({ page }) => {
  await expect(page.getByTestId('edge-label-e_greet_identify')).toBeVisible();
  await expectNoSeriousViolations(page, 'canvas');
});

test('the canvas context menu, on a card and on the pane', async ({ page }) => {
  await page.getByTestId('stage-node-choose').locator('.cb-stage-name').click({ button: 'right' });
  await expect(page.getByTestId('canvas-context-menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'canvas-menu-card');
  await page.keyboard.press('Escape');
  await page.getByTestId('canvas').click({ button: 'right', position: { x: 400, y: 590 } });
  await expect(page.getByTestId('canvas-context-menu')).toHaveAttribute('aria-label', 'Actions for the canvas');
  await expectNoSeriousViolations(page, 'canvas-menu-pane', '[data-testid="canvas"]');
});

test('the inspector with a stage selected', async ({ page }) => {
  await select(page, 'stage', 's_choose');
  await expect(page.getByTestId('inspector-title')).toHaveText('choose');
  await expectNoSeriousViolations(page, 'inspector-stage');
});

test('the inspector with a tool selected, on each of its tabs', async ({ page }) => {
  // The opening zoom shows names only (semantic zoom): the Outline brings choose close, chips and all.
  await page.getByTestId('outline-stage-choose').click();
  // The outline pans the canvas to choose: the chip is clicked once it stands still.
  await clickWhenStill(page.getByTestId('stage-choose-tool-book'));
  await expect(page.getByTestId('inspector-title')).toHaveText('book');
  for (const tab of ['docs', 'params', 'options', 'code']) {
    await page.getByTestId(`inspector-tab-${tab}`).click();
    await expect(page.getByTestId(`inspector-panel-${tab}`)).toBeVisible();
    if (tab === 'code') await expect(page.locator('.monaco-editor').first()).toBeVisible();
    await expectNoSeriousViolations(page, `inspector-tool-${tab}`, tab === 'docs' ? undefined : '[data-testid="inspector"]');
  }
});

test('the simulator after a run on the offline model', async ({ page }) => {
  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
  await say(page, "Hi, I'd like to reserve a spot please.");
  await say(page, "I'm Dana Whitfield, you can reach me on 555 123 4567.");
  await expect(page.getByTestId('sim-agent-line').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'simulator');
});

test('the export preview, as YAML and as TypeScript', async ({ page }) => {
  await page.getByTestId('dock-tab-export').click();
  for (const format of ['yaml', 'ts']) {
    await page.getByTestId(`export-format-${format}`).click();
    await expect(page.getByTestId('export-path')).not.toBeEmpty();
    await expect(page.locator('.export-panel .monaco-editor').first()).toBeVisible();
    await expectNoSeriousViolations(page, `export-${format}`, format === 'yaml' ? undefined : '[data-testid="export-panel"]');
  }
});

test('the turn inspector with pii masked and revealed, and the change log (issue 13)', async ({ page }) => {
  await openSimulator(page);
  await say(page, "Hi, I'd like to reserve a spot please.");
  await say(page, "I'm Dana Whitfield, you can reach me on 555 123 4567.");
  await page.getByTestId('dock-tab-turns').click();
  await page.getByTestId('pii-reveal').click();
  await expect(page.getByTestId('pii-revealed')).toBeVisible();
  await expectNoSeriousViolations(page, 'turns-pii-revealed', '.dock');
  await page.getByTestId('dock-tab-changelog').click();
  await expectNoSeriousViolations(page, 'changelog-pii', '.dock');
});

test('the import dialog listing an error of what it read (issue 13)', async ({ page }) => {
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-paste').fill('- type: function\n  function:\n    name: bad name!\n    description: Use it.\n    parameters: {type: object, properties: {}}\n');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-problems-box')).toBeVisible();
  await expectNoSeriousViolations(page, 'import-problems', '[data-testid="import-dialog"]');
});

test('the tool delete confirm, and the "+ Tool" chooser', async ({ page }) => {
  await page.getByTestId('outline-tool-book').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('tool-delete-dangling')).toBeVisible();
  await expectNoSeriousViolations(page, 'tool-delete-confirm');
  await page.getByTestId('tool-delete-cancel').click();
  await select(page, 'stage', 's_choose');
  await page.getByTestId('canvas-palette-add-tool').click();
  await expect(page.getByTestId('add-tool-scope-stages')).toBeVisible();
  await expectNoSeriousViolations(page, 'add-tool-chooser', '[data-testid="canvas-palette"]');
});

test('the New agent chooser and the project list (issue 13)', async ({ page }) => {
  await page.getByTestId('project-menu-button').click();
  await page.getByTestId('project-new').click();
  await expect(page.getByTestId('new-agent-chooser')).toBeVisible();
  await expectNoSeriousViolations(page, 'new-agent-chooser', '[data-testid="project-menu"]');
});

test('the state panel’s Simulate from here, and the run it opens (issue 13)', async ({ page }) => {
  await openSimulator(page);
  await page.getByTestId('state-panel').getByLabel('Start at stage').selectOption({ label: 'choose' });
  await page.getByTestId('state-simulate-from-here').click();
  await expect(page.getByTestId('sim-limit')).toHaveText('Started at choose with the default state.');
  await expectNoSeriousViolations(page, 'simulate-from-here', '[data-testid="simulator"]');
});

test('the Problems panel with its note groups open, and Pinecall-only fields marked in Block Agent mode', async ({ page }) => {
  await page.getByTestId('dock-tab-problems').click();
  await page.getByTestId('problems-group-losses-toggle').click();
  await page.getByTestId('problems-group-other-runtime-toggle').click();
  await expect(page.getByTestId('problems-group-losses').getByTestId('problem-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'problems-note-groups', '[data-testid="problems-panel"]');
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  await select(page, 'tool', 't_book');
  await page.getByTestId('inspector-tab-options').click();
  await expect(page.getByTestId('field-tool-confirm').getByTestId('runtime-only')).toBeVisible();
  await expectNoSeriousViolations(page, 'inspector-runtime-only', '[data-testid="inspector"]');
});
