// What the offline model reads off a request's history, carried from one request of a call to the
// next. Every model call of a long call sends the whole history again; reading all of it each time
// (the caller's lines, the agent's, the question before each caller line, the last rows a tool
// offered, an earlier mention of a part of day) made the calls of a `callboard simulate` run of
// 4,000 lines quadratic. The engines' histories share their message objects from call to call
// (simulator/messages.ts), so a request whose messages begin with the very messages (===) an
// earlier one was read up to is read on from there; one that differs earlier (an edited message,
// another conversation, a test's own objects) is read on from where it first differs, from the
// state as it stood there. What is read is a function of the messages alone: the same request
// reads the same, whatever came before it.
import { withoutCorrections } from './corrections';
import { sharedPrefixFrom, type Compared } from '../append-only';
import type { ChatMessage } from '../types';

/** Words for a part of day after noon: "seven" said after "evening" is 19:00 (fill.ts, inDayPart). */
// ("after school", "after work", "teatime": afternoon by what people do then.)
export const LATE_DAY_PART = /\b(tonight|evening|afternoon|night|after\s+(?:school|work|lunch)|tea\s?time)s?\b/i;

/** Where the reading stood after a message: the lengths of its lists and its last facts. */
interface Mark {
  callers: number;
  agents: number;
  /** The agent's last non-blank line since the last caller line (the question the next one answers). */
  question: string | undefined;
  /** Index of the last user message, -1 before the first. */
  lastUser: number;
  /** Index of the last tool message whose content offers rows, -1 while none did. */
  lastRows: number;
  /** Index (into `callers`) of the last caller line that names a late part of day, -1 while none did. */
  lastLatePart: number;
}

const START: Mark = { callers: 0, agents: 0, question: undefined, lastUser: -1, lastRows: -1, lastLatePart: -1 };

export interface Fold {
  /** The messages read, and where the reading stood after each. */
  messages: ChatMessage[];
  marks: Mark[];
  /** Caller lines in order (not most recent first). */
  callers: string[];
  /** The agent's non-blank lines (model text and runtime lines), in order. */
  agents: string[];
  /** For each caller line, in order: the agent's last line before it since the caller's line before. */
  questions: (string | undefined)[];
  /** For each caller line, in order: the index of the last caller line up to it that names a late part of day (-1: none). */
  latePart: number[];
  /** Per key (perLineOf): a value for each caller line, in order (what the question before it asked for, with a tool set). */
  perLine: Map<string, unknown[]>;
  /** Per test of a line (nearestOlder's key): for each caller line, in order, the index of the last line up to it that passes. */
  passed: Map<string, number[]>;
  /** The messages array compared last, and how far (a step's calls share one: Block Agent's reply and tool calls). */
  compared: Compared<ChatMessage>;
}

/** A read of one request's history: the fold, and where it stood after the request's last message. */
export interface HistoryRead {
  fold: Fold;
  at: Mark;
}

/** The rows a tool message offers, when it is JSON holding an array of objects (reading.ts rowsOf). */
export type RowsOf = (content: string) => boolean;

const folds = new WeakMap<ChatMessage, Fold>();

/**
 * Reads `messages`, going on from what an earlier request with the same first message read.
 * `offersRows` tells a tool message whose content offers rows (it is not kept: rows are parsed
 * afresh for each request, so no caller shares them).
 */
export function readHistory(messages: readonly ChatMessage[], offersRows: RowsOf): HistoryRead {
  const first = messages[0];
  if (first === undefined) return { fold: newFold(), at: START };
  let fold = folds.get(first);
  if (!fold) folds.set(first, (fold = newFold()));
  const same = sharedPrefixFrom(messages, fold.messages, fold.compared);
  if (same < fold.messages.length) cut(fold, same);
  for (let i = fold.messages.length; i < messages.length; i++) step(fold, messages[i], i, offersRows);
  fold.compared = { array: messages, upTo: messages.length };
  return { fold, at: fold.marks[messages.length - 1] };
}

function newFold(): Fold {
  return { messages: [], marks: [], callers: [], agents: [], questions: [], latePart: [], perLine: new Map(), passed: new Map(), compared: { upTo: 0 } };
}

