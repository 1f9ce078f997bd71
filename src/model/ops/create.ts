import { produce } from 'immer';
import { newId, refFromName, uniqueName } from '../ids';
import { emptyParameters } from '../json-schema';
import type { AgentDocument, Block, JsonType, Point, Stage, StateField, Tool, ToolScope } from '../types';
import { DEFAULT_BLOCK_SIZE, grownSize, nextBlockPosition, nextStagePosition } from './layout';
import { fail, quoted, type Created, type Outcome } from './outcome';

export function addBlock(doc: AgentDocument, options: { name?: string; position?: Point } = {}): Created {
  const id = newId();
  const name = uniqueName(options.name?.trim() || 'Block', doc.blocks.map((b) => b.name));
  // A new entity's ref is Callboard's to make, so it follows the name until the user types one (refs.ts).
  const block: Block = { id, name, ref: refFromName(name, doc.blocks.map((b) => b.ref)), refFollowsName: true, intent: false };
  const position = options.position ?? nextBlockPosition(doc);
  const next = produce(doc, (draft) => {
    draft.blocks.push(block);
    draft.layout.positions[id] = { ...position };
    draft.layout.sizes[id] = { ...DEFAULT_BLOCK_SIZE };
  });
  return { ok: true, doc: next, id };
}

/** Adds a stage to a block; the first stage the agent gets becomes its entry stage. */
export function addStage(
  doc: AgentDocument,
  options: { blockId: string; name?: string; kind?: Stage['kind']; position?: Point },
): Outcome<{ id: string }> {
  if (!doc.blocks.some((b) => b.id === options.blockId)) return fail(doc, `there is no block ${quoted(options.blockId)} to add the stage to`);
  const id = newId();
  const name = uniqueName(options.name?.trim() || 'stage', doc.stages.map((s) => s.name));
  const stage: Stage = {
    id,
    name,
    ref: refFromName(name, doc.stages.map((s) => s.ref)),
    refFollowsName: true,
    blockId: options.blockId,
    kind: options.kind ?? 'turn',
    instructions: '',
  };
  const position = options.position ?? nextStagePosition(doc, options.blockId);
  const next = produce(doc, (draft) => {
    draft.stages.push(stage);
    draft.layout.positions[id] = { ...position };
    if (draft.entryStageId === null) draft.entryStageId = id;
    const size = grownSize(draft, options.blockId);
    if (size) draft.layout.sizes[options.blockId] = size;
  });
  return { ok: true, doc: next, id };
}

export function addTool(doc: AgentDocument, options: { name?: string; scope?: ToolScope; kind?: Tool['kind'] } = {}): Created {
  const id = newId();
  const name = uniqueName(options.name?.trim() || 'new_tool', doc.tools.map((t) => t.name));
  const tool: Tool = {
    id,
    kind: options.kind ?? 'function',
    name,
    description: '',
    parameters: emptyParameters(),
    scope: options.scope ? structuredClone(options.scope) : { kind: 'all' },
    fallback: false,
    pii: [],
  };
  // An mcp tool without a server would not validate as something the exporters can write.
  if (tool.kind === 'mcp') tool.mcp = { serverLabel: name, serverUrl: '', allowedTools: [], headers: {} };
  return { ok: true, doc: produce(doc, (draft) => void draft.tools.push(tool)), id };
}

const DEFAULT_VALUES: Record<JsonType, () => unknown> = {
  string: () => '',
  number: () => 0,
  integer: () => 0,
  boolean: () => false,
  array: () => [],
  object: () => ({}),
};

export function addStateField(doc: AgentDocument, options: { name?: string; type?: JsonType } = {}): Created {
  const id = newId();
  const type = options.type ?? 'string';
  const field: StateField = {
    id,
    name: uniqueName(options.name?.trim() || 'field', doc.state.map((f) => f.name)),
    type,
    default: DEFAULT_VALUES[type](),
    pii: false,
    visibility: 'private',
  };
  return { ok: true, doc: produce(doc, (draft) => void draft.state.push(field)), id };
}
