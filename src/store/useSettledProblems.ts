import { useEffect, useState } from 'react';
import type { Problem } from '../model/lint';
import { useStoreApi } from './context';
import { selectProblems } from './selectors';

/**
 * Problems recomputed once the document settles: lint costs milliseconds on a large agent, too
 * much for every frame of a drag. Shared by the canvas badges and the Problems panel.
 */
export function useSettledProblems(delayMs = 150): Problem[] {
  const store = useStoreApi();
  const [problems, setProblems] = useState(() => selectProblems(store.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    setProblems(selectProblems(store.getState()));
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.doc === previous.doc) return;
      clearTimeout(timer);
      timer = setTimeout(() => setProblems(selectProblems(store.getState())), delayMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, delayMs]);
  return problems;
}
