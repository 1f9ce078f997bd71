// What the canvas shows of the run in progress: the stage the call is on, and the edge the last
// step took. Store selectors over the session only, so each card and edge re-renders just when its
// own answer changes, and the canvas needs nothing of the run's machinery (src/run).
import type { AppState } from './types';

/** The stage the call is on, or null when no run is open. */
export function selectCurrentStageId({ session }: Pick<AppState, 'session'>): string | null {
  return session ? session.stageId : null;
}

/** The edge taken in the latest step (its last stage change), live as the step runs. */
export function selectTakenEdgeId({ session }: Pick<AppState, 'session'>): string | null {
  if (!session) return null;
  for (let i = session.trace.length - 1; i >= 0; i--) {
    const entry = session.trace[i];
    if (entry.step !== session.turn) return null;
    if (entry.kind === 'stage-change') return entry.edgeId ?? null;
  }
  return null;
}
