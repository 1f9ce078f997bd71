// What both engines send a model of the call so far: the history as chat messages, and a tool as
// the model is offered it (its docstring folded to the one line Pinecall reads, design.md).
import type { Tool } from '../model';
import { docstringOneLine } from '../model/docstring';
import type { ChatMessage, Line, ToolSpec } from './types';

export const toolSpec = (tool: Tool): ToolSpec => ({ name: tool.name, description: docstringOneLine(tool.description), parameters: tool.parameters });

/**
 * The history as chat messages. The calls of one model answer become one assistant message, and
 * runtime lines said while they ran (announce, confirm) are put after their results: providers
 * refuse anything between an assistant's tool calls and the results, and the model reads these
 * lines as its own anyway (step 4).
 */
export function historyMessages(transcript: Line[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let held: ChatMessage[] = [];
  const open = new Set<string>();
  const flush = () => {
    if (open.size === 0) {
      messages.push(...held);
      held = [];
    }
  };
  transcript.forEach((line, i) => {
    if (line.kind === 'caller') messages.push({ role: 'user', content: line.text });
    else if (line.kind === 'agent') {
      const next = transcript[i + 1];
      // Text that came with tool calls is that same assistant message.
      if (next?.kind === 'tool-call') messages.push({ role: 'assistant', content: line.text, toolCalls: [] });
      else messages.push({ role: 'assistant', content: line.text });
    } else if (line.kind === 'runtime') {
      (open.size ? held : messages).push({ role: 'assistant', content: line.text });
    } else if (line.kind === 'tool-call') {
      const last = messages[messages.length - 1];
      const prev = transcript[i - 1];
      const sameAnswer = prev !== undefined && ((prev.kind === 'tool-call' && prev.call === line.call) || prev.kind === 'agent');
      const call = { id: line.id, name: line.name, arguments: line.arguments };
      if (sameAnswer && last?.role === 'assistant' && last.toolCalls) last.toolCalls.push(call);
      else messages.push({ role: 'assistant', content: '', toolCalls: [call] });
      open.add(line.id);
    } else {
      messages.push({ role: 'tool', toolCallId: line.id, name: line.name, content: line.modelReads });
      open.delete(line.id);
      flush();
    }
  });
  messages.push(...held);
  return messages;
}
