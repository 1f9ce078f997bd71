// The offline model's use of a tool's `pattern`: it checks a value it read against it and searches
// a caller's line with it. The pattern is the agent file's, so it runs in the pattern sandbox
// (QuickJS, with a deadline: ../sandbox/patterns.ts), never on the host's RegExp. A pattern that
// runs out of time cannot read a value: the value is taken as not matching, the pattern is not run
// again in this answer, and the trace names it at its place with the deadline. The answer's pattern
// runs have one allowance all together (ANSWER_PATTERN_MS), so a file of many slow patterns costs
// an answer at most that; past it no pattern runs, and that is named too.
//
// The offline model stands in for a real model: its time is not the agent's code, so it does not
// draw on the step's budget for agent code (budget.ts). The tool-call check that follows, where
// the same pattern decides the arguments, does (block-agent/check.ts).
import { patternFailed, type BoundedPatterns } from '../../model/bounded-pattern';

/** All the pattern runs of one answer of the offline model may take this long in all. */
export const ANSWER_PATTERN_MS = 1000;

/** What a pattern said of a text: a match (its text, '' for an empty one) or none, or why it could not say. */
export type PatternAnswer = { matched: string | null } | { unusable: 'invalid' | 'slow' };

export interface PatternReader {
  /** `new RegExp(source, flags).exec(text)`, bounded; `pattern` and `place` name it in a note when it is slow. */
  exec(source: string, flags: string, text: string, where: { pattern: string; place: string }): PatternAnswer;
  /** Whether the pattern (JSON Schema's: `u`, unanchored) matches `value`. */
  test(pattern: string, value: string, place: string): PatternAnswer;
  /** The trace notes of this answer's slow patterns, one per pattern. */
  readonly notes: string[];
}

const shown = (text: string, max = 40) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A reader for one answer of the offline model over the thread's pattern sandbox. */
export function patternReader(bounded: BoundedPatterns, allowanceMs = ANSWER_PATTERN_MS): PatternReader {
  const slow = new Set<string>();
  const notes: string[] = [];
  let spentMs = 0;
  let spentNoted = false;
  const exec: PatternReader['exec'] = (source, flags, text, { pattern, place }) => {
    if (slow.has(pattern)) return { unusable: 'slow' };
    const left = allowanceMs - spentMs;
    if (left <= 0) {
      if (!spentNoted) {
        notes.push(`the pattern runs of this answer took ${allowanceMs} ms in all: no further pattern is run (first left unrun: ${place}'s ${shown(pattern)}), and what needs one is not read`);
        spentNoted = true;
      }
      return { unusable: 'slow' };
    }
    const ms = Math.min(bounded.timeoutMs, left);
    const started = Date.now();
    const run = bounded.exec(source, flags, text, ms);
    spentMs += Date.now() - started;
    if (!patternFailed(run)) return run;
    if (run.failed === 'invalid') return { unusable: 'invalid' };
    slow.add(pattern);
    notes.push(`the pattern of ${place} (${shown(pattern)}) ${run.failed === 'timeout' ? `took longer than ${ms} ms` : `failed (${run.message})`} on ${shown(text)}: it cannot read a value, and is not run again in this answer`);
    return { unusable: 'slow' };
  };
  return {
    exec,
    test: (pattern, value, place) => exec(pattern, 'u', value, { pattern, place }),
    notes,
  };
}
