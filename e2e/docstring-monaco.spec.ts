import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select, typeDocstring } from './helpers';

// Issue 13, points 5, 8 and 9 in the inspector: fields one runtime ignores say so, hints follow the
// target, the docstring is edited in Monaco with the line the model reads under it, a tool
// condition's selects show whole names, the regex tester tests the empty string, the Code tab
// opens at its signature, and the TSX preview keeps its colours past an apostrophe.

const SHOTS = process.env.DOCSTRING_SHOTS ?? '/tmp/shots-h13d';

async function switchTarget(page: Page, label: 'Pinecall' | 'Block Agent' | 'Pipecat Flows') {
  await page.getByTestId('target-switch').getByRole('button', { name: label }).click();
}

async function noSeriousViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page }).exclude('.monaco-editor').include(within).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('Pinecall-only fields say so in Block Agent mode, Block-Agent-only ones in Pinecall mode', async ({ page }) => {
  await select(page, 'tool', 't_book');
  await page.getByTestId('inspector-tab-options').click();
  const tag = (key: string) => page.getByTestId(`field-${key}`).getByTestId('runtime-only');
  // Pinecall, the sample's target: its own fields are unmarked; the Block Agent fallback is marked.
  for (const key of ['tool-confirm', 'tool-announce', 'tool-preview', 'tool-when']) await expect(tag(key)).toHaveCount(0);
  await expect(tag('tool-fallback')).toHaveText('Block Agent only — not exported to the Pinecall class');

  await switchTarget(page, 'Block Agent');
  for (const key of ['tool-confirm', 'tool-announce', 'tool-preview', 'tool-timeout', 'tool-when', 'tool-pii']) {
    await expect(tag(key)).toHaveText('Pinecall only — not exported to Block Agent YAML');
  }
  await expect(tag('tool-fallback')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/inspector-options-block-agent.png` });
  expect(await noSeriousViolations(page, '[data-testid="inspector"]')).toEqual([]);
});

test('the agent name hint follows the target', async ({ page }) => {
  await select(page, 'agent');
  const hint = page.getByTestId('field-agent-name').locator('.insp-hint');
  await expect(hint).toHaveText('The Pinecall class name and slug derive from it.');
  await switchTarget(page, 'Block Agent');
  await expect(hint).toHaveText("A Block Agent file holds no name: it names the downloaded file (clinic-booking.yaml), and an import takes it back from the file's name.");
  await expect(hint).not.toContainText('Pinecall');
});

test('the docstring is edited in Monaco, with the line the model reads under it', async ({ page }) => {
  await select(page, 'tool', 't_book');
  const field = page.getByTestId('docstring-editor');
  // A light textarea on first paint; the first click loads Monaco in its place.
  await expect(field).toHaveAttribute('data-editor', 'textarea');
  await field.locator('textarea').click();
  await expect(field).toHaveAttribute('data-editor', 'monaco', { timeout: 30_000 });
  await expect(field.locator('.monaco-editor')).toBeVisible();
  await page.locator('[data-testid="docstring-monaco"] .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('Book one of the slots you offered.\nAsk the caller first.\n@remarks internal');
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description))
    .toBe('Book one of the slots you offered.\nAsk the caller first.\n@remarks internal');
  // Pinecall joins the lines and stops at the @tag: that one line is what the model reads.
  await expect(page.getByTestId('docstring-oneline')).toHaveText('Book one of the slots you offered. Ask the caller first.');
  await expect(page.getByTestId('docstring-rule')).toContainText('Pinecall joins the lines');
  await page.screenshot({ path: `${SHOTS}/inspector-docstring-monaco.png` });
  expect(await noSeriousViolations(page, '[data-testid="inspector"]')).toEqual([]);

  // Block Agent sends the description as written.
  await switchTarget(page, 'Block Agent');
  await expect(page.getByTestId('docstring-oneline')).toHaveText('Book one of the slots you offered.\nAsk the caller first.\n@remarks internal');
  await expect(page.getByTestId('docstring-rule')).toContainText('Block Agent sends the description as written');
  // Pipecat reads a function's description from its handler's docstring: its own words, not Block Agent's.
  await switchTarget(page, 'Pipecat Flows');
  await expect(page.getByTestId('docstring-rule')).toContainText('Pipecat sends the handler');
});

test('keys typed while Monaco takes the textarea\'s place are all kept, and the caret moves with them', async ({ page }) => {
  await select(page, 'tool', 't_book');
  const field = page.getByTestId('docstring-editor');
  const before: string = await appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description);
  await field.locator('textarea').click();
  await page.keyboard.press('ControlOrMeta+End');
  // Typed at once, as a person clicking in and typing does: Monaco loads meanwhile and swaps in at a pause.
  await page.keyboard.type(' Confirm the slot first.', { delay: 30 });
  await page.waitForTimeout(100);
  await page.keyboard.type(' Then book it.', { delay: 30 });
  await expect(field).toHaveAttribute('data-editor', 'monaco', { timeout: 30_000 });
  // The focus went with the swap: more typing lands in Monaco, after the rest.
  await expect(field.locator('.monaco-editor')).toHaveClass(/focused/);
  await page.keyboard.type(' Done.', { delay: 30 });
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description))
    .toBe(`${before} Confirm the slot first. Then book it. Done.`);
});

test('a tool condition shows the whole tool name in its select', async ({ page }) => {
  await select(page, 'edge', 'e_greet_identify');
  const tool = page.getByTestId('condition').first().getByLabel('Tool');
  await expect(tool).toHaveValue('t_intent');
  // The select is wider than its label (is_schedule_appointment) plus its arrow: nothing is cut.
  const room = await tool.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return el.clientWidth - ctx.measureText(el.selectedOptions[0].text).width;
  });
  expect(room).toBeGreaterThan(16);
  await page.screenshot({ path: `${SHOTS}/inspector-condition.png` });
});

test('the regex tester tests the empty string: the seed\'s ^[0-9]{4}$|^$', async ({ page }) => {
  await select(page, 'tool', 't_identity');
  await page.getByTestId('inspector-tab-params').click();
  const phone = page.getByTestId('param-phone');
  await phone.getByLabel('phone pattern').fill('^[0-9]{4}$|^$');
  const tester = phone.getByTestId('pattern-tester');
  await tester.getByTestId('pattern-sample-entry').fill('1990');
  await tester.getByTestId('pattern-sample-entry').press('Enter');
  await tester.getByRole('button', { name: 'Test the empty string' }).click();
  const samples = tester.getByTestId('pattern-sample');
  await expect(samples).toHaveCount(2);
  await expect(samples.nth(1).getByLabel('Sample (the empty string)')).toHaveValue('');
  await expect(samples.nth(1)).toHaveAttribute('data-match', 'true');
  await expect(tester.getByRole('button', { name: 'Test the empty string' })).toBeDisabled();
  // Without the |^$ alternative the empty string no longer matches.
  await phone.getByLabel('phone pattern').fill('^[0-9]{4}$');
  await expect(samples.nth(1)).toHaveAttribute('data-match', 'false');
  await expect(samples.nth(0)).toHaveAttribute('data-match', 'true');
});

test('the Code tab opens at the top, with the signature in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await select(page, 'tool', 't_slots');
  await page.getByTestId('inspector-tab-options').click();
  // Read the options to the bottom, then open the code.
  await page.getByTestId('inspector-panel-options').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect.poll(() => page.getByTestId('inspector-panel-options').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor')).toBeVisible({ timeout: 30_000 });
  const panel = page.getByTestId('inspector-panel-code');
  expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);
  const signature = panel.locator('.code-caption').first();
  await expect(signature).toContainText('async free_slots(day: string');
  const [caption, body] = [await signature.boundingBox(), await panel.boundingBox()];
  expect(caption!.y).toBeGreaterThanOrEqual(body!.y);
  await page.screenshot({ path: `${SHOTS}/inspector-code-top.png` });
});

test('the TSX preview keeps JSX text as text past an apostrophe', async ({ page }) => {
  await page.getByTestId('dock-tab-export').click();
  await page.getByTestId('export-format-ts').click();
  await expect(page.locator('.export-panel .monaco-editor')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    const editor = (window as any).monaco.editor.getEditors().find((e: any) => e.getModel()?.uri.path.endsWith('/preview/agent.tsx'));
    const line = editor.getModel().getLinesContent().findIndex((l: string) => l.includes("the caller's full name"));
    editor.revealLineInCenter(line + 1);
  });
  const line = page.locator('.export-panel .view-line', { hasText: "the caller's full name" });
  await expect(line).toBeVisible();
  // "caller's" is one piece of text: the apostrophe opened no string (it used to end the token).
  // Polled: a line revealed far down a model Monaco is still tokenizing in the background is first
  // drawn from a guessed tokenizer state (its viewport heuristic), then redrawn once the real state
  // reaches it.
  await expect.poll(async () => (await line.locator('span > span').allTextContents()).map((s) => s.replace(/\u00a0/g, ' ')).some((s) => s.includes("the caller's full"))).toBe(true);
  // The text is not coloured as a string: `"identify"`, before the element on that line, is one.
  const stringColor = await page.locator('.export-panel .view-line span > span', { hasText: '"identify"' }).first().evaluate((el) => getComputedStyle(el).color);
  const textColor = await line.locator('span > span', { hasText: "caller's full name" }).evaluate((el) => getComputedStyle(el).color);
  expect(textColor).not.toBe(stringColor);
  await page.screenshot({ path: `${SHOTS}/export-tsx.png` });
});

test('in the docstring Tab moves on to the next field, as in any text field: no tab character is typed (issue 31)', async ({ page }) => {
  await select(page, 'tool', 't_book');
  const field = page.getByTestId('docstring-editor');
  await field.locator('textarea').click();
  await expect(field).toHaveAttribute('data-editor', 'monaco', { timeout: 30_000 });
  await expect(field.locator('.monaco-editor')).toHaveClass(/focused/);
  const before: string = await appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description);
  await page.keyboard.press('Tab');
  await expect(field.locator('.monaco-editor')).not.toHaveClass(/focused/);
  expect(await page.evaluate(() => !!document.activeElement && !document.activeElement.closest('[data-testid="docstring-editor"]'))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(field.locator('.monaco-editor')).toHaveClass(/focused/);
  expect(await appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description)).toBe(before);
});

test('spaces typed at the ends of the docstring\'s lines are removed when the edit ends, with a note, and never reach the export (issue 31)', async ({ page }) => {
  await select(page, 'tool', 't_book');
  await typeDocstring(page, 'Book the slot the caller chose.   \nAsk them first.  ');
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description)).toBe('Book the slot the caller chose.   \nAsk them first.  ');
  await expect(page.getByTestId('docstring-trimmed')).toHaveCount(0);
  // The edit ends: the focus leaves the field.
  await page.getByTestId('inspector-title').click();
  await expect.poll(() => appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_book').description)).toBe('Book the slot the caller chose.\nAsk them first.');
  await expect(page.getByTestId('docstring-trimmed')).toContainText('would have gone into the export');
});
