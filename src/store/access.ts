// What a tab that may not save does with an edit, and what its save status says.
import type { AppState, ProjectAccess } from './types';

/**
 * A tab the user chose to open read-only ("Open read-only": the agent is edited in another tab)
 * takes no edits: each is refused, and the banner says so. Before that choice, and in a tab that
 * was taken over, edits are still kept in the tab so that "Open a copy" can save them.
 */
export const editsRefused = (access: ProjectAccess): boolean => access.mode === 'read-only' && access.why === 'open-elsewhere' && access.acknowledged;

/** Whether an edit is refused now: a read-only tab (above) or a version opened read-only (issue 15). */
export const refusesEdits = (state: Pick<AppState, 'access' | 'viewing'>): boolean => state.viewing !== null || editsRefused(state.access);

/**
 * A document change that is not an edit of the open agent: a version opened read-only, or the
 * open agent given back when it closes. Neither is saved nor recorded as a version.
 */
export const isViewingChange = (state: Pick<AppState, 'doc' | 'viewing'>, previous: Pick<AppState, 'viewing'>): boolean =>
  state.viewing !== null || (previous.viewing !== null && state.doc === previous.viewing.live);

/** The top bar's status: a read-only tab never says "Saved locally". */
export function saveStatusText(access: ProjectAccess, saveError: string | null): string {
  if (access.mode === 'read-only') return access.why === 'changed-elsewhere' ? 'Not saved — changed in another tab' : 'Read-only — open in another tab';
  return saveError ? 'Not saved' : 'Saved locally';
}

/** What a refused edit says where it was typed (the inspector's fields). */
export const READ_ONLY_REFUSAL = 'This tab is read-only: the agent is edited in another tab. Take over here (in the banner) to edit.';

/** What a refused edit says while a version is open read-only. */
export const VIEWING_REFUSAL = 'This is a version, open read-only. Choose "Back to the open agent" in the banner to edit, or "Restore this version".';
