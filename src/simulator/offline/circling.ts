// Never stuck (issue 32): a run that goes round in circles says so. Where the rules read nothing
// from the caller's line and the agent would say again what it has just said, the line was not
// understood, whatever the reply looks like: the Simulator offers to play the model there and
// `callboard simulate` ends on it, rather than the agent repeating itself to the end of the script
// and the run passing.
import type { CallPurpose, ToolCallRequest, Undecided } from '../types';
import type { Reading } from './reading';

/** A line as said again: "Thank you. How can I help?" repeats "How can I help?". */
const said = (line: string | undefined) => (line ?? '').replace(/^(?:thank you|thanks)[.!,]?\s*/i, '').trim();

/**
 * Whether the answer about to be given goes round in circles on the caller's latest line:
 * - an agent call (Pinecall) that calls nothing and says what the agent said last;
 * - a tools call (Block Agent) that nothing in the line pointed at (it took the tool that guesses
 *   least, or none), or whose tool still lacks a required value (the runtime refuses or half
 *   captures it), while the agent has already said its last line twice running: its reply, made
 *   beside it, is not known here, so it waits for the repeat to show in the history.
 */
export function circling(purpose: CallPurpose, r: Reading, answer: { text: string; calls: readonly ToolCallRequest[]; readShort: boolean; toolsOpen: number }): Undecided | undefined {
  const line = r.callerLines[0];
  // With no tool open there is nothing to read a line into: a stage that only says its piece (a
  // goodbye said again after "thanks") is not stuck.
  if (!line?.trim() || answer.toolsOpen === 0) return undefined;
  const [last, before] = [r.agentLines.at(-1), r.agentLines.at(-2)];
  if (last === undefined || !said(last)) return undefined;
  if (purpose === 'agent' && answer.calls.length === 0 && said(answer.text) === said(last)) {
    return { line, why: `no rule reads anything from it, and the agent would say "${said(last)}" again` };
  }
  if (purpose === 'tools' && answer.readShort && said(last) === said(before)) {
    return { line, why: `no rule reads from it all that one of the turn's tools needs, and the agent has said "${said(last)}" twice running` };
  }
  return undefined;
}
