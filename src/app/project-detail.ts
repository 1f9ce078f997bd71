// What the project list shows under a name, so two projects of one name can be told apart: the
// runtime, the number of stages and when it was last edited.
import { TARGET_LABEL } from '../model';
import type { ProjectSummary } from '../store/types';

/** "just now", "5 min ago", "3 h ago", "yesterday", else the date. */
export function editedAgo(updatedAt: number, now: number): string {
  if (!updatedAt) return 'not edited since this list was rebuilt';
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return 'edited just now';
  if (minutes < 60) return `edited ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `edited ${hours} h ago`;
  if (hours < 48) return 'edited yesterday';
  return `edited ${new Date(updatedAt).toISOString().slice(0, 10)}`;
}

export function projectDetail(p: ProjectSummary, now: number): string {
  const parts = [
    p.target ? TARGET_LABEL[p.target] : undefined,
    p.stages !== undefined ? `${p.stages} stage${p.stages === 1 ? '' : 's'}` : undefined,
    editedAgo(p.updatedAt, now),
  ];
  return parts.filter(Boolean).join(' · ');
}
