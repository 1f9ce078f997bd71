// Two projects of one name cannot be told apart in the list: a new project whose name is taken
// gets the first free "(2)", "(3)"… (without case: "Intake" and "intake" read as the same).
import type { ProjectSummary } from './types';

export function uniqueProjectName(name: string, projects: readonly Pick<ProjectSummary, 'name'>[]): string {
  const taken = new Set(projects.map((p) => p.name.trim().toLowerCase()));
  if (!taken.has(name.trim().toLowerCase())) return name;
  // "Intake (2)" asked again becomes "Intake (3)", not "Intake (2) (2)".
  const base = name.replace(/\s*\(\d+\)$/, '');
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`.toLowerCase())) return `${base} (${n})`;
}
