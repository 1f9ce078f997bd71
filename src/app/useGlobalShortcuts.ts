import { useEffect } from 'react';
import { useStoreApi } from '../store/context';

/** Typing in a field or in Monaco keeps its own undo and keys; only the page's shortcuts land here. */
export function isEditingText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.closest) return false;
  return el.isContentEditable || !!el.closest('input, textarea, select, .monaco-editor');
}

export function useGlobalShortcuts() {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      const state = store.getState();
      if (mod && key === 'k') {
        event.preventDefault();
        state.setSearchOpen(!state.searchOpen);
        return;
      }
      if (event.key === 'Escape') {
        if (state.searchOpen) state.setSearchOpen(false);
        else if (state.shortcutsOpen) state.setShortcutsOpen(false);
        else if (!isEditingText(event.target) && !document.querySelector('[role="dialog"]')) state.select(null);
        return;
      }
      if (isEditingText(event.target)) return;
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) state.redo();
        else state.undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        state.redo();
      } else if (event.key === '?') {
        state.setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
