import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';

// Every canvas action from the keyboard alone: no mouse call anywhere in this file. Focus starts on
// the page and travels by Tab like a person's would.

const SHOTS = process.env.KEYBOARD_SHOTS ?? '/tmp/shots-a11y';

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-id') ?? null);

/** Presses Tab until the canvas node or edge `id` has focus (as a keyboard user would walk there). */
async function tabTo(page: Page, id: string) {
  for (let presses = 0; presses < 200; presses++) {
    if ((await focusedId(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${id}`);
}

interface EdgeEnds {
  id: string;
  from: string;
  to: string;
}
const position = (page: Page, id: string) => appState(page, (s) => s.doc.layout.positions).then((p) => p[id] as { x: number; y: number });
const edgesBetween = (page: Page, from: string, to: string) =>
  appState<EdgeEnds[]>(page, (s) => s.doc.edges).then((all) => all.filter((e) => e.from === from && e.to === to).map((e) => e.id));

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('stage-node-greet')).toBeVisible();
});

test('Tab reaches a stage, Space selects it, arrows move it (a held key is one undo step)', async ({ page }) => {
  await tabTo(page, 's_choose');
  // Focus alone changes nothing; Space selects.
  expect(await appState(page, (s) => s.selection)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/keyboard-focus.png` });
  await page.keyboard.press('Space');
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: 's_choose' }]);
  await expect(page.getByTestId('inspector-title')).toHaveText('choose');

  const before = await position(page, 's_choose');
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(() => position(page, 's_choose')).toEqual({ x: before.x, y: before.y + 40 });
  // A held key (repeats, then one release) is one undo step.
  for (let repeat = 0; repeat < 3; repeat++) await page.keyboard.down('ArrowRight');
  await page.keyboard.up('ArrowRight');
  await expect.poll(() => position(page, 's_choose')).toEqual({ x: before.x + 24, y: before.y + 40 });
  await expect(page.locator('.react-flow__node[data-id="s_choose"]')).toBeFocused();
  await page.keyboard.press('Control+z');
  expect(await position(page, 's_choose')).toEqual({ x: before.x, y: before.y + 40 });
  await page.keyboard.press('Control+z');
  expect(await position(page, 's_choose')).toEqual(before);
});

test('arrows on a focused stage move that stage, not what was selected before', async ({ page }) => {
  await tabTo(page, 's_greet');
  await page.keyboard.press('Space');
  await tabTo(page, 's_goodbye');
  const greet = await position(page, 's_greet');
  const goodbye = await position(page, 's_goodbye');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position(page, 's_goodbye')).toEqual({ x: goodbye.x - 8, y: goodbye.y });
  expect(await position(page, 's_greet')).toEqual(greet);
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: 's_goodbye' }]);
});

test('Enter on a focused stage opens it in the inspector with its first field focused', async ({ page }) => {
  await tabTo(page, 's_verify');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector-title')).toHaveText('verify');
  const name = page.getByTestId('field-stage-name').locator('input');
  await expect(name).toBeFocused();
  // The keyboard carries on editing there: a rename, committed with Enter.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('verify_identity');
  await page.keyboard.press('Enter');
  await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: { id: string }) => x.id === 's_verify').name)).toBe('verify_identity');
  await expect(page.getByTestId('stage-node-verify_identity')).toBeVisible();
});

test('C on a stage picks a target and connects, as one undo step; Esc cancels', async ({ page }) => {
  expect(await edgesBetween(page, 's_greet', 's_goodbye')).toEqual([]);
  await tabTo(page, 's_greet');

  // Esc leaves everything as it was and focus where it was.
  await page.keyboard.press('c');
  const picker = page.getByTestId('connect-picker');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('connect-filter')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(page.locator('.react-flow__node[data-id="s_greet"]')).toBeFocused();
  expect(await appState(page, (s) => s.doc.edges.length)).toBe(7);

  // Typing filters; the row Enter will take is marked.
  await page.keyboard.press('c');
  await page.keyboard.type('good');
  await expect(picker.getByRole('option')).toHaveText([/goodbye/]);
  await expect(page.getByTestId('connect-target-goodbye')).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${SHOTS}/keyboard-connect-picker.png` });
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);

  const [added] = await edgesBetween(page, 's_greet', 's_goodbye');
  expect(added).toBeTruthy();
  await expect(page.locator(`.react-flow__edge[data-id="${added}"]`)).toHaveCount(1);
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'edge', id: added }]);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-kind', 'edge');
  await expect(page.getByTestId('canvas-announcement')).toHaveText('Connected greet to goodbye; the new edge is selected');
  await expect(page.locator('.react-flow__node[data-id="s_greet"]')).toBeFocused();

  // Arrows walk the list: from greet, the second row is verify (greet itself, a loop, comes last).
  await page.keyboard.press('c');
  await expect(page.getByTestId('connect-target-identify')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('connect-target-verify')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => edgesBetween(page, 's_greet', 's_verify').then((ids) => ids.length)).toBe(1);

  // One Ctrl+Z per connection.
  await page.keyboard.press('Control+z');
  expect(await edgesBetween(page, 's_greet', 's_verify')).toEqual([]);
  expect(await edgesBetween(page, 's_greet', 's_goodbye')).toEqual([added]);
  await page.keyboard.press('Control+z');
  expect(await edgesBetween(page, 's_greet', 's_goodbye')).toEqual([]);
  await expect(page.locator(`.react-flow__edge[data-id="${added}"]`)).toHaveCount(0);
});

test('C without a stage says what to do', async ({ page }) => {
  await tabTo(page, 'b_booking');
  await page.keyboard.press('c');
  await expect(page.getByTestId('connect-picker')).toHaveCount(0);
  await expect(page.getByTestId('canvas-toast')).toContainText('focus or select one stage first');
});

test('Delete on a focused stage asks first; Enter confirms; focus stays on the canvas', async ({ page }) => {
  await tabTo(page, 's_choose');
  await page.keyboard.press('Delete');
  const dialog = page.getByTestId('canvas-delete-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('canvas-delete-confirm')).toBeFocused();
  // Esc keeps the stage and puts focus back on it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.react-flow__node[data-id="s_choose"]')).toBeFocused();
  expect(await appState(page, (s) => s.doc.stages.length)).toBe(5);

  await page.keyboard.press('Delete');
  await expect(page.getByTestId('canvas-delete-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stage-node-choose')).toHaveCount(0);
  expect(await appState(page, (s) => s.doc.stages.map((x: { name: string }) => x.name))).toEqual(['greet', 'identify', 'verify', 'goodbye']);
  await expect(page.getByTestId('canvas')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('stage-node-choose')).toBeVisible();
});

test('an edge is reached by Tab and deleted with Delete', async ({ page }) => {
  await tabTo(page, 'e_choose_giveup');
  await expect(page.locator('.react-flow__edge[data-id="e_choose_giveup"]')).toHaveAttribute('aria-label', /^Edge choose to goodbye/);
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('canvas-delete-dialog')).toHaveCount(0);
  await expect(page.getByTestId('edge-label-e_choose_giveup')).toHaveCount(0);
  expect(await appState(page, (s) => s.doc.edges.some((e: { id: string }) => e.id === 'e_choose_giveup'))).toBe(false);
});

test('the ? overlay lists the canvas keys, C among them', async ({ page }) => {
  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcuts');
  await expect(overlay).toContainText('Connect the focused or selected stage');
  await expect(overlay).toContainText('Open the focused one in the inspector');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
});