/** Back to where the reading stood after `keep` messages. */
function cut(fold: Fold, keep: number): void {
  const at = keep > 0 ? fold.marks[keep - 1] : START;
  fold.messages.length = keep;
  fold.marks.length = keep;
  fold.callers.length = at.callers;
  fold.agents.length = at.agents;
  fold.questions.length = at.callers;
  fold.latePart.length = at.callers;
  for (const list of fold.perLine.values()) if (list.length > at.callers) list.length = at.callers;
  for (const list of fold.passed.values()) if (list.length > at.callers) list.length = at.callers;
}

function step(fold: Fold, m: ChatMessage, i: number, offersRows: RowsOf): void {
  const before = i > 0 ? fold.marks[i - 1] : START;
  const at: Mark = { ...before };
  if (m.role === 'user') {
    fold.questions.push(before.question);
    // What the caller took back ("twenty-two. No, sorry, twenty-four") is no longer said.
    fold.callers.push(withoutCorrections(m.content));
    at.callers = fold.callers.length;
    if (LATE_DAY_PART.test(m.content)) at.lastLatePart = at.callers - 1;
    fold.latePart.push(at.lastLatePart);
    at.question = undefined;
    at.lastUser = i;
  } else if (m.role === 'assistant' && m.content.trim()) {
    fold.agents.push(m.content);
    at.agents = fold.agents.length;
    at.question = m.content;
  } else if (m.role === 'tool' && offersRows(m.content)) at.lastRows = i;
  fold.messages.push(m);
  fold.marks.push(at);
}

/** The caller lines of a read, most recent first (as Reading.callerLines). */
export function callerLinesOf(read: HistoryRead): string[] {
  return read.fold.callers.slice(0, read.at.callers).reverse();
}

/**
 * For the caller line `i` (most recent first), the nearest older caller line that names a late part
 * of day, '' when none does: the one line of the older ones where LATE_DAY_PART can first match.
 */
export function olderLatePartOf(read: HistoryRead): (i: number) => string {
  const { callers, latePart } = read.fold;
  const n = read.at.callers;
  return (i) => {
    const k = n - 1 - i;
    const j = k > 0 ? latePart[k - 1] : -1;
    return j >= 0 ? callers[j] : '';
  };
}

/** Tool sets and line tests remembered per conversation, at most (a bound, not a working size). */
const MAX_KEYS = 64;

/** A search of a request's caller lines that stops only at lines passing a test (nearestOlderOf). */
export type NearestOlder = (key: string, test: (line: string) => boolean) => (i: number) => number;

/**
 * For each caller line, most recent first, `read(questions)` of the questions before the lines
 * not read yet under `key`: a value per line, read once per line and key (history-memo.ts askedOf).
 * `read` must be a pure function of each question, the same for the same key.
 */
export function perLineOf<T>(history: HistoryRead, key: string, read: (questions: (string | undefined)[]) => T[]): T[] {
  const { fold, at } = history;
  let list = fold.perLine.get(key) as T[] | undefined;
  if (!list) {
    if (fold.perLine.size >= MAX_KEYS) fold.perLine.clear();
    fold.perLine.set(key, (list = []));
  }
  if (list.length < at.callers) list.push(...read(fold.questions.slice(list.length, at.callers)));
  return list.slice(0, at.callers).reverse();
}

/**
 * A search of the caller lines, most recent first, that only stops at lines passing `test`: for
 * line `i`, the index (most recent first) of the nearest older line that passes, -1 when none
 * does. `test` must be a pure function of the line, the same for the same `key` (what it depends
 * on besides the line): each line is tested once per key, and the answers carried with the history.
 */
export function nearestOlderOf(read: HistoryRead): NearestOlder {
  const { fold, at } = read;
  const n = at.callers;
  return (key, test) => {
    let last = fold.passed.get(key);
    if (!last) {
      if (fold.passed.size >= MAX_KEYS) fold.passed.clear();
      fold.passed.set(key, (last = []));
    }
    for (let k = last.length; k < n; k++) last.push(test(fold.callers[k]) ? k : k > 0 ? last[k - 1] : -1);
    const passed = last;
    return (i) => {
      const k = n - 1 - i;
      const j = k > 0 ? passed[k - 1] : -1;
      return j >= 0 ? n - 1 - j : -1;
    };
  };
}
