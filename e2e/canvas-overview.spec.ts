import { expect, test, type Page } from '@playwright/test';
import { generateAgent, stageId } from '../bench/generate-agent';
import { appState, openApp } from './helpers';

// Issue 16: zoomed far out (under 0.3), a big agent's cards and edges are drawn as one picture on a
// <canvas>; the DOM cards stay in place unpainted, so a person still clicks, drags and double-clicks
// them. Zoomed back in, the cards are the DOM's again.

const AGENT = generateAgent({ blocks: 24, stagesPerBlock: 8, globalTools: 2, tools: 24 });
const SHOTS = process.env.CANVAS_SHOTS ?? '/tmp/shots-overview';

const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

/** The drawing's pixel under a screen point: [r, g, b, a]. */
function pixelAt(page: Page, point: { x: number; y: number }) {
  return page.getByTestId('canvas-overview').evaluate((el, p) => {
    const canvas = el as HTMLCanvasElement;
    const box = canvas.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    return Array.from(canvas.getContext('2d')!.getImageData(Math.round((p.x - box.left) * ratio), Math.round((p.y - box.top) * ratio), 1, 1).data);
  }, point);
}

async function centreOf(page: Page, id: string) {
  const box = (await page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await page.evaluate((doc) => (window as any).__callboard.projects.openDocument(doc), AGENT as unknown);
  await expect(page.locator(`.react-flow__node[data-id="${stageId(0, 0)}"]`)).toHaveCount(1, { timeout: 30_000 });
  for (let i = 0; i < 12 && (await zoomOf(page)) >= 0.3; i++) {
    await page.locator('.react-flow__controls-zoomout').click();
    await page.waitForTimeout(150);
  }
  expect(await zoomOf(page)).toBeLessThan(0.3);
  await expect(page.getByTestId('canvas')).toHaveClass(/cb-overview/);
});

test('far out, the cards are drawn on one canvas and the DOM cards paint nothing', async ({ page }) => {
  const drawing = page.getByTestId('canvas-overview');
  await expect(drawing).toHaveAttribute('data-drawn', String(AGENT.blocks.length + AGENT.stages.length));
  await page.screenshot({ path: `${SHOTS}/overview.png` });
  // A card's own content is hidden; the drawing has the card where the DOM card sits, and nothing in the empty corner.
  await expect(page.getByTestId(`stage-node-${AGENT.stages[0].name}`)).toBeHidden();
  const at = await centreOf(page, stageId(1, 0));
  const [, , , alpha] = await pixelAt(page, at);
  expect(alpha).toBe(255);
  const pane = (await drawing.boundingBox())!;
  expect((await pixelAt(page, { x: pane.x + 5, y: pane.y + 5 }))[3]).toBe(0);
});

test('far out, a click on a drawn card selects it and a drag moves it', async ({ page }) => {
  const id = stageId(2, 1);
  const before = await appState(page, (s) => s.doc.layout.positions['stage-002-001']);
  const from = await centreOf(page, id);
  await page.mouse.click(from.x, from.y);
  await expect(page.getByTestId('field-stage-instructions')).toBeVisible();
  expect(await appState(page, (s) => s.selection.map((r: { id: string }) => r.id))).toEqual([id]);

  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // A short way, so the card stays in its block (a drop onto another block moves it there).
  await page.mouse.move(from.x + 6, from.y + 4, { steps: 3 });
  await page.mouse.move(from.x + 12, from.y + 8, { steps: 3 });
  await page.mouse.up();
  const after = await appState(page, (s) => s.doc.layout.positions['stage-002-001']);
  const zoom = await zoomOf(page);
  expect(Math.abs(after.x - before.x - 12 / zoom)).toBeLessThan(4 / zoom);
  expect(Math.abs(after.y - before.y - 8 / zoom)).toBeLessThan(4 / zoom);
  // The picture follows: the card is drawn where it now is.
  const moved = await centreOf(page, id);
  expect(moved.x).toBeGreaterThan(from.x + 8);
  await expect.poll(async () => (await pixelAt(page, moved))[3]).toBe(255);
});

