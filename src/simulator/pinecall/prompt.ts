// What the model is sent, built afresh before every model call (formats/pinecall.md, step 2):
// the persona and the current stage's instructions filled from the state, the history, and only
// the tools visible now (stage scope and `when`).
import { byId, toolsVisibleIn, type AgentDocument, type Tool } from '../../model';
import { docstringOneLine } from '../../model/docstring';
import { fillTemplate } from '../template';
import type { ChatMessage, Evaluate, Line, Session, ToolSpec } from '../types';

export interface Visible {
  tools: Tool[];
  /** Trace notes on how `when` was decided (not evaluated yet, or a predicate that threw). */
  notes: string[];
}

/**
 * The tools offered now. Without a stage (an agent with no stages) every tool is offered, as a
 * class without a stage field does. `when` is decided by `evaluate` over a frozen copy of the state.
 */
export function visibleTools(doc: AgentDocument, session: Session, evaluate: Evaluate | undefined): Visible {
  const stage = byId(doc.stages, session.stageId);
  const scoped = (stage ? toolsVisibleIn(doc, stage) : doc.tools).filter((t) => t.kind === 'function');
  const notes: string[] = [];
  const frozen = Object.freeze(structuredClone(session.state));
  const tools = scoped.filter((tool) => {
    if (!tool.when?.trim()) return true;
    if (!evaluate) {
      notes.push(`when of ${tool.name} not evaluated (no sandbox yet): taken as true`);
      return true;
    }
    try {
      return evaluate(tool.when, frozen, { what: `the when of tool ${tool.name}` });
    } catch (error) {
      notes.push(`when of ${tool.name} threw (${(error as Error).message}): the tool is hidden`);
      return false;
    }
  });
  return { tools, notes };
}

/** The system prompt: persona, then what `render()` prints now for the current stage. */
export function systemPrompt(doc: AgentDocument, session: Session): string {
  const stage = byId(doc.stages, session.stageId);
  const parts = [doc.persona, stage?.instructions ?? ''].map((p) => fillTemplate(p, session.state).trim()).filter(Boolean);
  return parts.join('\n\n');
}

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
