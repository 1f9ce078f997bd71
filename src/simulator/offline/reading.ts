// What the offline model reads off a request: the caller's lines, what happened since the last
// one (tool calls and their results), and the items the agent has offered (rows of a tool result,
// or a JSON list the system prompt shows) that a caller may pick by "the second one".
import { isFrameworkBlock } from '../../model/prompt-blocks';
import type { ChatMessage, ModelRequest } from '../types';
import { callerLinesOf, nearestOlderOf, olderLatePartOf, readHistory, type HistoryRead, type NearestOlder } from './history-fold';

export interface StepCall {
  name: string;
  arguments: string;
  /** What the model read back; undefined while no result came. */
  result?: string;
  failed: boolean;
}

export type Item = Record<string, unknown>;

export interface Reading {
  /** Every caller line, the most recent first. */
  callerLines: string[];
  /** The agent's own lines (model text and runtime lines), in order. */
  agentLines: string[];
  /** Tool calls since the last caller line, in order, with their results. */
  stepCalls: StepCall[];
  /** The last thing in the history is a tool result, or a runtime line said after one. */
  afterResults: boolean;
  /** Offered rows, the most recent list first. */
  offered: Item[];
  /** Clock times (HH:MM) the last offering tool result listed ({"slots": ["12:30", "13:00"]}). */
  offeredTimes: string[];
  /** Every text the last offering tool result listed (["2026-12-08 09:30", …]): valuesListed. */
  offeredValues: string[];
  /** The stage's instructions: the system prompt's last paragraph (the persona comes first), or the runtime's latest task messages. */
  instructions: string;
  /**
   * The instructions came as task messages in the conversation (a Pipecat node's), and where: `entered`
   * when the node was entered after the caller's latest line (nothing the caller said was said to it).
   */
  task?: {
    entered: boolean;
    /** Caller lines said to the node since its task was last given (its exchanges so far). */
    exchanges: number;
    /** How many times the node's task has been given in this conversation: 2 once it re-entered itself. */
    visits: number;
  };
  /** The history as read (history-fold.ts), for what else is carried with it (history-memo.ts askedOf). */
  history: HistoryRead;
  /** A search of the caller lines that stops only at lines passing a test (history-fold.ts nearestOlderOf). */
  nearestOlder: NearestOlder;
  /** For caller line `i` (most recent first): the nearest older caller line naming a late part of day, or ''. */
  olderLatePart: (i: number) => string;
}

/** A result the model reads is JSON when the tool returned a value; a check or a throw is a sentence. */
function failedResult(name: string, content: string): boolean {
  try {
    JSON.parse(content);
    return false;
  } catch {
    return content.startsWith(`${name}:`) || /\b(?:not|no|error|fail|failed|invalid|required|must|cannot|can't|unknown|unable|sorry)\b/i.test(content);
  }
}

const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows a value offers: an array of objects, or the first such array inside an object. */
export function rowsOf(value: unknown): Item[] {
  if (Array.isArray(value)) return value.filter(isItem);
  if (isItem(value)) for (const v of Object.values(value)) if (Array.isArray(v) && v.some(isItem)) return v.filter(isItem);
  return [];
}

/** JSON arrays of objects written into a text (a template that printed a list into the prompt). */
export function jsonListsIn(text: string): Item[][] {
  const lists: Item[][] = [];
  for (let start = text.indexOf('[{'); start >= 0; start = text.indexOf('[{', start + 1)) {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      if (text[i] === '[') depth++;
      else if (text[i] === ']' && --depth === 0) {
        try {
          const rows = rowsOf(JSON.parse(text.slice(start, i + 1)));
          if (rows.length) lists.push(rows);
        } catch {
          // Not JSON after all: prose with brackets.
        }
        break;
      }
    }
  }
  return lists;
}

/**
 * The words a result lists, in arrays at most three levels down ("slots": ["12:30", "13:00"],
 * "appointments": ["2026-12-08 09:30", …], or rows with a time each): what a caller picks "the one
 * o'clock" or "Tuesday at two" from. Bounded: a result is the tool's, and the tool's code is the
 * agent file's.
 */
export function valuesListed(value: unknown, depth = 0, inList = false): string[] {
  if (depth > 3) return [];
  if (typeof value === 'string') return inList && value.length <= 200 ? [value.trim()] : [];
  if (Array.isArray(value)) return value.slice(0, 200).flatMap((v) => valuesListed(v, depth + 1, true));
  if (isItem(value)) return Object.values(value).slice(0, 200).flatMap((v) => valuesListed(v, depth + 1, inList));
  return [];
}
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?$/;
/** Of the listed values, the clock times, as HH:MM. */
export const timesListed = (values: string[]): string[] => values.filter((v) => CLOCK.test(v)).map((v) => v.replace(/^(\d):/, '0$1:').slice(0, 5));

/** A tool message's content offers rows or times (the last such message's are what the agent offered). */
function offersRows(content: string): boolean {
  try {
    const value: unknown = JSON.parse(content);
    return rowsOf(value).length > 0 || valuesListed(value).length > 1;
  } catch {
    // An error sentence offers nothing.
    return false;
  }
}

/**
 * How many messages the runtime opens the history with on its own: a round of calls to tools it does
 * not offer the model, answered before any other line (Pinecall's `current_date` pair, tools.py
 * date_pair). 0 when there is none.
 */
