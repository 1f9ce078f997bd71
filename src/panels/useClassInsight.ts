import { useEffect, useRef, useState } from 'react';
import type { AgentDocument } from '../model';
import { classInsightOf, initialDerivedOf, type ClassInsight } from '../run/class-insight';
import type { CallFacts, Derived } from '../simulator/types';

// React's side of run/class-insight.ts, for the inspector's mock answers and the state panel's
// getters. A document changes on every keystroke: after the first answer, an ask waits until the
// edits pause, and the last answer stays shown meanwhile (a need or a getter rarely comes and goes
// with one keystroke).

const PAUSE_MS = 250;

export type Asked<T> = { value: T | null; error: string | null };

function useAsk<T>(ask: (() => Promise<T>) | null, inputs: readonly unknown[]): Asked<T> {
  const [answer, setAnswer] = useState<Asked<T>>({ value: null, error: null });
  const answered = useRef(false);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    const timer = setTimeout(() => {
      ask().then(
        (value) => {
          answered.current = true;
          if (live) setAnswer({ value, error: null });
        },
        (error: unknown) => live && setAnswer((was) => ({ value: was.value, error: error instanceof Error ? error.message : String(error) })),
      );
    }, answered.current ? PAUSE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `ask` is made anew on every render; what it asks about is `inputs`.
  }, inputs); // eslint-disable-line react-hooks/exhaustive-deps
  return ask ? answer : { value: null, error: null };
}

/** What the document's code needs and its getters (null until the first answer; `enabled` false asks nothing). */
export function useClassInsight(doc: AgentDocument, enabled: boolean): Asked<ClassInsight> {
  return useAsk(enabled ? () => classInsightOf(doc) : null, [doc, enabled]);
}

/** The getters' values for the state a run would start from. */
export function useInitialDerived(doc: AgentDocument, initialState: Record<string, unknown>, call: CallFacts, enabled: boolean): Asked<Derived> {
  return useAsk(enabled ? () => initialDerivedOf(doc, initialState, call) : null, [doc, initialState, call, enabled]);
}