test('far out, the card boxes leave the page while someone types elsewhere, and come back for the pointer and the keyboard', async ({ page }) => {
  const card = page.locator(`.react-flow__node[data-id="${stageId(1, 0)}"]`);
  const visibility = () => card.evaluate((el) => getComputedStyle(el).visibility);
  // Typing in the inspector: pointer over it, focus in one of its fields.
  const inspector = (await page.getByTestId('inspector').boundingBox())!;
  await page.mouse.move(inspector.x + inspector.width / 2, inspector.y + 40);
  const field = page.getByTestId('inspector').locator('input, textarea').first();
  await field.focus();
  await expect.poll(visibility).toBe('hidden');
  // The drawing still shows the cards meanwhile.
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-drawn', String(AGENT.blocks.length + AGENT.stages.length));
  // The pointer back over the canvas: the boxes are there to be clicked.
  const canvas = (await page.getByTestId('canvas').boundingBox())!;
  await page.mouse.move(canvas.x + 20, canvas.y + canvas.height - 20);
  await expect.poll(visibility).toBe('visible');
  await page.mouse.move(inspector.x + inspector.width / 2, inspector.y + 40);
  await expect.poll(visibility).toBe('hidden');
  // Focus leaving the field (towards the canvas, say) brings them back for the keyboard, and a card takes focus.
  await field.blur();
  await expect.poll(visibility).toBe('visible');
  await card.focus();
  await expect(card).toBeFocused();
});

test('zoomed back in, the DOM cards paint again and the drawing is gone', async ({ page }) => {
  for (let i = 0; i < 12 && (await zoomOf(page)) < 0.3; i++) {
    await page.locator('.react-flow__controls-zoomin').click();
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('canvas')).not.toHaveClass(/cb-overview/);
  await expect(page.getByTestId('canvas-overview')).toHaveCount(0);
  await expect(page.locator('.cb-stage-node:visible').first()).toBeVisible();
});

test('far out a big agent\'s React Flow holds no edge elements (the drawing has them); zoomed in, the edges are back on their cards', async ({ page }) => {
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);
  await expect(page.getByTestId('canvas-overview')).toHaveAttribute('data-drawn', String(AGENT.blocks.length + AGENT.stages.length));
  for (let i = 0; i < 12 && (await zoomOf(page)) < 0.3; i++) {
    await page.locator('.react-flow__controls-zoomin').click();
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('canvas')).not.toHaveClass(/cb-overview/);
  // The edges on screen are DOM again, each path from its source card to its target card (the
  // handles were measured while far out, with the cards' content unpainted).
  const dom = page.locator('.react-flow__edge:not(.code)');
  await expect(dom.first()).toBeAttached();
  const ids = await dom.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')!));
  let checked = 0;
  for (const id of ids) {
    if (checked === 3) break;
    const edge = AGENT.edges.find((e) => e.id === id);
    if (!edge || edge.from === edge.to) continue;
    // Both cards on screen (React Flow renders only what is in view on a big agent).
    if (!(await page.locator(`.react-flow__node[data-id="${edge.from}"]`).count()) || !(await page.locator(`.react-flow__node[data-id="${edge.to}"]`).count())) continue;
    const ends = await page.locator(`.react-flow__edge[data-id="${id}"] path`).first().evaluate((el) => {
      const path = el as SVGPathElement;
      const m = path.getScreenCTM()!;
      const at = (p: DOMPoint) => ({ x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f });
      return [at(path.getPointAtLength(0)), at(path.getPointAtLength(path.getTotalLength()))];
    });
    const near = async (nodeId: string, p: { x: number; y: number }) => {
      const box = await page.locator(`.react-flow__node[data-id="${nodeId}"]`).boundingBox();
      return !!box && p.x >= box.x - 12 && p.x <= box.x + box.width + 12 && p.y >= box.y - 12 && p.y <= box.y + box.height + 12;
    };
    const [fromNear, toNear] = [await near(edge.from, ends[0]), await near(edge.to, ends[1])];
    expect({ id, fromNear, toNear }).toEqual({ id, fromNear: true, toNear: true });
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});
