// What a tab that may not save does with an edit, and what its save status says.
import type { ProjectAccess } from './types';

/**
 * A tab the user chose to open read-only ("Open read-only": the agent is edited in another tab)
 * takes no edits: each is refused, and the banner says so. Before that choice, and in a tab that
 * was taken over, edits are still kept in the tab so that "Open a copy" can save them.
 */
export const editsRefused = (access: ProjectAccess): boolean => access.mode === 'read-only' && access.why === 'open-elsewhere' && access.acknowledged;

/** The top bar's status: a read-only tab never says "Saved locally". */
export function saveStatusText(access: ProjectAccess, saveError: string | null): string {
  if (access.mode === 'read-only') return access.why === 'changed-elsewhere' ? 'Not saved — changed in another tab' : 'Read-only — open in another tab';
  return saveError ? 'Not saved' : 'Saved locally';
}

/** What a refused edit says where it was typed (the inspector's fields). */
export const READ_ONLY_REFUSAL = 'This tab is read-only: the agent is edited in another tab. Take over here (in the banner) to edit.';
