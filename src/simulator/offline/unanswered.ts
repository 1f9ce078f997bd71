// Never stuck (issue 32): a line the rules could not read says so at once, where before the run
// went on as if it had been heard and a scripted run trailed off lines later with nothing to say
// where it went wrong ("Is it safe to use?" after "The joystick's gone funny…" read nothing). Four
// such lines: an answer that gives none of the values the agent's question asked for, a pick among
// offered rows no rule reads, a line that speaks of the value about to be asked for with none read,
// and a Block Agent capture the runtime would refuse. Each is the model's `undecided`: the
// Simulator offers to play the model there and `callboard simulate` ends on it.
import type { ToolCallRequest, Undecided } from '../types';
import type { Asked } from './asked';
import type { Scored } from './choose';
import { MANNERS, VAGUE } from './intent';
import { nameWords, overlap, stem, words } from './words';

/** Names as a list: "logFault.safeToUse", "keep_number and trade_in" (as the file writes them, to find them there). */
function spokenList(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Whether the caller's latest line (`callerLines`, latest first) leaves the agent's question
 * unanswered: the question was for `asked` (one or more parameters of the tools offered), no rule
 * reads any of them from the line, and the answer calls no tool. A line that gives one of the asked values, or moves the call on to
 * any tool, is no such line; neither is one where the rules read a different question's value
 * for the same tool (the caller answered out of order: the agent asks for the rest).
 */
export function unanswered(callerLines: readonly string[], asked: readonly Asked[], scored: readonly Scored[], calls: readonly ToolCallRequest[]): Undecided | undefined {
  const line = callerLines[0];
  // A caller's first line says why they call, whatever the agent's opening asked ("Could you tell
  // me the locker code?" — "Hello, I left my bag in a locker"): it is no answer left unread.
  if (!line?.trim() || callerLines.length < 2 || asked.length === 0 || calls.length > 0) return undefined;
  const askedTools = new Set(asked.map((q) => q.tool));
  if (scored.some((s) => askedTools.has(s.tool.name) && s.values.length > 0)) return undefined;
  const tool = asked[0].tool;
  const read = scored.find((s) => s.tool.name === tool)?.fill.args ?? {};
  return { line, why: `the agent had just asked for ${spokenList(asked.map((q) => `${q.tool}.${q.param}`))}, and no rule reads a value for ${asked.length === 1 ? 'it' : 'any of them'} from the answer`, tool, read: { ...read } };
}

/**
 * Whether the caller's line leaves unread a pick the agent had just asked for: its last line (a
 * question) came after the offered rows, the line points at the tool that takes the pick, and no
 * rule reads which row it picks. The agent asks which again; the line is undecided.
 */
export function pickUnread(line: string | undefined, lastAgentLine: string | undefined, tool: string, offered: number, read: Record<string, unknown>): Undecided | undefined {
  if (!line?.trim() || !lastAgentLine?.trim().endsWith('?')) return undefined;
  return { line, why: `the agent had just offered ${offered} option${offered === 1 ? '' : 's'} and asked which, and no rule reads a pick from the answer`, tool, read: { ...read } };
}

/**
 * A Block Agent tools call that captures a tool without a required value its schema does not let be
 * empty: the runtime refuses the call, so what the line gave is not kept. Before, the turn stayed
 * where it was and the reply, built beside it, asked its question again as if nothing was wrong; on
 * a scripted run the script ran out there. The line is undecided, naming what no rule read.
 */
export function refusedShort(line: string | undefined, tool: string, leftOut: readonly string[], read: Record<string, unknown>): Undecided | undefined {
  if (!line?.trim() || leftOut.length === 0) return undefined;
  const them = leftOut.length === 1 ? 'it' : 'them';
  return { line, why: `${tool} needs ${spokenList(leftOut)}, no rule reads ${them} from the line, and the runtime captures nothing from a call without ${them}`, tool, read: { ...read } };
}

/**
 * Whether the caller's line speaks of the value the agent is about to ask for: a word of the
 * parameter's name is in it ("the birthday boy is Jayden" for birthdayChild), yet no rule reads a
 * value from it. Asking "What is your birthday child?" of a caller who has just said it would be
 * a question as if nothing was heard; the line is undecided instead, naming the word.
 */
export function mentionedUnread(line: string | undefined, tool: string, param: string, read: Record<string, unknown>): Undecided | undefined {
  if (!line?.trim()) return undefined;
  const spoken = overlap(words(line), nameWords(param)).pairs.filter((p) => !VAGUE.has(stem(p.mine)) && !MANNERS.has(stem(p.mine)));
  if (spoken.length === 0) return undefined;
  return { line, why: `the caller's "${spoken[0].mine}" speaks of ${tool}.${param}, and no rule reads a value for it from the line`, tool, read: { ...read } };
}
