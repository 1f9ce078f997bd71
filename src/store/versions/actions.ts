// What the Versions panel and the "viewing a version" banner both do with a version.
import type { AgentDocument } from '../../model';
import type { AppStore } from '../create';
import type { Version } from './repository';

export const versionTime = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "the version of 1 Dec 2026, 09:00 (before the refill flow)": how every screen names a version. */
export const versionLabel = (version: Pick<Version, 'at' | 'note'>) => `the version of ${versionTime(version.at)}${version.note ? ` (${version.note})` : ''}`;

/**
 * The open agent becomes `version` as one undo step (Undo brings it back). A version open
 * read-only is closed first, so the restore is an edit of the open agent, not of the view.
 */
export function restoreVersion(store: AppStore, version: AgentDocument, label: string): void {
  store.getState().closeViewing();
  const id = store.getState().doc.id;
  const restored: AgentDocument = { ...structuredClone(version), id };
  store.getState().apply(() => restored, { label: `restore ${label}` });
}
