// Pinecall's platform keeps every declared tool in the model's request for the whole call and
// refuses a closed one where it is run (pinecall/runtime `session/call.py` set_tools): a request
// then names the subset open now beside the tools it sends. What picks a tool on the runtime's
// behalf (the offline model, a scripted model, Play the model) picks among the open ones.
import type { ModelRequest, ToolSpec } from './types';

/** The request's tools the runtime runs now: those `openTools` names, or every tool when it names none. */
export function toolsOpenIn(request: Pick<ModelRequest, 'tools' | 'openTools'>): ToolSpec[] {
  const open = request.openTools;
  if (open === undefined) return request.tools;
  const names = new Set(open);
  return request.tools.filter((tool) => names.has(tool.name));
}

/** Whether the request sends tools the runtime would refuse now (the Turn inspector marks them). */
export const closedIn = (request: Pick<ModelRequest, 'openTools'>, name: string): boolean =>
  request.openTools !== undefined && !request.openTools.includes(name);
