// Drives one canvas page (the app or a baseline) the same way: waits for it to be interactive,
// then pans, zooms and drags a stage while sampling frames and the page's CPU time.
import type { CDPSession, Page } from '@playwright/test';
import { stageId } from '../generate-agent';
import type { Probe } from './probe';

export const GESTURES = ['pan', 'zoom', 'drag'] as const;
export type Gesture = (typeof GESTURES)[number];

export interface GestureSample {
  /** Frame-to-frame intervals during the gesture (ms). */
  frames: number[];
  /** Main-thread task time during the gesture (CDP Performance.getMetrics TaskDuration, ms). */
  cpuMs: number;
}

export interface PageRun {
  /** From navigation start to the cards on screen and the main thread quiet (no long task) for QUIET_MS. */
  interactiveMs: number;
  gestures: Record<Gesture, GestureSample>;
}

const QUIET_MS = 500;
/** The stage the drag picks up: in view at the bench viewport in every page (block 1, third card). */
export const DRAGGED_STAGE = stageId(1, 2);

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** Cards shown, then no long task for QUIET_MS: the later of the two is "interactive". */
async function waitInteractive(page: Page): Promise<number> {
  const handle = await page.waitForFunction((quiet) => {
    const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
    if (probe.cardsAt === null) return false;
    const lastBusy = Math.max(probe.cardsAt, ...probe.longTasks.map((t) => t.end));
    return performance.now() - lastBusy >= quiet ? lastBusy : false;
  }, QUIET_MS, { timeout: 120_000, polling: 100 });
  return (await handle.jsonValue()) as number;
}

/** A point of the empty pane near the canvas centre (the gutters between blocks), for the pan. */
async function emptyPanePoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const rect = document.querySelector('.react-flow')!.getBoundingClientRect();
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    for (let r = 0; r < Math.max(rect.width, rect.height) / 2; r += 12) {
      for (let a = 0; a < 16; a++) {
        const x = cx + r * Math.cos((a * Math.PI) / 8);
        const y = cy + r * Math.sin((a * Math.PI) / 8);
        const hit = document.elementFromPoint(x, y);
        if (hit?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error('no empty pane on screen to pan from');
  return point;
}

async function measure(page: Page, cdp: CDPSession, gesture: () => Promise<void>): Promise<GestureSample> {
  const before = await taskMs(cdp);
  await page.evaluate(() => (window as unknown as { __benchProbe: Probe }).__benchProbe.start());
  await gesture();
  // Two more frames, so the last move's render is in the sample.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const frames = await page.evaluate(() => (window as unknown as { __benchProbe: Probe }).__benchProbe.stop());
  return { frames, cpuMs: (await taskMs(cdp)) - before };
}

/** Presses at `from`, moves by `by` and back again in `steps` moves each way, releases. */
async function dragThereAndBack(page: Page, from: { x: number; y: number }, by: { x: number; y: number }, steps: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps });
  await page.mouse.move(from.x, from.y, { steps });
  await page.mouse.up();
}

/**
 * Pointer moves each way per gesture: enough frames to sample, few enough that the slowest page
 * (the app's stage drag, about a second per move on a loaded 2-core machine) finishes in seconds.
 */
const PAN_MOVES = 12;
const DRAG_MOVES = 8;

/** Loads `url` and waits until it is interactive (the warm-up run: caches and JIT). */
export async function loadCanvasPage(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return waitInteractive(page);
}

export async function runCanvasPage(page: Page, url: string): Promise<PageRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const interactiveMs = await loadCanvasPage(page, url);

  const pane = await emptyPanePoint(page);
  const pan = await measure(page, cdp, () => dragThereAndBack(page, pane, { x: -320, y: -160 }, PAN_MOVES));

  const rect = (await page.locator('.react-flow').boundingBox())!;
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  const zoom = await measure(page, cdp, async () => {
    await page.mouse.move(centre.x, centre.y);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -100);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 100);
  });

  const card = (await page.locator(`.react-flow__node[data-id="${DRAGGED_STAGE}"]`).boundingBox())!;
  // The title row, clear of the handles and tool chips (which do not start a drag).
  const grip = { x: card.x + card.width * 0.3, y: card.y + 8 };
  const drag = await measure(page, cdp, () => dragThereAndBack(page, grip, { x: 150, y: 90 }, DRAG_MOVES));

  await cdp.detach();
  return { interactiveMs, gestures: { pan, zoom, drag } };
}
