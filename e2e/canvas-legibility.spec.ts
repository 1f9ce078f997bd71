import { expect, test, type Locator, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';

// Issue 13, the canvas: readable at the zoom it opens at, fitted clear of the toolbar, new cards
// placed where they are seen, a minimap that can be hidden and keeps off the selection, a
// duplicate beside its original with the same tools, and "ends the call" on a stage with no way out.

const SHOTS = process.env.CANVAS_SHOTS ?? '/tmp/shots-h13c';
const stage = (page: Page, name: string) => page.getByTestId(`stage-node-${name}`);
const block = (page: Page, name: string) => page.getByTestId(`block-node-${name}`);

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (outer: Box, inner: Box) => inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The zoom as the canvas draws it (the viewport's CSS scale). */
const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

/** A text's size on screen: its CSS font size times the zoom. */
const screenFontPx = async (page: Page, locator: Locator) => (await locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))) * (await zoomOf(page));

async function zoomInUntil(page: Page, atLeast: number) {
  for (let i = 0; i < 10 && (await zoomOf(page)) < atLeast; i++) {
    await page.locator('.react-flow__controls-zoomin').click();
    await page.waitForTimeout(250);
  }
}

/** Drags the empty pane by (dx, dy), as a person pans the canvas. */
async function pan(page: Page, dx: number, dy: number) {
  const canvas = await box(page.getByTestId('canvas'));
  for (const [fx, fy] of [[0.5, 0.9], [0.3, 0.9], [0.5, 0.12], [0.85, 0.5], [0.15, 0.5]]) {
    const x = canvas.x + canvas.width * fx;
    const y = canvas.y + canvas.height * fy;
    const onPane = await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.classList.contains('react-flow__pane') ?? false, [x, y]);
    if (!onPane) continue;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 6 });
    await page.mouse.move(x + dx, y + dy, { steps: 6 });
    await page.mouse.up();
    return;
  }
  throw new Error('no empty spot to pan from');
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await expect(stage(page, 'greet')).toBeVisible();
});

test('at the zoom the sample opens at, cards show their names large and the rest only where it reads; zoomed in, all of it', async ({ page }) => {
  const zoom = await zoomOf(page);
  // Body text is 12 px: at this zoom it would read under 9 px.
  expect(zoom * 12).toBeLessThan(9);
  await page.screenshot({ path: `${SHOTS}/legible-default.png` });
  const name = stage(page, 'choose').locator('.cb-stage-name');
  await expect(name).toHaveText('choose');
  expect(await screenFontPx(page, name)).toBeGreaterThanOrEqual(12);
  expect(await screenFontPx(page, block(page, 'Booking').locator('.cb-block-name'))).toBeGreaterThanOrEqual(12);
  await expect(stage(page, 'choose')).toContainText('turn stage');
  await expect(stage(page, 'verify')).toContainText('wait stage');
  // The start of the instructions, where the card has room for it, large enough to read (issue 31).
  const far = stage(page, 'choose').locator('.cb-instructions');
  if (await far.isVisible()) expect(await screenFontPx(page, far)).toBeGreaterThanOrEqual(9);
  await expect(page.getByTestId('stage-choose-tool-book')).toBeHidden();

  await zoomInUntil(page, 0.75);
  await page.screenshot({ path: `${SHOTS}/legible-zoomed.png` });
  const instructions = page.locator('.cb-stage-node .cb-instructions:visible').first();
  await expect(instructions).toBeVisible();
  expect(await screenFontPx(page, instructions)).toBeGreaterThanOrEqual(9);
  await expect(page.locator('.cb-stage-node .cb-chip:visible').first()).toBeVisible();
  await expect(page.locator('.cb-stage-node .cb-far-kind:visible')).toHaveCount(0);
});

