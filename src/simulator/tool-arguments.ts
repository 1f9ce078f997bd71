// A tool call's arguments as both engines read them from the model's answer.
import type { Tool } from '../model';

/** The arguments text as an object, or the message the model reads when it is not one. */
export function parseArguments(tool: Tool, text: string): { args: Record<string, unknown> } | { error: string } {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { error: `${tool.name}: the arguments are not valid JSON; send one JSON object` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: `${tool.name}: the arguments must be one JSON object` };
  return { args: parsed as Record<string, unknown> };
}
