import type { Page } from '@playwright/test';

// "The page stays responsive while a hostile input is processed", measured so that the answer does
// not depend on how loaded the machine is.
//
// A fixed bound on the longest time without an animation frame (200 ms) mixes two things: whether
// the page's thread was kept busy by the work (what the tests are about: a parser or agent code run
// on the page's thread instead of in a worker, or without yielding) and how long the machine left
// the renderer unscheduled (which has nothing to do with the page: e2e/security.spec.ts records
// 300-600 ms gaps on an oversubscribed 2-core machine with nothing running). So each test measures the second beside the first: the same
// page, idle, in the same run, just before and just after the work. Its longest frame gap is the
// machine's noise at that moment; the work may stretch a gap to IDLE_RATIO times that noise (or the
// fixed floor, whichever is larger: a quiet machine keeps the old bound).
//
// Why this still catches the fault: a thread that does not yield makes one gap as long as the work
// itself (a step's agent code runs to its 5 s budget; a .zip bomb inflates for seconds), while
// load makes every gap longer alike, idle ones included. The allowance is also capped (CAP_MS,
// under the 5 s step budget), so no amount of idle noise lets a blocked thread pass.
//
// Load can also rise only while the work runs (another job starts): so the noise is measured during
// the work as well, by a heartbeat on a thread of its own in the same page (a blob: Worker ticking
// every 16 ms, as frames would). It shares the machine's load at that very moment but not the page's
// thread: when the page's thread is blocked, the heartbeat keeps its pace and the gap stands out.
// The noise is the largest of the three (idle before, idle after, heartbeat during).
//
// The idle windows end on a condition, not a time: each lasts IDLE_FRAMES frames, however long the
// loaded machine takes to draw them.

/** Frames the idle page draws for the baseline (about 1 s at 60 Hz on a quiet machine). */
export const IDLE_FRAMES = 60;
/** How many times the machine's noise (see Baseline) the work may stretch a frame gap to. */
export const IDLE_RATIO = Number(process.env.E2E_IDLE_RATIO ?? 4);
/** The most any allowance grows to, however noisy the idle page: under the 5 s step budget, so a thread blocked for a whole step never passes. */
export const CAP_MS = 2_500;

/** The longest gap between the idle page's frames over IDLE_FRAMES frames. */
export async function idleLongestGap(page: Page): Promise<number> {
  return page.evaluate(
    (frames) =>
      new Promise<number>((resolve) => {
        const times: number[] = [];
        const tick = (t: number) => {
          times.push(t);
          if (times.length <= frames) requestAnimationFrame(tick);
          else resolve(Math.max(...times.slice(1).map((time, i) => time - times[i])));
        };
        requestAnimationFrame(tick);
      }),
    IDLE_FRAMES,
  );
}

/** What a frame gap during the work may reach: `floorMs` on a quiet machine, IDLE_RATIO × the noise on a loaded one, never past CAP_MS. */
export function allowedGap(floorMs: number, idleGapMs: number): number {
  return Math.min(CAP_MS, Math.max(floorMs, IDLE_RATIO * idleGapMs));
}

/** The machine's noise around and during a piece of work: the page's longest frame gap idle before and after, the heartbeat's longest gap during; `idle` the largest. */
export interface Baseline {
  before: number;
  after: number;
  during: number;
  idle: number;
}

/** Starts the heartbeat worker; the returned function stops it and gives its longest gap between ticks. */
async function startHeartbeat(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const code = `let last = performance.now(), longest = 0, on = true;
      const tick = () => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; if (on) setTimeout(tick, 16); };
      setTimeout(tick, 16);
      onmessage = () => { on = false; postMessage(longest); };`;
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    (window as unknown as { __heartbeat: Worker }).__heartbeat = new Worker(url);
    URL.revokeObjectURL(url);
  });
  return () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const worker = (window as unknown as { __heartbeat: Worker }).__heartbeat;
          worker.onmessage = (event: MessageEvent<number>) => {
            worker.terminate();
            resolve(event.data);
          };
          worker.postMessage('stop');
        }),
    );
}

/** Runs `work` between two idle measurements of `page`, with the heartbeat beating through it. */
export async function betweenIdle<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; baseline: Baseline }> {
  const before = await idleLongestGap(page);
  const stopHeartbeat = await startHeartbeat(page);
  const result = await work();
  const during = await stopHeartbeat();
  const after = await idleLongestGap(page);
  return { result, baseline: { before, after, during, idle: Math.max(before, after, during) } };
}

/** The assertion's message: the gap, the allowance and where it came from. */
export function gapMessage(what: string, gap: number, floorMs: number, baseline: Baseline): string {
  return `the page went ${Math.round(gap)} ms without a frame ${what}; allowed ${Math.round(allowedGap(floorMs, baseline.idle))} ms ` +
    `(the larger of ${floorMs} ms and ${IDLE_RATIO}× the machine's noise: the idle page's longest frame gap ${Math.round(baseline.before)} ms before and ` +
    `${Math.round(baseline.after)} ms after, the heartbeat's ${Math.round(baseline.during)} ms during; at most ${CAP_MS} ms)`;
}
