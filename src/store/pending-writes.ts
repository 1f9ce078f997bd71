/**
 * Field writes that wait for a better moment than the keystroke. A keystroke in a text field shows
 * its character at once (the field keeps a draft) and hands its write here, so the document and
 * every view of it (canvas, problems, export preview) follow after the frame that painted the
 * character instead of inside the key event. On a 500-stage agent those views cost tens of
 * milliseconds, which inside the key event delayed the character itself (issue 16).
 *
 * When: after the next paint while writes are cheap (the last one, with the render it caused, took
 * under CHEAP_MS); once they are not, when the typing pauses for IDLE_MS, and at least every
 * MAX_WAIT_MS while it goes on, so a fast typist's keys are not queued behind view updates one by
 * one and the views still follow within a fraction of a second.
 *
 * One write waits per owner (a field): a newer keystroke replaces the older write, so keys coalesce
 * into one document write. Anything that reads or changes the document's history first calls
 * `flushPendingWrites()` (the store's apply, undo, redo, endGesture, replace; a page going away), so
 * no write is lost or applied out of order.
 */
type Write = () => void;

export const CHEAP_MS = 8;
export const IDLE_MS = 120;
export const MAX_WAIT_MS = 400;
/** A hidden tab gets no animation frames: this bounds the wait for "after the next paint" there. */
const BACKSTOP_MS = 100;

const waiting = new Map<object, Write>();
/** Bumped when the waiting writes are applied, so timers set for an earlier batch do nothing. */
let batch = 0;
let scheduledFor = -1;
let firstQueuedAt = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let lastCost = 0;
/** When a field last queued a write: a keystroke, as far as the views are concerned. */
let lastTypedAt = -Infinity;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
/** The page's requestAnimationFrame; undefined where there are no frames (Node: the CLI, unit tests). */
const frames = () => (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;

function afterNextPaint(run: () => void) {
  const raf = frames();
  // A task queued from an animation frame callback runs after that frame has painted.
  if (!raf) return void setTimeout(run, 0);
  raf(() => setTimeout(run, 0));
  setTimeout(run, BACKSTOP_MS);
}

/** Queues `write` as `owner`'s pending write, replacing the one it had. */
export function deferWrite(owner: object, write: Write) {
  waiting.set(owner, write);
  lastTypedAt = now();
  const mine = batch;
  const run = () => {
    if (batch === mine) flushPendingWrites();
  };
  if (lastCost < CHEAP_MS) {
    if (scheduledFor === mine) return;
    scheduledFor = mine;
    afterNextPaint(run);
    return;
  }
  if (scheduledFor !== mine) {
    scheduledFor = mine;
    firstQueuedAt = now();
  }
  clearTimeout(idleTimer);
  idleTimer = setTimeout(run, Math.max(0, Math.min(IDLE_MS, firstQueuedAt + MAX_WAIT_MS - now())));
}

/** Applies the pending writes now (only `owner`'s when given), in the order they were first queued. */
export function flushPendingWrites(owner?: object) {
  if (owner !== undefined) {
    const write = waiting.get(owner);
    if (!write) return;
    waiting.delete(owner);
    if (waiting.size === 0) batch++;
    timed([write]);
    return;
  }
  if (waiting.size === 0) return;
  // Taken out before running: each write goes through the store's apply, which flushes again.
  const writes = [...waiting.values()];
  waiting.clear();
  batch++;
  clearTimeout(idleTimer);
  timed(writes);
}

/**
 * Runs the writes and records what they cost: the writes, the render they cause (a store change
 * renders React in a microtask queued during the write, so one queued after it sees that done) and
 * the frame that draws it (from its animation frame callback to the task after its paint). Waiting
 * for that frame is not counted.
 */
function timed(writes: Write[]) {
  const start = now();
  try {
    for (const write of writes) write();
  } finally {
    queueMicrotask(() => {
      const script = now() - start;
      const raf = frames();
      if (!raf) {
        lastCost = script;
        return;
      }
      raf(() => {
        const frameStart = now();
        setTimeout(() => {
          lastCost = script + (now() - frameStart);
        }, 0);
      });
    });
  }
}

export const hasPendingWrites = () => waiting.size > 0;

/**
 * Runs `run` once no field has been typed in for `quietMs` (at once when none has), for work that
 * would otherwise land between a fast typist's keys and delay them: the Export preview's megabyte
 * follows the pauses, not each word. Returns a function that cancels it.
 */
export function afterTypingPauses(run: () => void, quietMs = IDLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const wait = lastTypedAt + quietMs - now();
    if (wait <= 0) run();
    else timer = setTimeout(check, wait);
  };
  check();
  return () => clearTimeout(timer);
}
