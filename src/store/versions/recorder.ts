// Automatic versions (issue 15): after every pause in editing, the open document is handed to the
// repository, which folds edits of one minute into one version (schedule.ts). Only a tab that may
// save records; a read-only tab's view is someone else's work. Before a project switch the pending
// burst is written, so the last minute of one agent never lands on the next one.
import type { AgentDocument } from '../../model';
import type { AppStore } from '../create';
import type { VersionRepository } from './repository';
import { isViewingChange } from '../access';

export interface VersionRecorder {
  /** Writes the pending burst now (tests; before a restore). */
  flush(): Promise<void>;
  dispose(): void;
}

export function startVersionRecorder(store: AppStore, repo: VersionRepository, quietMs = 2000, onError: (error: unknown) => void = () => {}): VersionRecorder {
  let pending: AgentDocument | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const doc = pending;
    pending = null;
    if (!doc) return writing;
    writing = writing.then(() => repo.recordAuto(doc)).then(() => undefined, onError);
    return writing;
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.doc === previous.doc || !state.loaded || state.access.mode !== 'edit' || isViewingChange(state, previous)) return;
    if (pending && pending.id !== state.doc.id) void write();
    pending = state.doc;
    clearTimeout(timer);
    timer = setTimeout(() => void write(), quietMs);
  });

  return {
    flush: write,
    dispose() {
      unsubscribe();
      clearTimeout(timer);
    },
  };
}
