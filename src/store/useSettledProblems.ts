import { useEffect, useState } from 'react';
import type { Problem } from '../model/lint';
import { loadExpressionParser } from '../model/lint/js-syntax';
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
    let live = true;
    setProblems(selectProblems(store.getState()));
    // Syntax problems of `when` and expression conditions show once their parser has loaded.
    void loadExpressionParser().then(() => live && setProblems(selectProblems(store.getState())), () => undefined);
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.doc === previous.doc) return;
      clearTimeout(timer);
      timer = setTimeout(() => setProblems(selectProblems(store.getState())), delayMs);
    });
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, delayMs]);
  return problems;
}
