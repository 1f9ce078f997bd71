/**
 * How long typing must have paused before a view starts background work, from what that work cost
 * the last times. Work started at a typing pause that outlasts the pause lands on the next keys: its
 * answer redraws a view in the frame of the next key, and on a two-core machine the worker's CPU is
 * the next key's. On a 500-stage agent the Export preview's YAML costs 100-250 ms a run, and a
 * word's first key met it in a third of the words (issue 16); so work of typical cost C waits for
 * a pause of FACTOR × C, a pause a typist who is still typing rarely makes. Cheap work (a small
 * agent's export takes a few milliseconds) waits the plain minimum, as before.
 */
export interface CostScaledQuiet {
  /** Notes what one run cost, in milliseconds (the time from asking to the answer in hand). */
  note(ms: number): void;
  /** The typing pause, in milliseconds, the next run should wait for. */
  quietMs(): number;
}

export function costScaledQuiet(minimumMs: number, factor: number, maximumMs: number): CostScaledQuiet {
  // Half the last run, half the ones before: it follows an agent that grows or shrinks within a few runs.
  let typical: number | undefined;
  return {
    note(ms) {
      if (!Number.isFinite(ms) || ms < 0) return;
      typical = typical === undefined ? ms : (typical + ms) / 2;
    },
    quietMs: () => Math.round(Math.min(maximumMs, Math.max(minimumMs, factor * (typical ?? 0)))),
  };
}
