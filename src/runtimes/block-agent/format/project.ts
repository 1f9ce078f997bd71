// The round-trip oracle (design.md): projectBlockAgent(doc) is the document with exactly the Block
// Agent losses applied (lossesFor) and the normalisations the export and import make, so that
// normalizeForComparison(import(export(doc))) deep-equals normalizeForComparison(project(doc)).
import {
  CURRENT_VERSION, DOCUMENT_FORMAT, edgesFrom, uniqueName,
  type AgentDocument, type Block, type Condition, type Edge, type Stage, type Tool,
} from '../../../model';
import { lossesOfBlockAgent } from './losses';
import { IMPORTED_AGENT_NAME, isFallbackToolName, isIntentBlock, noParameters, stateFromTools } from './conventions';
import { conditionNames } from './export';
import { deepEqual, isPlainObject, survivingExtra } from './extra';
import { expressionAsNluSentence, resultAsNluSentence } from './inferred-keys';
import { BLOCK_SHAPE, EDGE_SHAPE, FUNCTION_TOOL_SHAPE, MCP_TOOL_SHAPE, TOP_SHAPE, TURN_SHAPE } from './keys';
import { planExport, writtenToolName, type ExportPlan } from './plan';
import { orderAsListed } from './read-tools';
import { toolShape, writeBlock, writeEdge, writeLlm, writeTool, writeTurn, writtenConditions } from './write';

/**
 * The document with the losses that drop or rewrite what the document holds applied, as the
 * export does: Pinecall-only tool options, pii, mocks and colours dropped, state expressions
 * written as sentences. The other losses lossesFor(doc, 'block-agent') names (refs, names, the
 * intent and fallback flags, tool scopes, merged or unwritten tools, state fields, who opens the
 * call, kept keys that clash) are what the import re-derives from the file; projectBlockAgent
 * derives them the same way below, and the property test (formats/roundtrip.property.test.ts)
 * checks that the paths it changes are exactly the paths lossesFor names.
 */
export function applyBlockAgentLosses(doc: AgentDocument): AgentDocument {
  const out = structuredClone(doc);
  for (const loss of lossesOfBlockAgent(doc)) {
    const at = loss.path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const [list, index, key, sub] = at;
    const i = Number(index);
    if (list === 'tools' && at.length === 3 && key === 'pii') out.tools[i].pii = [];
    else if (list === 'tools' && at.length === 3 && DROPPED_TOOL_KEYS.has(key)) delete out.tools[i][key as keyof Tool];
    else if (list === 'tools' && at.length === 4 && key === 'mcp' && sub === 'mocks') delete out.tools[i].mcp?.mocks;
    else if (list === 'blocks' && at.length === 3 && key === 'color') delete out.blocks[i].color;
    else if (list === 'edges' && key === 'conditions' && at.length === 4) {
      const condition = out.edges[i].conditions[Number(sub)];
      // A state expression is written as a sentence the model judges (inferred-keys.ts).
      if (condition.kind === 'expression') out.edges[i].conditions[Number(sub)] = { kind: 'nlu', sentence: expressionAsNluSentence(condition.expression) };
      else if (condition.kind === 'result') {
        const tool = out.tools.find((t) => t.id === condition.toolId);
        out.edges[i].conditions[Number(sub)] = { kind: 'nlu', sentence: resultAsNluSentence(tool ? writtenToolName(tool) : condition.toolId, condition.field, condition.expected) };
      }
    }
  }
  return out;
}

const DROPPED_TOOL_KEYS = new Set(['when', 'confirm', 'announce', 'preview', 'timeout', 'implementation', 'mock', 'mcp']);

/** Tools as the importer's registry gathers them: one per distinct definition and name, renamed on a clash within a block. */
function projectTools(plan: ExportPlan) {
  const seen: { name: string; definition: unknown; tool: Tool }[] = [];
  const byBlock = new Map<string, Map<string, Tool>>();
  const tools: Tool[] = [];
  const listed: Tool[][] = [];
  for (const block of plan.blocks) {
    const names = new Map<string, Tool>();
    const own: Tool[] = [];
    listed.push(own);
    byBlock.set(block.id, names);
    for (const source of plan.toolsOf.get(block.id)!) {
      const name = writtenToolName(source);
      const definition = writeTool(source);
      let tool = seen.find((s) => s.name === name && deepEqual(s.definition, definition))?.tool;
      if (tool?.scope.kind === 'blocks' && !tool.scope.blockIds.includes(block.id)) tool.scope.blockIds.push(block.id);
      if (!tool) {
        // Renamed only where this block already lists a tool of the name (read-tools.ts).
        tool = projectTool(source, names.has(name) ? uniqueName(name, tools.map((t) => t.name)) : name, block.id);
        tools.push(tool);
        seen.push({ name, definition, tool });
      }
      if (!names.has(name)) names.set(name, tool);
      if (!own.includes(tool)) own.push(tool);
    }
  }
  const resolve = (blockId: string, name: string) => byBlock.get(blockId)?.get(name) ?? seen.find((s) => s.name === name)?.tool;
  return { tools: orderAsListed(tools, listed), resolve };
}

