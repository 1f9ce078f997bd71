// The tools a Block Agent stage offers the tool call: its block's function tools, and each mcp
// tool simulated by one stub per `allowed_tools` name. No server is called: a stub returns the mock
// result the user set (deps.mcpMocks), else the tool's own `mcp.mocks` entry, else its arguments.
import { byId, toolsOfBlock, toolsVisibleIn, type AgentDocument, type JsonSchema, type Stage, type Tool } from '../../../model';
import { toolSpec } from '../../../simulator/messages';
import type { StepDeps, ToolSpec } from '../../../simulator/types';

export interface Offered {
  /** The name the model calls. */
  name: string;
  spec: ToolSpec;
  /** The document's tool: conditions and the change log name it. */
  tool: Tool;
  /** For an mcp stub: the allowed tool's name. */
  stub?: string;
}

/** Any JSON object: an mcp server's own schema is not known to the document. */
const OPEN_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

export function mcpStubDescription(tool: Tool, stub: string): string {
  return `${tool.mcp?.serverLabel || tool.name} (mcp, simulated): ${stub}`;
}

export function offeredTools(doc: AgentDocument, stage: Stage | undefined): Offered[] {
  if (!stage) return [];
  const offered: Offered[] = [];
  // As exported: a block's tools are shared by all its turns, so a tool scoped to one stage is
  // offered in every stage of that block (the loss "stage-level tool scope" says so in the trace).
  const block = byId(doc.blocks, stage.blockId);
  for (const tool of block ? toolsOfBlock(doc, block) : toolsVisibleIn(doc, stage)) {
    if (tool.kind === 'function') {
      offered.push({ name: tool.name, spec: toolSpec(tool), tool });
      continue;
    }
    for (const stub of tool.mcp?.allowedTools ?? []) {
      offered.push({ name: stub, spec: { name: stub, description: mcpStubDescription(tool, stub), parameters: OPEN_OBJECT }, tool, stub });
    }
  }
  return offered;
}

/** The key of an mcp stub's mock result in deps.mcpMocks (and the store's). */
export const mcpMockKey = (tool: Tool, stub: string): string => `${tool.id}/${stub}`;

/** What an mcp stub returns: the user's mock, the document's mock, or the arguments. */
export function mcpStubResult(deps: StepDeps, tool: Tool, stub: string, args: Record<string, unknown>): unknown {
  const key = mcpMockKey(tool, stub);
  if (deps.mcpMocks && Object.hasOwn(deps.mcpMocks, key)) return structuredClone(deps.mcpMocks[key]);
  const own = tool.mcp?.mocks;
  if (own && Object.hasOwn(own, stub)) return structuredClone(own[stub]);
  return args;
}
