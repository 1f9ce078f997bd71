// What an export writes and in which order, decided once: the exporter follows it, and the
// round-trip oracle (project.ts) reads it to know how the import will see the document.
// Model files, not the model's index: model/losses reads this plan, so it must not import the index back.
import { toolsOfBlock } from '../../../model/document';
import { refFromName, uniqueName } from '../../../model/ids';
import type { AgentDocument, Block, Stage, Tool } from '../../../model/types';

export interface ExportPlan {
  /** Blocks in written order: the entry stage's block first (Block Agent starts at the first turn of the first block). */
  blocks: Block[];
  /** Each written block's stages in written order, the entry stage first in its block. */
  stagesOf: Map<string, Stage[]>;
  /** block id → block_id, stage id → turn_id: unique, never empty. */
  blockRef: Map<string, string>;
  stageRef: Map<string, string>;
  /** Each written block's tools, in document order. */
  toolsOf: Map<string, Tool[]>;
  /** Tools written under at least one block, in first-appearance order. */
  writtenTools: Tool[];
  /** Sentences for the export's notes: reorderings and what could not be placed. */
  notes: string[];
}

/** The tool name a Block Agent file shows: an mcp tool is known by its server label. */
export const writtenToolName = (tool: Tool): string => (tool.kind === 'mcp' ? tool.mcp?.serverLabel || tool.name : tool.name);

export function planExport(doc: AgentDocument): ExportPlan {
  const notes: string[] = [];
  const blockIds = new Set(doc.blocks.map((b) => b.id));
  const entry = doc.stages.find((s) => s.id === doc.entryStageId && blockIds.has(s.blockId));
  const blocks = [...doc.blocks];
  // Blocks with no turns before the entry's block start nothing (the import reads such a file so): they stay where they are.
  const firstWithTurns = blocks.find((b) => doc.stages.some((s) => s.blockId === b.id));
  if (entry && firstWithTurns && firstWithTurns.id !== entry.blockId) {
    const at = blocks.findIndex((b) => b.id === entry.blockId);
    blocks.unshift(...blocks.splice(at, 1));
    notes.push(`block ${blocks[0].name} is written first: Block Agent starts at the first turn of the first block, and ${entry.name} is the entry stage`);
  }
  const stagesOf = new Map<string, Stage[]>();
  for (const block of blocks) {
    const stages = doc.stages.filter((s) => s.blockId === block.id);
    if (entry && entry.blockId === block.id && stages[0].id !== entry.id) {
      stages.unshift(...stages.splice(stages.indexOf(entry), 1));
      notes.push(`stage ${entry.name} is written as the first turn of ${block.name}: Block Agent starts there`);
    }
    stagesOf.set(block.id, stages);
  }
  if (!entry && doc.stages.some((s) => blockIds.has(s.blockId))) {
    notes.push('the agent has no entry stage; Block Agent will start at the first turn of the first block');
  }
  for (const stage of doc.stages) {
    if (!blockIds.has(stage.blockId)) notes.push(`stage ${stage.name} is in no block and is not written, nor are its edges`);
  }

  const blockRef = assignRefs(blocks, 'block_id', notes);
  const stageRef = assignRefs(blocks.flatMap((b) => stagesOf.get(b.id)!), 'turn_id', notes);

  const toolsOf = new Map<string, Tool[]>();
  const written = new Set<Tool>();
  for (const block of blocks) {
    const tools = toolsOfBlock(doc, block);
    toolsOf.set(block.id, tools);
    tools.forEach((t) => written.add(t));
  }
  for (const tool of doc.tools) {
    if (!written.has(tool)) notes.push(`tool ${tool.name} is offered in no block and is not written`);
  }
  return { blocks, stagesOf, blockRef, stageRef, toolsOf, writtenTools: [...written], notes };
}

/** Keeps each ref; an empty one is made from the name, a repeated one gets a suffix (and a note). */
function assignRefs(items: { id: string; name: string; ref: string }[], key: string, notes: string[]): Map<string, string> {
  const refs = new Map<string, string>();
  const taken = new Set<string>();
  for (const item of items) {
    let ref = item.ref.trim();
    if (!ref) ref = refFromName(item.name, taken);
    else if (taken.has(ref)) {
      ref = uniqueName(ref, taken);
      notes.push(`${item.name}'s ${key} ${item.ref} is already used; written as ${ref}`);
    }
    taken.add(ref);
    refs.set(item.id, ref);
  }
  return refs;
}
