import type { ProjectsController } from './projects-controller';
import { flushPendingWrites } from './pending-writes';

/**
 * Starts every pending save as soon as the page may go away. `visibilitychange` to hidden is the
 * last event a mobile browser or a discarded tab reliably gets; `pagehide` covers closing and
 * navigating on desktop (`beforeunload` is skipped: it is not fired reliably and blocks bfcache).
 * Returns the function that removes the listeners.
 */
export function flushWhenPageHides(
  projects: Pick<ProjectsController, 'flushNow'>,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
): () => void {
  // A keystroke whose write waits for its frame (pending-writes.ts) lands before the save starts.
  const onPageHide = () => {
    flushPendingWrites();
    projects.flushNow();
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') onPageHide();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onPageHide);
  };
}
