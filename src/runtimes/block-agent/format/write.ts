// Document entities → the plain maps a Block Agent file holds, modelled keys in the order
// formats/block-agent.md writes them, then the entity's `extra` merged back. Pure data: the
// exporter turns it into YAML text, the round-trip oracle reads it to know what survives.
import type { Block, Condition, Edge, LlmSettings, Stage, Tool } from '../../../model';
import { mergeExtra, type PlainObject } from './extra';
import {
  CONDITION_FIELD, CONDITION_NLU, CONDITION_TOOL, EDGE_CONNECT_TO, MCP_ALLOWED_TOOLS, MCP_HEADERS,
  MCP_SERVER_DESCRIPTION, MCP_SERVER_LABEL, MCP_SERVER_URL, expressionAsNluSentence, resultAsNluSentence,
} from './inferred-keys';
import { BLOCK_SHAPE, EDGE_SHAPE, FUNCTION_TOOL_SHAPE, LLM_KEYS, MCP_TOOL_SHAPE, TURN_SHAPE } from './keys';

/** A tool entry without extras: OpenAI's function-calling shape, or its MCP tool shape. */
export function toolShape(tool: Tool): PlainObject {
  if (tool.kind === 'function') {
    return { type: 'function', function: { name: tool.name, description: tool.description, parameters: structuredClone(tool.parameters) } };
  }
  const mcp = tool.mcp;
  const entry: PlainObject = { type: 'mcp', [MCP_SERVER_LABEL]: mcp?.serverLabel || tool.name, [MCP_SERVER_URL]: mcp?.serverUrl ?? '' };
  if (tool.description) entry[MCP_SERVER_DESCRIPTION] = tool.description;
  // Absent allowed_tools means every tool of the server, which is what an empty list says in the document.
  if (mcp && mcp.allowedTools.length > 0) entry[MCP_ALLOWED_TOOLS] = [...mcp.allowedTools];
  if (mcp && Object.keys(mcp.headers).length > 0) entry[MCP_HEADERS] = { ...mcp.headers };
  return entry;
}

export const writeTool = (tool: Tool): PlainObject =>
  mergeExtra(toolShape(tool), tool.extra, tool.kind === 'function' ? FUNCTION_TOOL_SHAPE : MCP_TOOL_SHAPE);

export function writeLlm(llm: LlmSettings): PlainObject {
  const out: PlainObject = {};
  for (const key of LLM_KEYS) if (llm[key] !== undefined) out[key] = llm[key];
  return out;
}

/** How conditions name what they read; undefined drops the condition (its tool is not written). */
export interface ConditionNames {
  toolName(toolId: string): string | undefined;
}

export function writeCondition(condition: Condition, names: ConditionNames): PlainObject | undefined {
  switch (condition.kind) {
    case 'tool': {
      const tool = names.toolName(condition.toolId);
      if (tool === undefined) return undefined;
      const out: PlainObject = { source: 'tools', [CONDITION_TOOL]: tool };
      if (condition.field !== undefined) out[CONDITION_FIELD] = condition.field;
      out.expected_value = condition.expected;
      return out;
    }
    case 'external':
      return { source: 'external', expected_value: condition.expected };
    case 'nlu':
      return { [CONDITION_NLU]: condition.sentence };
    case 'expression':
      return { [CONDITION_NLU]: expressionAsNluSentence(condition.expression) };
    case 'result':
      return { [CONDITION_NLU]: resultAsNluSentence(names.toolName(condition.toolId) ?? condition.toolId, condition.field, condition.expected) };
  }
}

/** The conditions that are written (a tool condition whose tool is not written is left out). */
export const writtenConditions = (edge: Edge, names: ConditionNames): Condition[] =>
  edge.conditions.filter((c) => c.kind !== 'tool' || names.toolName(c.toolId) !== undefined);

export function writeEdge(edge: Edge, targetRef: string | undefined, names: ConditionNames): PlainObject {
  const out: PlainObject = { type: edge.kind, conditions: writtenConditions(edge, names).map((c) => writeCondition(c, names)!) };
  if (edge.kind === 'edge' && targetRef !== undefined) out[EDGE_CONNECT_TO] = { turn_id: targetRef };
  return mergeExtra(out, edge.extra, EDGE_SHAPE);
}

export function writeTurn(stage: Stage, ref: string, edges: PlainObject[]): PlainObject {
  const out: PlainObject = { turn_id: ref, name: stage.name };
  if (stage.kind === 'wait') out.type = 'wait';
  if (stage.waitToken !== undefined) out.wait_token = stage.waitToken;
  out.content = stage.instructions;
  // A turn with no edges ends the call; the example writes no `edges` key for it.
  if (edges.length > 0) out.edges = edges;
  return mergeExtra(out, stage.extra, TURN_SHAPE);
}

export function writeBlock(block: Block, ref: string, tools: PlainObject[], turns: PlainObject[], stageRef: (id: string) => string | undefined): PlainObject {
  const out: PlainObject = { block_id: ref, name: block.name, tools, turns };
  if (block.looping) {
    const { threshold, messages, connectTo, kpis } = block.looping;
    const looping: PlainObject = { threshold, messages: [...messages] };
    const target = connectTo ? stageRef(connectTo) : undefined;
    if (target !== undefined) looping.connect_to = { turn_id: target };
    if (kpis !== undefined) looping.kpis = structuredClone(kpis);
    out.looping = looping;
  }
  return mergeExtra(out, block.extra, BLOCK_SHAPE);
}
