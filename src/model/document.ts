import { newId } from './ids';
import { CURRENT_VERSION, DOCUMENT_FORMAT, type AgentDocument, type Block, type JsonType, type Stage, type Tool } from './types';

/** The fields a document may leave out, and what they are then. */
export type DocumentDefaults = Pick<AgentDocument, 'target' | 'persona' | 'llm' | 'opening' | 'state' | 'blocks' | 'stages' | 'edges' | 'tools' | 'entryStageId' | 'layout'>;

/**
 * What a new document starts with, and what loading fills a missing field with (migrations.ts):
 * one list, so a file that leaves a field out reads as a new document would have it. A fresh
 * object on every call: documents are edited in place as immer drafts.
 */
export const documentDefaults = (): DocumentDefaults => ({
  target: 'pinecall',
  persona: '',
  llm: {},
  opening: 'caller',
  state: [],
  blocks: [],
  stages: [],
  edges: [],
  tools: [],
  entryStageId: null,
  layout: { positions: {}, sizes: {} },
});

/**
 * A document read from outside with the fields it left out filled in, as loading does
 * (migrations.ts) before it validates; the page opens its bundled sample through this alone, so
 * the sample is the very document loading would give (keys in the same order).
 */
export const withDefaults = <T extends object>(doc: T): DocumentDefaults & T => ({ ...documentDefaults(), ...doc });

export function emptyDocument(name = 'Untitled agent'): AgentDocument {
  return { format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: newId(), name, ...documentDefaults() };
}

export const byId = <T extends { id: string }>(items: T[], id: string | null | undefined): T | undefined =>
  id == null ? undefined : items.find((item) => item.id === id);

export const stagesOfBlock = (doc: AgentDocument, blockId: string): Stage[] => doc.stages.filter((s) => s.blockId === blockId);

/** Edges leaving a stage, in the order they are tried. */
export const edgesFrom = (doc: AgentDocument, stageId: string) => doc.edges.filter((e) => e.from === stageId);

/** Whether `tool` is offered in `stage` by its scope (Pinecall `when` is evaluated at run time, not here). */
export function toolVisibleIn(tool: Tool, stage: Stage): boolean {
  switch (tool.scope.kind) {
    case 'all':
      return true;
    case 'blocks':
      return tool.scope.blockIds.includes(stage.blockId);
    case 'stages':
      return tool.scope.stageIds.includes(stage.id);
  }
}

export const toolsVisibleIn = (doc: AgentDocument, stage: Stage): Tool[] => doc.tools.filter((t) => toolVisibleIn(t, stage));

/** A block's tools are derived from tool scopes (design.md: a block never holds its own list). */
export function toolsOfBlock(doc: AgentDocument, block: Block): Tool[] {
  const stages = stagesOfBlock(doc, block.id);
  return doc.tools.filter((t) =>
    t.scope.kind === 'all' ||
    (t.scope.kind === 'blocks' && t.scope.blockIds.includes(block.id)) ||
    (t.scope.kind === 'stages' && stages.some((s) => t.scope.kind === 'stages' && t.scope.stageIds.includes(s.id))),
  );
}

/** Whether a JSON value is of a state field's JSON type (an integer is a whole number). */
export function fitsJsonType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number';
    case 'integer': return Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'array': return Array.isArray(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}
