import { entityLabel } from './labels';
import type { AgentDifference } from './types';

/**
 * One line for a list of versions or a pull-request title: "no changes", or the entities changed,
 * first few by name: "tool book (description, parameter date), stage greet added, +3 more".
 */
export function summarizeDifferences(differences: readonly AgentDifference[], most = 3): string {
  const logic = differences.filter((d) => !d.apart);
  if (logic.length === 0) return differences.length ? 'layout only' : 'no changes';
  const byEntity = new Map<string, { label: string; parts: string[] }>();
  for (const d of logic) {
    const key = `${d.entity.kind}\u0000${d.entity.b ?? d.entity.a ?? d.entity.name}`;
    const entry = byEntity.get(key) ?? { label: entityLabel(d.entity), parts: [] };
    const part = d.change === 'changed' ? d.label.slice(entry.label.length + 2) : d.change;
    if (!entry.parts.includes(part)) entry.parts.push(part);
    byEntity.set(key, entry);
  }
  const items = [...byEntity.values()].map(({ label, parts }) =>
    parts.length === 1 && ['added', 'removed', 'renamed'].includes(parts[0]) ? `${label} ${parts[0]}` : `${label} (${parts.join(', ')})`);
  const shown = items.slice(0, most).join(', ');
  return items.length > most ? `${shown}, +${items.length - most} more` : shown;
}
