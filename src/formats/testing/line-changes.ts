// What an export changed in a file, in lines, for the round-trip properties of issue 33
// (real-files.roundtrip.test.ts, pinecall/python/edits.roundtrip.test.ts). Test-only.
import { diffArrays } from 'diff';
import type { AgentDocument, JsonSchema } from '../../model';
import type { LineRange } from './member-ranges';

/** The lines of `before` that `after` removes or changes, and the places (before line n) where it inserts lines. */
export function changedLines(before: string, after: string): { removed: number[]; insertedBefore: number[] } {
  const out = { removed: [] as number[], insertedBefore: [] as number[] };
  let line = 1;
  for (const change of diffArrays(before.split('\n'), after.split('\n'))) {
    if (change.removed) for (let i = 0; i < change.value.length; i++) out.removed.push(line++);
    else if (change.added) out.insertedBefore.push(line);
    else line += change.value.length;
  }
  return out;
}

export const inside = (line: number, ranges: LineRange[]) => ranges.some((r) => r.line <= line && line <= r.endLine);
/** A line inserted before line n lies inside a member when n-1 or n does (it joins the member's end or start). */
export const insertedInside = (before: number, ranges: LineRange[]) => ranges.some((r) => r.line <= before && before <= r.endLine + 1);

/** Parameters no condition reads: removing one leaves every edge as it was. */
export const freeParameters = (doc: AgentDocument, toolId: string, parameters: JsonSchema) => Object.keys(parameters.properties ?? {})
  .filter((p) => !doc.edges.some((e) => e.conditions.some((c) => c.kind === 'tool' && c.toolId === toolId && c.field === p)));
