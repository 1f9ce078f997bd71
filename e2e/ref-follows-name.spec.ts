import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';

// Issue 12, point 9: a ref Callboard made follows the name (the Ref field, the Export preview and
// the file agree); one typed by hand stays through renames; an emptied one follows again.

const nameInput = (page: Page) => page.getByTestId('field-stage-name').locator('input');
const refField = (page: Page) => page.getByTestId('field-stage-ref');
const refInput = (page: Page) => refField(page).locator('input');

/** The text of the Export preview's YAML model (src/panels/export/types.ts, PREVIEW_PATHS). */
function previewYaml(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path.startsWith('/callboard/preview/') && m.uri.path.endsWith('.yaml'))?.getValue());
}

/** Renames the selected stage as a user does: the name field commits on Enter. */
async function renameStage(page: Page, name: string) {
  await nameInput(page).fill(name);
  await nameInput(page).press('Enter');
  await expect(page.getByTestId('inspector-title')).toHaveText(name);
}

async function setRef(page: Page, ref: string) {
  await refInput(page).fill(ref);
  await refInput(page).press('Enter');
}

test('refs follow renamed stages until one is typed by hand; clearing it follows again', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('project-menu-button').click();
  await page.getByTestId('project-new').click();
  await page.getByTestId('new-agent-empty').click();
  await expect(page.getByTestId('canvas-empty')).toBeVisible();
  await page.getByTestId('canvas-palette-add-block').click();
  await page.getByTestId('canvas-palette-add-stage').click();
  await page.getByTestId('canvas-palette-add-stage').click();
  await expect.poll(() => appState(page, (s) => s.doc.stages.map((x: any) => x.ref))).toEqual(['stage', 'stage_2']);

  // The block's name field writes per keystroke, and its block_id follows each write.
  await page.getByTestId('outline-block-Block').click();
  await page.getByTestId('field-block-name').locator('input').fill('Intake');
  await expect(page.getByTestId('field-block-ref').locator('input')).toHaveValue('intake');

  await page.getByTestId('outline-stage-stage').click();
  await expect(refInput(page)).toHaveValue('stage');
  await expect(refField(page)).toContainText('Follows the name');
  await renameStage(page, 'ask_intent');
  await expect(refInput(page)).toHaveValue('ask_intent');

  // The rename and the ref it remade are one undo step.
  await page.getByTestId('undo').click();
  await expect(nameInput(page)).toHaveValue('stage');
  await expect(refInput(page)).toHaveValue('stage');
  await page.getByTestId('redo').click();
  await expect(refInput(page)).toHaveValue('ask_intent');

  await page.getByTestId('outline-stage-stage_2').click();
  await renameStage(page, 'collect_dob');
  await expect(refInput(page)).toHaveValue('collect_dob');

  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-yaml').click();
  await expect.poll(() => previewYaml(page)).toContain('turn_id: ask_intent');
  const yaml = (await previewYaml(page))!;
  expect(yaml).toContain('turn_id: collect_dob');
  expect(yaml).toContain('block_id: intake');
  expect(yaml).not.toContain('turn_id: stage');

  // Typed by hand: kept through the next rename, and the hint says how to undo that.
  await page.getByTestId('outline-stage-ask_intent').click();
  await setRef(page, 't_intent');
  await expect(refField(page)).toContainText('Kept through renames. Clear it to follow the name again.');
  await renameStage(page, 'ask_reason');
  await expect(refInput(page)).toHaveValue('t_intent');
  await expect.poll(() => previewYaml(page)).toContain('turn_id: t_intent');
  expect(await appState(page, (s) => s.doc.stages.map((x: any) => [x.name, x.ref]))).toEqual([['ask_reason', 't_intent'], ['collect_dob', 'collect_dob']]);

  // Emptied: the ref is made from the name again and follows it.
  await setRef(page, '');
  await expect(refInput(page)).toHaveValue('ask_reason');
  await expect(refField(page)).toContainText('Follows the name');
  await renameStage(page, 'ask_why');
  await expect(refInput(page)).toHaveValue('ask_why');
  await expect.poll(() => previewYaml(page)).toContain('turn_id: ask_why');
});
