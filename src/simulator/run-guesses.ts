// The offline model's guesses over a run (issue 32): every value it wrote on evidence under the
// strict bar, by step, as its answers in the trace list them. The CLI prints them; "Save as test"
// names them before a test takes them as expected.
import { measuredText } from './offline/evidence-strength';
import type { Session } from './types';

export interface RunGuess {
  step: number;
  tool: string;
  param: string;
  value: unknown;
  /** The caller's words it was read from. */
  said: string;
  /** How its kinds of evidence measured on unseen agents, in words. */
  measured: string;
}

export function runGuesses(session: Pick<Session, 'trace'>): RunGuess[] {
  return session.trace.flatMap((entry) =>
    entry.kind === 'model-call'
      ? (entry.response?.guesses ?? []).map((g) => ({ step: entry.step, tool: g.tool, param: g.param, value: g.value, said: g.said, measured: measuredText(g.kinds) }))
      : [],
  );
}