function runtimeOpening(request: ModelRequest): number {
  const [first] = request.messages;
  if (first?.role !== 'assistant' || first.content.trim() || !first.toolCalls?.length) return 0;
  const offered = new Set(request.tools.map((t) => t.name));
  if (first.toolCalls.some((c) => offered.has(c.name))) return 0;
  const ids = new Set(first.toolCalls.map((c) => c.id));
  let end = 1;
  while (end < request.messages.length && ids.size > 0) {
    const m = request.messages[end];
    if (m.role !== 'tool' || !ids.delete(m.toolCallId)) return 0;
    end++;
  }
  return ids.size === 0 ? end : 0;
}

/**
 * The request's reading. The history's facts (caller and agent lines, the questions before each
 * caller line, the last rows offered) are carried from the request before (history-fold.ts); only
 * the messages since the last caller line are read here.
 */
/**
 * A node's task message (Pipecat's), not instructions livekit adds for one reply (Pinecall's
 * `improvise("…")`: read with the system text, as the prompt's own words).
 */
const isTask = (m: ChatMessage | undefined): boolean => m?.role === 'system' && !m.livekit;

/** The last run of runtime messages in the conversation (a Pipecat node's task messages), joined; undefined when there are none. */
function latestContext(messages: readonly ChatMessage[]): string | undefined {
  let end = messages.length - 1;
  while (end >= 0 && !isTask(messages[end])) end--;
  if (end < 0) return undefined;
  let start = end;
  while (start > 0 && isTask(messages[start - 1])) start--;
  return messages.slice(start, end + 1).map((m) => m.content.trim()).join('\n\n');
}

/** Every run of runtime messages in the conversation, each joined as latestContext joins the last. */
function taskRuns(messages: readonly ChatMessage[]): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  for (const m of [...messages, undefined]) {
    if (isTask(m)) run.push(m!.content.trim());
    else if (run.length) {
      runs.push(run.join('\n\n'));
      run = [];
    }
  }
  return runs;
}

export function readRequest(request: ModelRequest): Reading {
  const messages: ChatMessage[] = request.messages;
  const history = readHistory(messages, offersRows);
  const callerLines = callerLinesOf(history);
  const agentLines = history.fold.agents.slice(0, history.at.agents);
  const lastUser = history.at.lastUser;
  const stepCalls: StepCall[] = [];
  const byId = new Map<string, StepCall>();
  // What the runtime put before the call's first line (Pinecall's date pair) is no call of this step.
  const from = Math.max(lastUser + 1, runtimeOpening(request));
  for (let i = from; i < messages.length; i++) {
    const m = messages[i];
    if (m.role === 'assistant') {
      for (const tc of m.toolCalls ?? []) {
        const call: StepCall = { name: tc.name, arguments: tc.arguments, failed: false };
        stepCalls.push(call);
        byId.set(tc.id, call);
      }
    } else if (m.role === 'tool') {
      const call = byId.get(m.toolCallId);
      if (call) {
        call.result = m.content;
        call.failed = failedResult(m.name, m.content);
      }
    }
  }
  // Runtime lines (announce, confirm) come after the results they were said among: skip them.
  let last = messages.length - 1;
  while (last >= from && messages[last].role === 'assistant' && !(messages[last] as { toolCalls?: unknown[] }).toolCalls?.length) last--;
  const afterResults = last >= from && messages[last].role === 'tool';
  // The last tool message that offers rows, parsed afresh: no two requests share its rows.
  const lastOffer: unknown = history.at.lastRows >= 0 ? JSON.parse(messages[history.at.lastRows].content) : undefined;
  const offered: Item[] = rowsOf(lastOffer);
  const offeredValues = [...new Set(valuesListed(lastOffer))];
  const offeredTimes = [...new Set(timesListed(offeredValues))];
  // The prompt's words wherever the runtime puts them: the system text, a reply's own instructions
  // (livekit's, in the conversation), then what it sends after the history (Pinecall's view).
  const promptText = [request.system, ...messages.filter((m) => m.role === 'system' && m.livekit).map((m) => m.content), ...(request.afterHistory ?? [])].join('\n\n');
  if (!offered.length) for (const list of jsonListsIn(promptText)) offered.push(...list);
  // A runtime's own blocks (its traits' frameworkBlocks: Pinecall's <rules>, <tools>…) are no agent's words: the persona and the view are.
  const paragraphs = promptText.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p && !isFrameworkBlock(p));
  // A runtime that puts the node's task in the conversation (Pipecat appends a node's task messages as
  // it enters the node): the latest of them are the instructions, the system prompt is the role.
  const task = latestContext(messages);
  const lastTask = messages.findLastIndex(isTask);
  const exchanges = messages.slice(lastTask + 1).filter((m) => m.role === 'user').length;
  return {
    ...(task !== undefined ? { task: { entered: lastTask > lastUser, exchanges, visits: taskRuns(messages).filter((run) => run === task).length } } : {}),
    callerLines, agentLines, stepCalls, afterResults, offered, offeredTimes, offeredValues,
    instructions: task ?? (paragraphs.length > 1 ? paragraphs[paragraphs.length - 1] : (paragraphs[0] ?? '')),
    history,
    nearestOlder: nearestOlderOf(history),
    olderLatePart: olderLatePartOf(history),
  };
}
