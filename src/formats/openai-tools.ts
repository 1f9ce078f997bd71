// What the model is offered in one stage: the OpenAI `tools` array (function calling; mcp tools in
// OpenAI's MCP tool shape). Visibility is the tool's scope; a Pinecall `when` predicate reads the
// live state, so it is left to the simulator.
import { assertWithinDepth, toolsVisibleIn, type AgentDocument } from '../model';
import { toolShape } from '../runtimes/block-agent/format';

export interface OpenAiFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
export interface OpenAiMcpTool {
  type: 'mcp';
  server_label: string;
  server_url: string;
  server_description?: string;
  allowed_tools?: string[];
  headers?: Record<string, string>;
}
export type OpenAiTool = OpenAiFunctionTool | OpenAiMcpTool;

/** The tools offered in stage `stageId`, in document order; [] for a stage that does not exist. */
export function openAiToolsForStage(doc: AgentDocument, stageId: string): OpenAiTool[] {
  const stage = doc.stages.find((s) => s.id === stageId);
  if (!stage) return [];
  assertWithinDepth(doc);
  return toolsVisibleIn(doc, stage).map((tool) => toolShape(tool) as unknown as OpenAiTool);
}
