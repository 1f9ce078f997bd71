import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openApp, select } from './helpers';
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

test('the inspector with a stage selected', async ({ page }) => {
  await select(page, 'stage', 's_choose');
  await expect(page.getByTestId('inspector-title')).toHaveText('choose');
  await expectNoSeriousViolations(page, 'inspector-stage');
});

test('the inspector with a tool selected, on each of its tabs', async ({ page }) => {
  await page.getByTestId('stage-choose-tool-book').click();
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