test('fit view leaves the toolbar clear: no block title sits under it', async ({ page }) => {
  // A wide, short window fits by height: the one where the top row of cards meets the toolbar.
  for (const size of [{ width: 1440, height: 900 }, { width: 1900, height: 720 }]) {
    await page.setViewportSize(size);
    await page.locator('.react-flow__controls-fitview').click();
    await page.waitForTimeout(400);
    const toolbar = await box(page.getByTestId('canvas-palette'));
    for (const name of ['Greeting', 'Identify', 'Booking', 'End']) {
      const title = await box(block(page, name).locator('.cb-block-head'));
      expect(intersects(title, toolbar), `${name}'s title under the toolbar at ${size.width}×${size.height}`).toBe(false);
      expect(title.y, `${name} below the toolbar`).toBeGreaterThan(toolbar.y + toolbar.height - 1);
    }
  }
  await page.screenshot({ path: `${SHOTS}/fit-view-wide.png` });
});

test('+ Stage and + Block put the new card in view, clear of the others, and select it', async ({ page }) => {
  // Close in on Booking, as a person would before adding to it.
  await page.getByTestId('outline-block-Booking').click();
  await page.waitForTimeout(500);
  const view = await box(page.locator('.react-flow'));
  await page.getByTestId('canvas-palette-add-stage').click();
  await expect(stage(page, 'stage')).toBeVisible();
  await page.waitForTimeout(400);
  const added = await box(stage(page, 'stage'));
  expect(inside(view, added), 'the new stage inside the canvas').toBe(true);
  expect(intersects(added, await box(page.getByTestId('canvas-palette')))).toBe(false);
  expect(intersects(added, await box(stage(page, 'choose')))).toBe(false);
  expect(await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'stage').blockId)).toBe('b_booking');
  expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'stage').id) }]);
  await page.screenshot({ path: `${SHOTS}/added-stage.png` });

  await page.getByTestId('canvas-palette-add-block').click();
  await expect(block(page, 'Block')).toBeVisible();
  await page.waitForTimeout(400);
  const newBlock = await box(block(page, 'Block'));
  expect(inside(view, newBlock), 'the new block inside the canvas').toBe(true);
  for (const name of ['Greeting', 'Identify', 'Booking', 'End']) {
    const other = await block(page, name).boundingBox();
    if (other) expect(intersects(newBlock, other), `on ${name}`).toBe(false);
  }
  expect(await appState(page, (s) => s.selection[0].kind)).toBe('block');
});

test('the minimap can be hidden, stays hidden after a reload, and moves off a selected card', async ({ page }) => {
  const minimap = page.locator('.react-flow__minimap');
  const toggle = page.getByTestId('canvas-minimap-toggle');
  await expect(minimap).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(minimap).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-label', 'Show the minimap');
  await page.reload();
  await expect(stage(page, 'greet')).toBeVisible();
  await expect(minimap).toHaveCount(0);
  await page.getByTestId('canvas-minimap-toggle').click();
  await expect(minimap).toBeVisible();

  // Select goodbye, then pan it under where the minimap sits: the minimap moves away.
  await stage(page, 'goodbye').locator('.cb-stage-name').click();
  const corner = await box(minimap);
  const card = await box(stage(page, 'goodbye'));
  await pan(page, corner.x + corner.width / 2 - (card.x + card.width / 2), corner.y + corner.height / 2 - (card.y + card.height / 2));
  await page.waitForTimeout(300);
  const moved = await box(stage(page, 'goodbye'));
  expect(intersects(moved, corner), 'the card is where the minimap was').toBe(true);
  await expect(minimap).toBeVisible();
  expect(intersects(moved, await box(minimap)), 'the minimap covers the selected card').toBe(false);
  await page.screenshot({ path: `${SHOTS}/minimap-moved.png` });
});

/** Pixels of the minimap's drawing in each block's tint and in the stage colour, read off its canvas. */
async function minimapPixels(page: Page) {
  return page.locator('.react-flow__minimap canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      colours.set(key, (colours.get(key) ?? 0) + 1);
    }
    return { distinct: colours.size, background: Math.max(...colours.values()), total: data.length / 4 };
  });
}

