import { expect, test } from '@playwright/test';
import { appState, openApp, select } from './helpers';

// Issue 15, History: name a version, edit, see what changed since it, restore it as one undo step.
test('save a named version, edit, see the difference, restore and undo the restore', async ({ page }) => {
  await openApp(page);
  const greetId = await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'greet').id);
  const original = await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'greet').instructions);

  await page.getByTestId('dock-tab-versions').click();
  const panel = page.getByTestId('versions-panel');
  await panel.getByTestId('version-save-open').click();
  await panel.getByTestId('version-note').fill('before the warm greeting');
  await panel.getByTestId('version-save').click();
  await expect(panel.getByRole('status')).toHaveText('Version saved.');
  await expect(panel.getByTestId('version-row').filter({ hasText: 'before the warm greeting' })).toBeVisible();

  await select(page, 'stage', greetId);
  const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
  await instructions.click();
  await instructions.press('End');
  await instructions.pressSequentially(' Smile while you talk.');
  await instructions.blur();

  await panel.getByTestId('version-row').filter({ hasText: 'before the warm greeting' }).getByRole('button').click();
  const detail = panel.getByTestId('version-detail');
  await expect(detail.getByTestId('diff-row')).toHaveCount(1);
  await expect(detail.getByTestId('diff-row')).toContainText('stage greet: instructions');
  await expect(detail.locator('ins')).toContainText('Smile while you talk.');
  await page.screenshot({ path: test.info().outputPath('versions.png') });

  await detail.getByTestId('version-restore').click();
  await expect(panel.getByRole('status')).toContainText('Restored the version of');
  await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'greet').instructions)).toBe(original);
  await expect(detail.getByTestId('diff-empty')).toBeVisible();

  await page.keyboard.press('Control+z');
  await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'greet').instructions)).toBe(`${original} Smile while you talk.`);
});

test('edits become automatic versions, one per minute of editing, each saying what changed', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-01T09:00:00Z') });
  await openApp(page);
  const greetId = await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'greet').id);
  const flush = () => page.evaluate(() => (window as any).__callboard.versionRecorder.flush());
  const typeInGreet = async (text: string) => {
    await select(page, 'stage', greetId);
    const instructions = page.getByTestId('field-stage-instructions').locator('textarea');
    await instructions.click();
    await instructions.press('End');
    await instructions.pressSequentially(text);
    await instructions.blur();
    await flush();
  };
  await typeInGreet(' Be brief.');
  // Within the minute: the same burst, still one version.
  await page.clock.fastForward('00:20');
  await typeInGreet(' Really.');
  await page.getByTestId('dock-tab-versions').click();
  await expect(page.getByTestId('version-row')).toHaveCount(1);
  await page.clock.fastForward('02:00');
  await typeInGreet(' Smile.');
  await page.clock.fastForward('00:05');
  await expect(page.getByTestId('version-row')).toHaveCount(2);
  await expect(page.getByTestId('version-row').first()).toContainText('stage greet (instructions)');
});
