// What both engines send a model of the call so far: the history as chat messages, and a tool as
// the model is offered it (its docstring folded to the one line Pinecall reads, design.md).
import type { Tool } from '../model';
import { docstringOneLine } from '../model/docstring';
import { noteCopy, sharedPrefixFrom, type Compared } from './append-only';
import type { ChatMessage, Line, ToolSpec } from './types';

export const toolSpec = (tool: Tool): ToolSpec => ({ name: tool.name, description: docstringOneLine(tool.description), parameters: tool.parameters });

/** A point in the transcript where the messages so far are final: no later line changes them. */
interface Stop {
  lines: number;
  messages: number;
}

/**
 * The messages of a transcript's lines up to its last stop, kept between calls: every model call
 * of a step asks for the whole history again, and building it anew each time made a long call's
 * steps grow with its length (quadratic over the call). Keyed on the transcript's first line; the
 * lines it was built from are compared (===) with the transcript's, so a changed earlier line is
 * built again from the last stop before it (append-only.ts).
 */
interface Built {
  /** The messages the history opens with (a runtime's own, before every line: Pinecall's date pair). */
  opening: readonly ChatMessage[];
  lines: Line[];
  messages: ChatMessage[];
  stops: Stop[];
  compared: Compared<Line>;
  /** The array returned last (held weakly) and how many of its messages were built ones. */
  last?: { out: WeakRef<ChatMessage[]>; built: number };
}
const built = new WeakMap<Line, Built>();

/** A message shared by later calls is frozen: a caller that changed it would change every later history. */
function frozen(message: ChatMessage): ChatMessage {
  if (message.role === 'assistant' && message.toolCalls) {
    for (const call of message.toolCalls) Object.freeze(call);
    Object.freeze(message.toolCalls);
  }
  return Object.freeze(message);
}

/**
 * The history as chat messages. The calls of one model answer become one assistant message, and
 * runtime lines said while they ran (announce, confirm) are put after their results: providers
 * refuse anything between an assistant's tool calls and the results, and the model reads these
 * lines as its own anyway (step 4).
 */
export function historyMessages(transcript: Line[], opening: readonly ChatMessage[] = []): ChatMessage[] {
  const first = transcript[0];
  if (first === undefined) return [...opening];
  let memo = built.get(first);
  // Another opening (another day's date pair) is another history: built again.
  if (!memo || !sameOpening(memo.opening, opening)) built.set(first, (memo = { opening, lines: [], messages: [...opening], stops: [], compared: { upTo: 0 } }));
  const same = sharedPrefixFrom(transcript, memo.lines, memo.compared);
  while (memo.stops.length > 0 && memo.stops[memo.stops.length - 1].lines > same) memo.stops.pop();
  const from = memo.stops[memo.stops.length - 1] ?? { lines: 0, messages: opening.length };
  memo.lines.length = from.lines;
  memo.messages.length = from.messages;
  const messages = memo.messages.slice();
  // It begins with the messages the array returned last began with (the same objects) and is only
  // appended to: so noted, a reader of the history (the offline model's history-fold.ts) goes on
  // from where it read that one instead of comparing the whole history again, which on a 4,000-line
  // Block Agent run grew each call with the call's length (issue 16).
  const previous = memo.last?.out.deref();
  if (previous) noteCopy(messages, previous, Math.min(from.messages, memo.last!.built));
  const stops = buildFrom(transcript, from.lines, messages);
  const to = stops[stops.length - 1];
  if (to) {
    for (let i = from.lines; i < to.lines; i++) memo.lines.push(transcript[i]);
    for (let i = from.messages; i < to.messages; i++) memo.messages.push(frozen(messages[i]));
    memo.stops.push(...stops);
  }
  // memo.lines is now the transcript's own lines up to its last stop.
  memo.compared = { array: transcript, upTo: memo.lines.length };
  memo.last = { out: new WeakRef(messages), built: memo.messages.length };
  return messages;
}

/** The same opening messages: the same objects, or the same content. */
function sameOpening(a: readonly ChatMessage[], b: readonly ChatMessage[]): boolean {
  return a === b || (a.length === b.length && a.every((m, i) => m === b[i] || JSON.stringify(m) === JSON.stringify(b[i])));
}

/**
 * Appends the messages of `transcript[from…]` to `messages` (those of the lines before `from`,
 * which must end at a stop) and says where the stops fell among the new lines. A stop follows a
 * caller line, a tool result or a runtime line once no tool call is open and nothing is held:
 * the next line then starts a message of its own. An agent line is no stop (a tool call after it
 * joins its message), nor is a tool call (the next call of the same answer joins it).
 */
function buildFrom(transcript: Line[], from: number, messages: ChatMessage[]): Stop[] {
  const stops: Stop[] = [];
  let held: ChatMessage[] = [];
  const open = new Set<string>();
  const flush = () => {
    if (open.size === 0) {
      messages.push(...held);
      held = [];
    }
  };
  for (let i = from; i < transcript.length; i++) {
    const line = transcript[i];
    if (line.kind === 'caller') messages.push({ role: 'user', content: line.text });
    else if (line.kind === 'agent') {
      const next = transcript[i + 1];
      // Text that came with tool calls is that same assistant message.
      if (next?.kind === 'tool-call') messages.push({ role: 'assistant', content: line.text, toolCalls: [] });
      else messages.push({ role: 'assistant', content: line.text });
    } else if (line.kind === 'runtime') {
      (open.size ? held : messages).push({ role: 'assistant', content: line.text });
    } else if (line.kind === 'context') {
      (open.size ? held : messages).push({ role: 'system', content: line.text, as: line.role });
    } else if (line.kind === 'node') {
      // Entering a node says nothing itself: its task messages follow as context lines.
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
    if (open.size === 0 && held.length === 0 && line.kind !== 'agent' && line.kind !== 'tool-call') stops.push({ lines: i + 1, messages: messages.length });
  }
  messages.push(...held);
  return stops;
}