test('the minimap draws the cards, follows a moved card, and pans and zooms the canvas', async ({ page }) => {
  const minimap = page.locator('.react-flow__minimap');
  await expect(minimap).toBeVisible();
  await expect(minimap.locator('canvas')).toHaveAttribute('role', 'img');
  await page.waitForTimeout(300);
  const drawn = await minimapPixels(page);
  // Four tinted blocks and their stages on the panel colour: far from one flat fill.
  expect(drawn.distinct).toBeGreaterThan(6);
  expect(drawn.background).toBeLessThan(drawn.total * 0.9);

  // A card dragged far away: the minimap's picture changes with it.
  const before = await minimap.locator('canvas').screenshot();
  const card = await box(stage(page, 'goodbye'));
  await page.mouse.move(card.x + card.width * 0.3, card.y + 8);
  await page.mouse.down();
  await page.mouse.move(card.x + card.width * 0.3 - 120, card.y + 8 + 140, { steps: 6 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  expect((await minimap.locator('canvas').screenshot()).equals(before), 'the minimap still shows the card where it was').toBe(false);

  // Dragging inside the minimap pans the canvas; the wheel over it zooms.
  const viewport = () => page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
  const panned = await viewport();
  const mini = await box(minimap);
  await page.mouse.move(mini.x + mini.width / 2, mini.y + mini.height / 2);
  await page.mouse.down();
  await page.mouse.move(mini.x + mini.width / 2 + 30, mini.y + mini.height / 2 + 12, { steps: 5 });
  await page.mouse.up();
  await expect.poll(viewport).not.toBe(panned);
  const zoom = await zoomOf(page);
  await page.mouse.move(mini.x + mini.width / 2, mini.y + mini.height / 2);
  await page.mouse.wheel(0, -200);
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
  await page.screenshot({ path: `${SHOTS}/minimap-drawn.png` });
});

test('Ctrl+D puts the copy beside the original, not on it, offered the same tools', async ({ page }) => {
  // book offered in choose alone (a stage scope): the copy must be offered it too.
  await page.evaluate(() => (window as any).__callboard.store.getState().apply((doc: any) => ({
    ...doc, tools: doc.tools.map((t: any) => (t.id === 't_book' ? { ...t, scope: { kind: 'stages', stageIds: ['s_choose'] } } : t)),
  })));
  await page.getByTestId('outline-stage-choose').click();
  await page.waitForTimeout(400);
  await stage(page, 'choose').locator('.cb-stage-name').click();
  const chips = async (name: string) => stage(page, name).locator('.cb-chip:not(.more)').allTextContents();
  const original = await chips('choose');
  expect(original).toContain('book');
  await page.keyboard.press('Control+d');
  await expect(stage(page, 'choose_2')).toBeVisible();
  await page.waitForTimeout(400);
  expect(intersects(await box(stage(page, 'choose_2')), await box(stage(page, 'choose'))), 'the copy on its original').toBe(false);
  await expect(stage(page, 'choose_2').getByTestId('stage-choose_2-tool-book')).toBeVisible();
  expect(await chips('choose_2')).toEqual(original);
  await page.screenshot({ path: `${SHOTS}/duplicated.png` });
});

test('a stage no edge leaves says it ends the call, on its card and in the inspector, worded for the runtime', async ({ page }) => {
  await page.getByTestId('outline-stage-goodbye').click();
  await page.waitForTimeout(400);
  await expect(page.getByTestId('stage-ends-goodbye')).toHaveText(/ends the call/);
  await expect(page.getByTestId('stage-ends-choose')).toHaveCount(0);
  const inspector = page.getByTestId('stage-ends-call');
  await expect(inspector).toContainText('This stage ends the call.');
  await expect(inspector).toContainText('stays on it until it is hung up');
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  await expect(inspector).toContainText('says one reply, then the call ends');
  await expect(page.getByTestId('stage-ends-goodbye')).toHaveText(/ends the call/);
  await page.screenshot({ path: `${SHOTS}/ends-the-call.png` });
});
