// What the canvas shows of the run in progress: the stage the call is on, and the edge the last
// step took. Selectors over the session only, so each card and edge re-renders just when its own
// answer changes.
import type { Session } from '../types';

/** The stage the call is on, or null when no run is open. */
export function currentStageId(session: Session | null): string | null {
  return session ? session.stageId : null;
}

/** The edge taken in the latest step (its last stage change), live as the step runs. */
export function takenEdgeId(session: Session | null): string | null {
  if (!session) return null;
  for (let i = session.trace.length - 1; i >= 0; i--) {
    const entry = session.trace[i];
    if (entry.step !== session.turn) return null;
    if (entry.kind === 'stage-change') return entry.edgeId ?? null;
  }
  return null;
}
