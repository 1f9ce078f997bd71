// Features Pinecall cannot run are skipped, each with a trace line taken from lossesFor (design.md:
// the one list shared with export warnings and lint), so the trace and the export never disagree.
import { byId, lossesFor, toolVisibleIn, type AgentDocument, type Loss } from '../../model';

/** The losses that change what happens in a call (not names, refs or kept keys). */
const BEHAVIOUR = new Set([
  'natural-language condition', 'external condition', 'loop edge', 'edge no tool fires', 'wait stage', 'wait token',
  'block looping', 'mcp tool', 'parameter pattern',
]);

/** The behaviour losses that touch the current stage: itself, its block, its edges and its tools. */
export function skippedHere(doc: AgentDocument, stageId: string | null): Loss[] {
  const stage = byId(doc.stages, stageId);
  if (!stage) return [];
  return lossesFor(doc, 'pinecall').filter((loss) => {
    if (!BEHAVIOUR.has(loss.feature)) return false;
    const { kind, id } = loss.entity;
    if (kind === 'stage') return id === stage.id;
    if (kind === 'block') return id === stage.blockId;
    if (kind === 'edge') return byId(doc.edges, id)?.from === stage.id;
    if (kind === 'tool') {
      const tool = byId(doc.tools, id);
      return tool !== undefined && toolVisibleIn(tool, stage);
    }
    return false;
  });
}
