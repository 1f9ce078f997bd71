// A regular expression from the document (a schema's `pattern`, a search built from one) is agent
// code in effect: V8's RegExp backtracks with no deadline, and a crafted pattern (^(a+)+$, or
// fourteen adjacent [0-9]* — polynomial, O(n^14), which no shape screen refuses) holds the thread
// for ever. So no pattern of a document runs on the host's RegExp: each runs through a
// `BoundedPatterns` (the simulator's QuickJS one, src/simulator/sandbox/patterns.ts) with a
// deadline, and one that runs out of time is an answer of its own that the caller names at the
// pattern's place. The model only describes the contract: it is the ground floor and cannot reach
// the sandbox, which is handed down to it (lint: ./lint/pattern-samples.ts).

/** The outcome of one bounded run of a pattern on a text. */
export type PatternRun =
  /** The text of the first match (m[0], '' for an empty match), or null when there is none. */
  | { matched: string | null }
  /** `timeout`: past the deadline; `invalid`: no regular expression; `error`: out of memory or stack. */
  | { failed: 'timeout' | 'invalid' | 'error'; message: string };

export interface BoundedPatterns {
  /** `new RegExp(source, flags).exec(text)`, run with a deadline of `timeoutMs` (or the default). */
  exec(source: string, flags: string, text: string, timeoutMs?: number): PatternRun;
  /** The deadline each run gets unless told otherwise, in ms. */
  readonly timeoutMs: number;
}

/** Whether a run says the pattern could not be used on that text (as opposed to a plain yes or no). */
export const patternFailed = (run: PatternRun): run is Extract<PatternRun, { failed: string }> => 'failed' in run;
