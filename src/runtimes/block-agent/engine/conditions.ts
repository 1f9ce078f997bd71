// Pure pieces of the Block Agent edge rules (formats/block-agent.md, steps 4–5): how a captured
// value compares with `expected_value`, and how loops are counted from the trace.
import { byId, type AgentDocument } from '../../../model';
import type { Session } from '../../../simulator/types';

/** A stage-change's `via` when a loop edge holds, and when looping.threshold jumps. */
export const VIA_LOOP = 'loop';
export const VIA_LOOPING = 'looping';

/** A captured value as conditions compare it: strings as they are, absent as empty, the rest as JSON. */
export function asCompared(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `expected` against a value: case-insensitive; `*` matches any non-empty value. */
export function matchesExpected(expected: string, value: unknown): boolean {
  const text = asCompared(value);
  if (expected.trim() === '*') return text !== '';
  return text.toLowerCase() === expected.toLowerCase();
}

/** Loops counted on the current stage since the call last entered it. */
export function loopCount(doc: AgentDocument, s: Session): number {
  let count = 0;
  for (let i = s.trace.length - 1; i >= 0; i--) {
    const t = s.trace[i];
    if (t.kind !== 'stage-change') continue;
    if (t.via === VIA_LOOP && t.edgeId !== undefined && byId(doc.edges, t.edgeId)?.from === s.stageId) count++;
    else break;
  }
  return count;
}

/** How many times looping has jumped out of a stage of this block before (picks the next message). */
export function loopingJumps(doc: AgentDocument, s: Session, blockId: string): number {
  const names = new Set(doc.stages.filter((st) => st.blockId === blockId).map((st) => st.name));
  return s.trace.filter((t) => t.kind === 'stage-change' && t.via === VIA_LOOPING && names.has(t.from)).length;
}
