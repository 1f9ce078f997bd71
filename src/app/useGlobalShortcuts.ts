import { useEffect } from 'react';
import { runShortcut } from '../commands';
import { useStoreApi } from '../store/context';

/** The page's keys (Ctrl+K, undo and redo, ?, Esc): whichever command of the list the key presses. */
export function useGlobalShortcuts() {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => void runShortcut(event, { store, source: 'page' });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
