// Messages between the run controller and the tool worker (./tool.worker.ts).
import type { AgentDocument, Tool } from '../../model';
import type { CallFacts, ToolRun } from '../types';

export interface ToolRunRequest {
  id: number;
  /** Sent when the document changed since the worker last saw it (helpers come from its class). */
  doc?: AgentDocument;
  tool: Tool;
  args: Record<string, unknown>;
  state: Record<string, unknown>;
  call: CallFacts;
}

export type ToolRunResponse = { id: number; run: ToolRun } | { id: number; error: string };
