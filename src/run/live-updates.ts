// A step's live updates (streamed text, progress) into the store, at most once a frame. A step
// often reports progress and then ends within one frame (a fast model, a step with one call);
// each update drew the whole chat and the state panel again, for a frame that showed only the
// step's answer. Updates wait for the next frame, merged in the order they came, and are dropped
// when the step has ended by then (its answer supersedes them).
import type { AppStore } from '../store/create';
import type { AppState } from '../store/types';
import type { Session } from '../simulator/types';
import { utf8Length } from '../model/size';

type LivePatch = Partial<Pick<AppState, 'session' | 'streaming' | 'streamedBytes'>>;

/**
 * What the page keeps of a streaming answer: one character more than the chat shows
 * (panels/cut-text.ts, 20,000), so the chat knows there is more. The rest is only counted.
 */
export const STREAMING_KEPT = 20_001;

/** The next frame; where there are no frames (Node, tests), the next task. */
const nextFrame = (run: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 0));

export function liveUpdates(store: AppStore, current: () => boolean, schedule: (run: () => void) => void = nextFrame) {
  let patch: LivePatch | null = null;
  const flush = () => {
    const next = patch;
    patch = null;
    if (next && current()) store.getState().setSim(next);
  };
  const add = (next: LivePatch) => {
    if (!patch) {
      patch = {};
      schedule(flush);
    }
    Object.assign(patch, next);
  };
  return {
    text: (delta: string) => {
      const was = patch && 'streaming' in patch ? patch.streaming : store.getState().streaming;
      // A new answer (none streaming) starts its count again.
      const bytes = was === null || was === undefined ? 0 : ((patch && patch.streamedBytes !== undefined ? patch.streamedBytes : store.getState().streamedBytes));
      const text = was ?? '';
      add({ streaming: text.length >= STREAMING_KEPT ? text : (text + delta).slice(0, STREAMING_KEPT), streamedBytes: bytes + utf8Length(delta) });
    },
    // Once a call is over its text is in the transcript: the streamed copy would show it twice.
    progress: (session: Session) => add({ session, streaming: null }),
  };
}