function projectTool(source: Tool, name: string, blockId: string): Tool {
  const tool: Tool = {
    id: source.id, kind: source.kind, name, description: source.description,
    parameters: source.kind === 'function' ? structuredClone(source.parameters) : noParameters(),
    scope: { kind: 'blocks', blockIds: [blockId] },
    fallback: source.kind === 'function' && isFallbackToolName(name), pii: [],
  };
  if (source.kind === 'mcp') {
    const mcp = source.mcp;
    tool.mcp = { serverLabel: mcp?.serverLabel || source.name, serverUrl: mcp?.serverUrl ?? '', allowedTools: [...(mcp?.allowedTools ?? [])], headers: { ...mcp?.headers } };
  }
  const extra = survivingExtra(toolShape(source), source.extra, source.kind === 'function' ? FUNCTION_TOOL_SHAPE : MCP_TOOL_SHAPE);
  if (extra) tool.extra = extra;
  return tool;
}

const withoutExtra = <T extends { extra?: unknown }>(entity: T): T => ({ ...entity, extra: undefined });

export function projectBlockAgent(doc: AgentDocument, options: { name?: string } = {}): AgentDocument {
  const lossy = applyBlockAgentLosses(doc);
  const plan = planExport(lossy);
  const names = conditionNames(plan);
  const { tools, resolve } = projectTools(plan);
  const stageRef = (id: string) => plan.stageRef.get(id);

  const blocks: Block[] = plan.blocks.map((source) => {
    const block: Block = { id: source.id, name: source.name, ref: plan.blockRef.get(source.id)!, intent: false };
    if (source.looping) {
      const { threshold, messages, connectTo, kpis } = source.looping;
      block.looping = { threshold, messages: [...messages] };
      if (connectTo && plan.stageRef.has(connectTo)) block.looping.connectTo = connectTo;
      if (kpis !== undefined) block.looping.kpis = structuredClone(kpis);
    }
    const extra = survivingExtra(writeBlock(withoutExtra(source), block.ref, [], [], stageRef), source.extra, BLOCK_SHAPE);
    if (extra) block.extra = extra;
    block.intent = isIntentBlock(block.name, block.ref, tools.filter((t) => t.scope.kind === 'blocks' && t.scope.blockIds.includes(block.id)));
    return block;
  });

  const stages: Stage[] = [];
  const edges: Edge[] = [];
  for (const source of plan.blocks.flatMap((b) => plan.stagesOf.get(b.id)!)) {
    const ref = plan.stageRef.get(source.id)!;
    const stage: Stage = { id: source.id, name: source.name, ref, blockId: source.blockId, kind: source.kind, instructions: source.instructions };
    if (source.waitToken !== undefined) stage.waitToken = source.waitToken;
    const extra = survivingExtra(writeTurn(withoutExtra(source), ref, []), source.extra, TURN_SHAPE);
    if (extra) stage.extra = extra;
    stages.push(stage);
    for (const edge of edgesFrom(lossy, source.id)) {
      if (edge.kind === 'edge' && !plan.stageRef.has(edge.to)) continue;
      const conditions = writtenConditions(edge, names).map((c): Condition =>
        c.kind === 'tool' ? { ...c, toolId: resolve(source.blockId, names.toolName(c.toolId)!)!.id } : { ...c });
      const projected: Edge = { id: edge.id, from: edge.from, to: edge.kind === 'loop' ? edge.from : edge.to, kind: edge.kind, conditions };
      const edgeExtra = survivingExtra(writeEdge(withoutExtra(edge), stageRef(edge.to), names), edge.extra, EDGE_SHAPE);
      if (edgeExtra) projected.extra = edgeExtra;
      edges.push(projected);
    }
  }

  const preservedLlm = lossy.preserved?.blockAgent?.llm_settings;
  const top: Record<string, unknown> = { personality: lossy.persona, blocks: [] };
  if (Object.keys(lossy.llm).length > 0 || (isPlainObject(preservedLlm) && Object.keys(preservedLlm).length > 0)) top.llm_settings = writeLlm(lossy.llm);
  const preserved = survivingExtra(top, lossy.preserved?.blockAgent, TOP_SHAPE);
  const projected: AgentDocument = {
    format: DOCUMENT_FORMAT, version: CURRENT_VERSION, id: lossy.id,
    name: options.name ?? IMPORTED_AGENT_NAME, target: 'block-agent', persona: lossy.persona, llm: { ...lossy.llm },
    opening: 'caller',
    // A field keeps its id where the document declares one of that name, so the two can be compared.
    state: stateFromTools(tools, (name) => doc.state.find((f) => f.name === name)?.id ?? `state_${name}`),
    blocks, stages, edges, tools,
    entryStageId: (stages.find((s) => s.blockId === blocks[0]?.id) ?? stages[0])?.id ?? null,
    layout: { positions: {}, sizes: {} },
  };
  if (preserved) projected.preserved = { blockAgent: preserved };
  return projected;
}
