import { useCallback, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { AppStore } from '../store';
import { copyToClipboard, deleteRefs, duplicateSelection, nudgeSelection, pasteFromClipboard, planCanvasDelete } from './actions';
import type { PendingDelete } from './DeleteDialog';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function isEditingText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest && (el.isContentEditable || !!el.closest('input, textarea, select, .monaco-editor'));
}

/**
 * The canvas's own keys, active while focus is inside it: Delete/Backspace, Cmd/Ctrl+C/V/D,
 * arrows (8px, Shift 40px). Undo and redo are the app's global shortcuts.
 */
export function useCanvasKeys(store: AppStore, say: (message: string | undefined) => void) {
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  /** A Ctrl/Cmd+V whose paste event has not arrived yet. */
  const pastePending = useRef(false);

  const requestDelete = useCallback(() => {
    const planned = planCanvasDelete(store);
    if (!planned) return;
    const { refs, plan } = planned;
    const chosen = new Set(refs.map((r) => `${r.kind}:${r.id}`));
    const removedEdges = new Set(plan.removes.filter((r) => r.kind === 'edge').map((r) => r.id));
    // A deleted edge's own conditions go with it; anything else beyond the selection is worth a question.
    const beyond = plan.removes.filter((r) => !chosen.has(`${r.kind}:${r.id}`) && !(r.kind === 'condition' && removedEdges.has(r.id) && chosen.has(`edge:${r.id}`)));
    if (beyond.length === 0) {
      deleteRefs(store, refs);
      return;
    }
    setPendingDelete({
      plan,
      onConfirm: () => {
        setPendingDelete(null);
        deleteRefs(store, refs);
      },
      onCancel: () => setPendingDelete(null),
    });
  }, [store]);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (isEditingText(event.target) || pendingDelete) return;
    const mod = event.metaKey || event.ctrlKey;
    const key = event.key.toLowerCase();
    if ((event.key === 'Delete' || event.key === 'Backspace') && !mod) {
      event.preventDefault();
      requestDelete();
    } else if (mod && key === 'c' && !event.shiftKey) {
      // The browser's copy event follows (onCopy puts the text on the system clipboard).
      copyToClipboard(store);
    } else if (mod && key === 'v' && !event.shiftKey) {
      // The browser's paste event follows with the system clipboard; without one (no clipboard
      // access), the in-memory copy is pasted.
      pastePending.current = true;
      setTimeout(() => {
        if (pastePending.current) say(pasteFromClipboard(store));
        pastePending.current = false;
      }, 0);
    } else if (mod && key === 'd') {
      event.preventDefault();
      say(duplicateSelection(store));
    } else if (ARROWS[event.key] && !mod) {
      const [dx, dy] = ARROWS[event.key];
      const step = event.shiftKey ? 40 : 8;
      if (nudgeSelection(store, dx * step, dy * step)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
  }, [store, say, requestDelete, pendingDelete]);

  const onKeyUp = useCallback((event: KeyboardEvent) => {
    if (ARROWS[event.key]) store.getState().endGesture();
  }, [store]);

  const onCopy = useCallback((event: ClipboardEvent) => {
    if (isEditingText(event.target)) return;
    const text = copyToClipboard(store);
    if (!text) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  }, [store]);

  const onPaste = useCallback((event: ClipboardEvent) => {
    if (isEditingText(event.target)) return;
    pastePending.current = false;
    event.preventDefault();
    say(pasteFromClipboard(store, event.clipboardData.getData('text/plain')));
  }, [store, say]);

  return { onKeyDown, onKeyUp, onCopy, onPaste, pendingDelete, requestDelete };
}
