// The context a tool's arguments are filled in, and what a filled value says of itself: shared by
// fill.ts and the readers it hands a parameter to (flags.ts).
import type { JsonSchema } from '../../model';
import type { Asked } from './asked';
import type { NearestOlder } from './history-fold';
import type { ToolMeaning } from './intent';
import type { PatternReader } from './patterns';
import type { Item } from './reading';

export interface FillContext {
  /** Every caller line, the most recent first. */
  callerLines: string[];
  today?: string;
  offered: Item[];
  /** Clock times the last offering tool result listed (reading.ts timesListed). */
  offeredTimes?: string[];
  /** Every text the last offering tool result listed (reading.ts valuesListed). */
  offeredValues?: string[];
  /** The agent's lines, in order (a "yes" agrees to the row the last one named). */
  agentLines?: string[];
  /** The tool being filled, and whether the caller's latest line means it. */
  tool?: ToolMeaning;
  /**
   * The dialogue state: for each caller line (most recent first, as callerLines), the parameters
   * the agent's question right before it asked for.
   */
  asked?: Asked[][];
  /**
   * A tool already took a yes or no from the caller's latest line in this step: that yes or no
   * answered its question, and answers no other.
   */
  yesNoSpent?: boolean;
  /** The object parameter whose fields are being filled (`address` for `address.line1`), if any. */
  within?: string;
  /** The schema being filled (set by fillArguments). */
  parameters?: JsonSchema;
  /** The one yes/no parameter of all offered tools ("tool.param"), when there is exactly one. */
  soleFlag?: string;
  /** The stage's instructions (what the agent was told to ask). */
  instructions?: string;
  /**
   * The agent's line for this turn is written in parallel (Block Agent's two calls): what the
   * instructions say to ask is being asked now, so the caller's line may answer it already.
   */
  askedInParallel?: boolean;
  /** The schema being filled has both a first-name and a last-name parameter (a full name is split). */
  givenAndFamily?: boolean;
  /** For caller line `i`: the nearest older one naming a late part of day, or '' (history-fold.ts); else all are searched. */
  olderLatePart?: (i: number) => string;
  /** A search of the caller lines that stops only at lines passing a test (history-fold.ts nearestOlderOf). */
  nearestOlder?: NearestOlder;
  /**
   * Runs the tools' patterns (the agent file's regexes) in the sandbox with a deadline
   * (./patterns.ts): nothing here runs one on the host's RegExp.
   */
  patterns: PatternReader;
}

export interface Filled {
  value: unknown;
  rule: string;
  /** The caller's words it came from. */
  said: string;
  /** How the rule read it, when more than the words it came from says it. */
  why?: string;
  /** Taken from the latest caller line (evidence that the caller means this tool now). */
  fromLatest: boolean;
  /** A value read by a specific rule (a date, a phone, an enum value…), not the caller's words copied. */
  specific: boolean;
}

export type Made = (value: unknown, rule: string, said: string, fromLatest: boolean, specific?: boolean) => Filled | undefined;

/** A value one rule found in one line, before the schema's checks. */
export type Candidate = { value: unknown; said: string; rule: string; why?: string };
