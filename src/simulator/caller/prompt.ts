// What the simulated caller's model is sent (issue 6, point 4): who it plays and what it wants,
// how to end, and the call so far as it heard it, with the roles swapped: the agent's lines are
// what it is told (user), its own earlier lines are its answers (assistant).
import type { ChatMessage, Line, ModelRequest } from '../types';

export interface CallerBrief {
  /** Who is calling, in a sentence or two: "Ana Ruiz, phone 600 111 222; gives her phone only when asked". */
  persona: string;
  /** What the caller wants from the call; optional when the persona already says it. */
  goal?: string;
}

/** The caller's model writes this when its goal is done or cannot be done; it is never said. */
export const END_MARK = '[[END]]';

/** Said to the caller's model when the agent has not spoken yet (providers need a first user turn). */
export const CALL_CONNECTED = '(The call is connected. You speak first.)';
/** Said to it when the agent's step ended without a spoken line (only tool calls, or a failure). */
export const AGENT_SILENT = '(The agent says nothing.)';

export function callerSystemPrompt(brief: CallerBrief): string {
  const goal = brief.goal?.trim();
  return [
    'You are playing a person who phones a business, to test its voice agent. You are the caller, not the assistant: never offer help, never act as the agent.',
    `Who you are: ${brief.persona.trim()}`,
    ...(goal ? [`What you want from this call: ${goal}`] : []),
    'Speak as a caller does on the phone: one short line at a time, answering what you were just asked. Give details only when they are asked for. Never describe actions or write stage directions.',
    `When your goal is done, or clearly cannot be done, you may say a short goodbye, then write exactly ${END_MARK}.`,
  ].join('\n\n');
}

/** The lines a caller hears or says; tool calls and their results are invisible on a phone line. */
export function callerMessages(transcript: readonly Line[]): ChatMessage[] {
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const line of transcript) {
    if (line.kind === 'tool-call' || line.kind === 'tool-result' || line.kind === 'node' || line.kind === 'context' || !line.text.trim()) continue;
    const role = line.kind === 'caller' ? 'assistant' : 'user';
    const last = messages.at(-1);
    // Two agent lines in a row (an announce, then the answer) are one turn for the caller.
    if (last?.role === role) last.content = `${last.content}\n${line.text}`;
    else messages.push({ role, content: line.text });
  }
  if (messages[0]?.role !== 'user') messages.unshift({ role: 'user', content: CALL_CONNECTED });
  if (messages.at(-1)?.role !== 'user') messages.push({ role: 'user', content: AGENT_SILENT });
  return messages;
}

export function callerRequest(brief: CallerBrief, transcript: readonly Line[], options: { temperature?: number; signal?: AbortSignal } = {}): ModelRequest {
  return {
    purpose: 'caller',
    system: callerSystemPrompt(brief),
    messages: callerMessages(transcript),
    tools: [],
    toolChoice: 'none',
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** The caller's next move, read from its model's text. */
export type CallerMove =
  /** `hangsUp`: the line came with the end mark, so it is the caller's last. */
  | { kind: 'say'; text: string; hangsUp: boolean }
  | { kind: 'end' };

/**
 * Reads an answer: the end mark anywhere ends the call after the text before it (if any). Quotes
 * around the whole line and a "Caller:" prefix, which models add when they play a role, are dropped.
 */
export function readCallerAnswer(text: string): CallerMove {
  const hangsUp = text.includes(END_MARK);
  const spoken = text
    .split(END_MARK)[0]
    .trim()
    .replace(/^(caller|me|user)\s*:\s*/i, '')
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  if (!spoken) return hangsUp ? { kind: 'end' } : { kind: 'say', text: '', hangsUp: false };
  return { kind: 'say', text: spoken, hangsUp };
}
