import type { AgentDocument } from '../model';

/**
 * When a typing burst pauses this long, its document is written (its first change was at once). Each write clones the whole
 * document on the page's thread (IndexedDB's put); on a 500-stage agent that was several
 * milliseconds of every keystroke. Nothing is lost by waiting: a page going away starts every
 * waiting write at once and journals the document (flushNow, save-journal.ts).
 */
export const QUIET_MS = 300;
/** A burst that never pauses is still written this often. */
export const MAX_WAIT_MS = 1500;

/**
 * The document writes of the open projects. They coalesce: while one is in flight, or while the
 * user is typing, later changes wait as one pending document per project (a drag of 200 frames
 * or a sentence typed costs a few writes, not one per change).
 */
export interface DocWrites<P> {
  /** Writes `doc` once changes pause (or at once if `now`). */
  save(project: P, doc: AgentDocument, now?: boolean): void;
  /** Forgets the project's waiting document; says whether there was one. */
  drop(project: P): boolean;
  /** Whether a write waits or is in flight. */
  busy(): boolean;
  /** Starts the next waiting write now, unless one is in flight (flush waits on it). */
  startNext(): void;
  /** Starts every waiting write now, beside the one in flight (the page is going away). */
  startAll(): void;
}

export function docWrites<P>(write: (project: P, doc: AgentDocument) => Promise<void>, track: <T>(promise: Promise<T>) => Promise<T>): DocWrites<P> {
  const pending = new Map<P, AgentDocument>();
  let active: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waitingSince = 0;
  /** When the last change came (not counting writes asked for at once, such as an opened project's first). */
  let lastChange = -Infinity;

  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const startNext = () => {
    stopTimer();
    if (active) return;
    const next = pending.entries().next();
    if (next.done) return;
    const [project, doc] = next.value;
    pending.delete(project);
    active = track(write(project, doc)).finally(() => {
      active = null;
      // What changed while this write was in flight waits for its own pause.
      if (pending.size > 0 && timer === null) schedule();
    });
  };
  const schedule = () => {
    stopTimer();
    const wait = Math.max(0, Math.min(QUIET_MS, waitingSince + MAX_WAIT_MS - Date.now()));
    timer = setTimeout(startNext, wait);
  };

  return {
    save(project, doc, now = false) {
      const first = pending.size === 0 && active === null && Date.now() - lastChange >= QUIET_MS;
      if (!now) lastChange = Date.now();
      if (pending.size === 0) waitingSince = Date.now();
      pending.set(project, doc);
      // A change after a quiet spell (a click, the first key of a burst) is written at once; the
      // rest of a burst waits for it to pause.
      if (now || first) startNext();
      else schedule();
    },
    drop: (project) => pending.delete(project),
    busy: () => pending.size > 0 || active !== null,
    startNext,
    startAll() {
      stopTimer();
      for (const [project, doc] of pending) {
        pending.delete(project);
        void track(write(project, doc));
      }
    },
  };
}
