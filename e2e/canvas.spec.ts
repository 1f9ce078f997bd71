import { expect, test, type Locator, type Page } from '@playwright/test';
import { appState, clickWhenStill, openApp, emptyPanePoint } from './helpers';

const stage = (page: Page, name: string) => page.getByTestId(`stage-node-${name}`);
const block = (page: Page, name: string) => page.getByTestId(`block-node-${name}`);

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The centre of a card once it stops moving (two animation frames in a row at the same place). */
async function restingCentre(page: Page, locator: Locator) {
  let last = '';
  await expect.poll(async () => {
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const now = JSON.stringify(await locator.boundingBox());
    const still = now === last;
    last = now;
    return still;
  }).toBe(true);
  return centre(locator);
}

/** A mouse drag in small steps, as a person would (xyflow needs moves between down and up). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** An empty spot of the canvas pane (nothing drawn under it). */

test.describe('the canvas', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await expect(stage(page, 'greet')).toBeVisible();
  });

  test('draws the sample: blocks, stages, entry marker, labelled edges, problem badges', async ({ page }) => {
    for (const name of ['Greeting', 'Identify', 'Booking', 'End']) await expect(block(page, name)).toBeVisible();
    for (const name of ['greet', 'identify', 'verify', 'choose', 'goodbye']) await expect(stage(page, name)).toBeVisible();
    await expect(page.getByTestId('stage-entry-greet')).toBeVisible();
    await expect(page.getByTestId('edge-label-e_greet_identify')).toContainText('schedule_appointment = true');
    await expect(page.getByTestId('edge-label-e_choose_goodbye')).toContainText('book ✓');
    await expect(page.getByTestId('edge-label-e_greet_loop')).toContainText('"The caller has not yet');
    await expect(page.getByTestId('edge-label-e_verify_choose')).toContainText('ext = verified');
    await expect(page.getByTestId('edge-label-e_choose_giveup')).toContainText('2');
    await expect(page.getByTestId('stage-problems-verify')).toBeVisible();
    await expect(page.getByTestId('canvas-empty')).toHaveCount(0);
  });

  test('selection follows the canvas and the outline both ways; a tool chip selects its tool', async ({ page }) => {
    await stage(page, 'choose').locator('.cb-stage-name').click();
    await expect.poll(() => appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: 's_choose' }]);
    await expect(page.getByTestId('outline-stage-choose')).toHaveAttribute('aria-selected', 'true');
    // Shift held before the click, as a person holds it: React Flow reads it from its own key
    // listener, so it must have seen the key go down (two frames drawn since) before the click.
    await page.keyboard.down('Shift');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
    await stage(page, 'goodbye').locator('.cb-stage-name').click();
    await page.keyboard.up('Shift');
    await expect.poll(() => appState(page, (s) => s.selection.map((r: { id: string }) => r.id))).toEqual(['s_choose', 's_goodbye']);
    await page.getByTestId('outline-stage-verify').click();
    await expect(stage(page, 'verify').locator('.cb-stage')).toHaveClass(/selected/);
    await expect(stage(page, 'choose').locator('.cb-stage')).not.toHaveClass(/selected/);
    // The outline's pick pans the canvas to verify: the chip is clicked once the view is still.
    await clickWhenStill(page.getByTestId('stage-verify-tool-collect_identity'));
    await expect.poll(() => appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_identity' }]);
  });

  test('Shift-drag on the pane box-selects what it encloses', async ({ page }) => {
    const box = (await block(page, 'Identify').boundingBox())!;
    await page.keyboard.down('Shift');
    await drag(page, { x: box.x - 12, y: box.y - 12 }, { x: box.x + box.width + 12, y: box.y + box.height + 12 });
    await page.keyboard.up('Shift');
    const ids = await appState(page, (s) => s.selection.filter((r: { kind: string }) => r.kind !== 'edge').map((r: { id: string }) => r.id).sort());
    expect(ids).toEqual(['b_identify', 's_identity', 's_verify']);
    await expect(page.getByTestId('outline-stage-verify')).toHaveAttribute('aria-selected', 'true');
  });

  test('dragging a stage into another block moves it there, as one undo step', async ({ page }) => {
    const booking = await appState(page, (s) => s.doc.layout.positions.b_booking);
    const chooseAt = await appState(page, (s) => s.doc.layout.positions.s_choose);
    const grab = await centre(stage(page, 'choose').locator('.cb-stage-name'));
    const card = await centre(stage(page, 'choose'));
    const target = await centre(block(page, 'End'));
    // The drop (the position, the new block, the blocks fitted) is one document write, not one per step.
    await page.evaluate(() => {
      const w = window as any;
      w.__docWrites = 0;
      w.__stopCounting = w.__callboard.store.subscribe((s: any, p: any) => { if (s.doc !== p.doc) w.__docWrites++; });
    });
    await drag(page, grab, { x: target.x + (grab.x - card.x), y: target.y + (grab.y - card.y) });
    await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: { id: string }) => x.id === 's_choose').blockId)).toBe('b_end');
    expect(await page.evaluate(() => { (window as any).__stopCounting(); return (window as any).__docWrites; })).toBe(1);
    expect(await appState(page, (s) => s.doc.layout.positions.b_booking)).toEqual(booking);
    await page.keyboard.press('Control+z');
    await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: { id: string }) => x.id === 's_choose').blockId)).toBe('b_booking');
    expect(await appState(page, (s) => s.doc.layout.positions.s_choose)).toEqual(chooseAt);
  });

  test('a drag is one undo step: Ctrl+Z restores the positions, Ctrl+Shift+Z moves again', async ({ page }) => {
    const before = await appState(page, (s) => s.doc.layout.positions.b_end);
    const header = await centre(block(page, 'End').locator('.cb-block-name'));
    await drag(page, header, { x: header.x + 60, y: header.y + 90 });
    const after = await appState(page, (s) => s.doc.layout.positions.b_end);
    expect(after).not.toEqual(before);
    await page.keyboard.press('Control+z');
    await expect.poll(() => appState(page, (s) => s.doc.layout.positions.b_end)).toEqual(before);
    expect(await appState(page, (s) => s.canUndo)).toBe(false);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => appState(page, (s) => s.doc.layout.positions.b_end)).toEqual(after);
  });

  test('resizing a block is one undo step too', async ({ page }) => {
    await block(page, 'End').locator('.cb-block-name').click();
    const before = await appState(page, (s) => s.doc.layout.sizes.b_end);
    const corner = await centre(block(page, 'End').locator('.react-flow__resize-control.handle.bottom.right'));
    await drag(page, corner, { x: corner.x + 70, y: corner.y + 50 });
    const after = await appState(page, (s) => s.doc.layout.sizes.b_end);
    expect(after.width).toBeGreaterThan(before.width);
    expect(after.height).toBeGreaterThan(before.height);
    await page.keyboard.press('Control+z');
    await expect.poll(() => appState(page, (s) => s.doc.layout.sizes.b_end)).toEqual(before);
    expect(await appState(page, (s) => s.canUndo)).toBe(false);
  });

  test('dragging from one handle to another connects two stages', async ({ page }) => {
    const edges = await appState(page, (s) => s.doc.edges.length);
    const from = await centre(stage(page, 'goodbye').locator('.react-flow__handle.source'));
    const to = await centre(stage(page, 'identify').locator('.react-flow__handle.target'));
    await drag(page, from, to);
    await expect.poll(() => appState(page, (s) => s.doc.edges.length)).toBe(edges + 1);
    const added = await appState(page, (s) => s.doc.edges[s.doc.edges.length - 1]);
    expect(added).toMatchObject({ from: 's_goodbye', to: 's_identity', kind: 'edge', conditions: [] });
    await expect(page.getByTestId(`edge-label-${added.id}`)).toContainText('always');
  });

  test('+ Block and a double-click on the empty canvas add blocks; + Stage and a double-click in a block add stages', async ({ page }) => {
    await page.getByTestId('canvas-palette-add-block').click();
    await expect(block(page, 'Block')).toBeVisible();
    const made = await appState(page, (s) => s.selection[0]);
    expect(made.kind).toBe('block');

    await page.getByTestId('canvas-palette-add-stage').click();
    await expect(stage(page, 'stage')).toBeVisible();
    expect(await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'stage').blockId)).toBe(made.id);
    expect(await appState(page, (s) => s.selection[0].kind)).toBe('stage');

    await page.getByTestId('canvas-palette-add-wait-stage').click();
    await expect(stage(page, 'stage_2')).toBeVisible();
    expect(await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'stage_2').kind)).toBe('wait');

    const blocks = await appState(page, (s) => s.doc.blocks.length);
    await page.mouse.dblclick(...Object.values(await emptyPanePoint(page)) as [number, number]);
    await expect.poll(() => appState(page, (s) => s.doc.blocks.length)).toBe(blocks + 1);
    await expect(block(page, 'Block_2')).toBeVisible();
    const second = await appState(page, (s) => s.doc.blocks[s.doc.blocks.length - 1].id);
    await expect(block(page, 'Block_2').locator('.cb-block-empty')).toHaveText('Double-click to add a stage');

    // A new block partly out of view is panned into it (useRevealNew): aim once it has come to rest.
    const hint = await restingCentre(page, block(page, 'Block_2').locator('.cb-block-empty'));
    await page.mouse.dblclick(hint.x, hint.y);
    await expect.poll(() => appState(page, (s) => s.doc.stages.filter((x: { blockId: string }) => x.blockId === s.doc.blocks[s.doc.blocks.length - 1].id).length)).toBe(1);
    const inside = await appState(page, (s) => s.selection[0]);
    expect(inside.kind).toBe('stage');
    expect(await appState(page, (s) => s.doc.stages.find((x: { id: string }) => x.id === s.selection[0].id).blockId)).toBe(second);
  });

  test('+ Tool adds a tool scoped to the selected block, when chosen', async ({ page }) => {
    await block(page, 'Booking').locator('.cb-block-name').click();
    await page.getByTestId('canvas-palette-add-tool').click();
    await page.getByRole('menuitem', { name: 'Only in block Booking' }).click();
    const tool = await appState(page, (s) => s.doc.tools.find((t: { id: string }) => t.id === s.selection[0].id));
    expect(tool.scope).toEqual({ kind: 'blocks', blockIds: ['b_booking'] });
    // On the card (hidden, not gone, while the zoom is too far out to read chips).
    await expect(page.getByTestId('stage-choose-tool-new_tool').or(stage(page, 'choose').locator('.cb-chip.more'))).toBeAttached();
  });

  test('deleting a stage asks first, listing the edges it takes along', async ({ page }) => {
    await stage(page, 'verify').locator('.cb-stage-name').click();
    await page.keyboard.press('Delete');
    const dialog = page.getByTestId('canvas-delete-dialog');
    await expect(dialog).toBeVisible();
    const removes = dialog.getByTestId('canvas-delete-removes');
    await expect(removes).toContainText('verify');
    await expect(removes.locator('li', { hasText: /^edge/ })).toHaveCount(3);
    await page.getByTestId('canvas-delete-cancel').click();
    await expect(dialog).toHaveCount(0);
    expect(await appState(page, (s) => s.doc.stages.length)).toBe(5);

    await stage(page, 'verify').locator('.cb-stage-name').click();
    await page.keyboard.press('Backspace');
    await page.getByTestId('canvas-delete-confirm').click();
    await expect(stage(page, 'verify')).toHaveCount(0);
    expect(await appState(page, (s) => s.doc.edges.filter((e: { from: string; to: string }) => e.from === 's_verify' || e.to === 's_verify').length)).toBe(0);
    await page.keyboard.press('Control+z');
    await expect(stage(page, 'verify')).toBeVisible();
  });

  test('deleting an edge alone needs no confirmation', async ({ page }) => {
    await page.getByTestId('edge-label-e_choose_giveup').click();
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'edge', id: 'e_choose_giveup' }]);
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('canvas-delete-dialog')).toHaveCount(0);
    await expect(page.getByTestId('edge-label-e_choose_giveup')).toHaveCount(0);
  });

  test('copy and paste a stage; duplicate; arrows move the selection', async ({ page }) => {
    await stage(page, 'choose').locator('.cb-stage-name').click();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect(stage(page, 'choose_2')).toBeVisible();
    const pasted = await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'choose_2'));
    expect(pasted.blockId).toBe('b_booking');
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'stage', id: pasted.id }]);

    await page.keyboard.press('Control+d');
    await expect(stage(page, 'choose_2_2')).toBeVisible();
    expect(await appState(page, (s) => s.doc.stages.length)).toBe(7);

    const at = await appState(page, (s) => s.doc.layout.positions[s.selection[0].id]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => appState(page, (s) => s.doc.layout.positions[s.selection[0].id])).toEqual({ x: at.x + 8, y: at.y + 40 });
  });

  test('a fragment pasted from the system clipboard (another tab) lands as a copy', async ({ page }) => {
    await stage(page, 'choose').locator('.cb-stage-name').click();
    await page.evaluate(() => {
      const state = (window as any).__callboard.store.getState();
      const goodbye = state.doc.stages.find((s: { id: string }) => s.id === 's_goodbye');
      const clip = { format: 'callboard.clipboard', version: 1, blocks: [], stages: [goodbye], edges: [], tools: [], state: [], positions: { s_goodbye: { x: 20, y: 48 } }, sizes: {} };
      const data = new DataTransfer();
      data.setData('text/plain', JSON.stringify(clip));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(stage(page, 'goodbye_2')).toBeVisible();
    // Into the block of the selected stage, since its own block is elsewhere.
    expect(await appState(page, (s) => s.doc.stages.find((x: { name: string }) => x.name === 'goodbye_2').blockId)).toBe('b_booking');
  });

  test('auto-layout leaves no overlapping stages, as one undo step', async ({ page }) => {
    const before = await appState(page, (s) => s.doc.layout);
    await page.getByTestId('auto-layout').click();
    await expect.poll(() => appState(page, (s) => JSON.stringify(s.doc.layout)), { timeout: 15_000 }).not.toBe(JSON.stringify(before));
    await page.waitForTimeout(500);
    const boxes = await page.locator('.react-flow__node-stage').evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-id'), x: r.x, y: r.y, w: r.width, h: r.height };
    }));
    expect(boxes).toHaveLength(5);
    for (const a of boxes) {
      for (const b of boxes) {
        if (a === b) continue;
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
    await page.keyboard.press('Control+z');
    await expect.poll(() => appState(page, (s) => s.doc.layout)).toEqual(before);
  });

  test('an agent without positions (an import) is laid out once, outside undo history', async ({ page }) => {
    await page.evaluate(() => {
      const state = (window as any).__callboard.store.getState();
      state.replaceDocument({ ...state.doc, id: 'imported-agent', layout: { positions: {}, sizes: {} } });
    });
    await expect.poll(() => appState(page, (s) => Object.keys(s.doc.layout.positions).length), { timeout: 15_000 }).toBe(9);
    expect(await appState(page, (s) => Object.keys(s.doc.layout.sizes).length)).toBe(4);
    expect(await appState(page, (s) => s.canUndo)).toBe(false);
    await expect(stage(page, 'goodbye')).toBeVisible();
  });

  test('an agent without blocks says how to start', async ({ page }) => {
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-empty').click();
    await expect(page.getByTestId('canvas-empty')).toHaveText('Double-click to add a block, or use + Block');
    await page.getByTestId('canvas-palette-add-stage').click();
    await expect(page.getByTestId('canvas-empty')).toHaveCount(0);
    expect(await appState(page, (s) => [s.doc.blocks.length, s.doc.stages.length, s.doc.entryStageId !== null])).toEqual([1, 1, true]);
  });
});
