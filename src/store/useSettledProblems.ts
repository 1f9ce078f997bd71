import { useEffect, useState } from 'react';
import type { AgentDocument } from '../model';
import type { Problem } from '../model/lint';
import { useStoreApi } from './context';

// The worker's client (and Comlink under it) loads on first use: not part of the first paint.
type Client = typeof import('./workers/problems-client');
let client: Promise<Client> | undefined;
const loadClient = () => (client ??= import('./workers/problems-client'));
/** The last answer, so a panel mounted later starts from it rather than from an empty list. */
let last: { doc: AgentDocument; problems: Problem[] } | undefined;

/**
 * Problems recomputed once the document settles, in a worker: lint and the losses cost hundreds of
 * milliseconds on a large agent, too much for the main thread between two keystrokes (issue 16).
 * Shared by the canvas badges, the dock's counts and the Problems panel (one computation per
 * document); until the first answer the list is empty, and later the last answer stays shown
 * until the next one lands. An answer equal to the last is that very array (problems-client.ts):
 * setting it re-renders nothing, so typing that changes no problem rebuilds no badge or row.
 */
export function useSettledProblems(delayMs = 150): Problem[] {
  const store = useStoreApi();
  const [problems, setProblems] = useState<Problem[]>(() => (last?.doc === store.getState().doc ? last.problems : []));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const refresh = () => {
      const doc = store.getState().doc;
      void loadClient().then((c) => c.problemsInWorker(doc)).then((next) => {
        if (!next) return;
        last = { doc, problems: next };
        // Shown only while it is still the document's answer: a late one for an older document is dropped.
        if (live && store.getState().doc === doc) setProblems(next);
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
  return problems;
}
