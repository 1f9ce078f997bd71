import { useEffect, useState } from 'react';
import type { AgentDocument } from '../model';
import type { Problem } from '../model/lint';
import type { Settled } from './workers/problems-client';
import { useStoreApi } from './context';

export type { Settled };

// The worker's client (and Comlink under it) loads on first use: not part of the first paint.
type Client = typeof import('./workers/problems-client');
let client: Promise<Client> | undefined;
const loadClient = () => (client ??= import('./workers/problems-client'));
/** The last answer, so a panel mounted later starts from it rather than from an empty list. */
let last: { doc: AgentDocument; settled: Settled } | undefined;
const NOTHING_YET: Settled = { problems: [] };

/**
 * What the problems worker derives once the document settles: the problems (lint and the losses
 * cost hundreds of milliseconds on a large agent, too much for the main thread between two
 * keystrokes, issue 16) and a Pinecall agent's stage flow as its code sets it (read with the
 * TypeScript parser, which the page never loads). Shared by the canvas (badges, code edges), the
 * dock's counts and the Problems panel (one computation per document); until the first answer
 * there is nothing, and later the last answer stays shown until the next one lands. An answer
 * equal to the last is that very object (problems-client.ts): setting it re-renders nothing, so
 * typing that changes no problem rebuilds no badge, row or edge.
 */
export function useSettled(delayMs = 150): Settled {
  const store = useStoreApi();
  const [settled, setSettled] = useState<Settled>(() => (last?.doc === store.getState().doc ? last.settled : NOTHING_YET));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const refresh = () => {
      const doc = store.getState().doc;
      void loadClient().then((c) => c.settledInWorker(doc)).then((next) => {
        if (!next) return;
        last = { doc, settled: next };
        // Shown only while it is still the document's answer: a late one for an older document is dropped.
        if (live && store.getState().doc === doc) setSettled(next);
      }, () => undefined);
    };
    refresh();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.doc === previous.doc) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, delayMs);
    });
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, delayMs]);
  return settled;
}

/** The settled problems alone (useSettled). */
export function useSettledProblems(delayMs = 150): Problem[] {
  return useSettled(delayMs).problems;
}
