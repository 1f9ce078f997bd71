import { expect, test, type Page } from '@playwright/test';
import { bigAgentWithOverride } from '../test/security/invisible-payloads';
import { openApp, tallerDock } from './helpers';

// Security issue 30, point 6, in the app: the Export preview marks an invisible character (Monaco's
// unicode highlighting, the decoration class `unicode-highlight`) at every size. A preview past
// 200,000 characters drops its colours for speed (ExportPanel.tsx, LARGE_PREVIEW) and used to drop
// this marking with them.

// Writing a big agent's export and Monaco's worker pass over it take seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

function previewText(page: Page, file: string): Promise<string | undefined> {
  return page.evaluate((name) => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === `/callboard/preview/${name}`)?.getValue(), file);
}

/** The unicode-highlight decorations Monaco holds on a preview model, as the text they cover. */
function highlighted(page: Page, file: string): Promise<string[]> {
  return page.evaluate((name) => {
    const model = (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === `/callboard/preview/${name}`);
    if (!model) return [];
    return model.getAllDecorations().filter((d: any) => d.options.className === 'unicode-highlight').map((d: any) => model.getValueInRange(d.range));
  }, file);
}

async function openAgentInExport(page: Page, doc: unknown, format: 'yaml' | 'ts') {
  await openApp(page);
  await page.evaluate((d) => (window as any).__callboard.store.getState().apply(() => d), doc);
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await expect(page.getByTestId('export-panel')).toBeVisible();
  await page.getByTestId(`export-format-${format}`).click();
}

test('a preview past 200,000 characters still marks a right-to-left override', async ({ page }, info) => {
  await openAgentInExport(page, bigAgentWithOverride(), 'yaml');
  await expect.poll(async () => (await previewText(page, 'agent.yaml'))?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(200_000);
  expect(await previewText(page, 'agent.yaml')).toContain('\u202E');
  // Monaco's decoration on the model, and drawn on the first screen, where the persona's first line stands.
  await expect.poll(() => highlighted(page, 'agent.yaml'), { timeout: 30_000 }).toContain('\u202E');
  await expect(page.locator('[data-testid="export-preview"] .view-overlays .unicode-highlight, [data-testid="export-preview"] .view-lines .unicode-highlight').first()).toBeAttached();
  // A picture to look at, kept with the test's output.
  await page.screenshot({ path: info.outputPath('large-preview-override.png') });
});
