import { useCallback, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { AppStore, EntityRef } from '../store';
import { connectStages, copyToClipboard, deleteRefs, duplicateSelection, nudgeSelection, pasteFromClipboard, planCanvasDelete } from './actions';
import type { PendingConnect } from './ConnectPicker';
import type { PendingDelete } from './DeleteDialog';
import { focusInspectorField, focusNode, focusedEntity } from './keyboard-focus';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function isEditingText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest && (el.isContentEditable || !!el.closest('input, textarea, select, .monaco-editor'));
}

/**
 * The canvas's own keys, active while focus is inside it: Delete/Backspace, Cmd/Ctrl+C/V/D,
 * arrows (8px, Shift 40px), C (connect). On a node or edge that has keyboard focus (Tab reaches
 * them): Space selects it (Shift+Space adds or removes it), Enter selects it and moves to the inspector's
 * first field, and the other keys act on it. Undo and redo are the app's global shortcuts.
 */
export function useCanvasKeys(store: AppStore, say: (message: string | undefined) => void, root: RefObject<HTMLElement | null>) {
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [pendingConnect, setPendingConnect] = useState<PendingConnect | null>(null);
  /** What happened, for screen readers (a polite live region): the canvas's changes are silent otherwise. */
  const [announcement, setAnnouncement] = useState('');
  /** A Ctrl/Cmd+V whose paste event has not arrived yet. */
  const pastePending = useRef(false);
  /**
   * The node or edge that got focus from the keyboard (Tab), not from a click: only then do the
   * keys act on the focused one rather than on the selection (a click focuses the card it selects,
   * and a paste then selects the copy while focus stays behind).
   */
  const keyboardFocus = useRef<string | null>(null);
  const onFocus = useCallback((event: FocusEvent) => {
    const el = event.target as HTMLElement;
    keyboardFocus.current = focusedEntity(el) && el.matches(':focus-visible') ? (el.dataset.id ?? null) : null;
  }, []);
  /** After a paste or duplicate by a keyboard user, focus follows the copy the selection now holds. */
  const focusFollowsSelection = useCallback(() => {
    if (!keyboardFocus.current) return;
    requestAnimationFrame(() => {
      const last = [...store.getState().selection].reverse().find((r) => r.kind === 'stage' || r.kind === 'block');
      if (last?.id) focusNode(root.current, last.id);
    });
  }, [store, root]);

  // A keyboard user must not be left on <body> when the focused card goes away.
  const keepFocusInCanvas = useCallback(() => {
    requestAnimationFrame(() => {
      const el = root.current;
      if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    });
  }, [root]);

  const requestDelete = useCallback(() => {
    const planned = planCanvasDelete(store);
    if (!planned) return;
    const { refs, plan } = planned;
    const chosen = new Set(refs.map((r) => `${r.kind}:${r.id}`));
    const removedEdges = new Set(plan.removes.filter((r) => r.kind === 'edge').map((r) => r.id));
    // A deleted edge's own conditions go with it; anything else beyond the selection is worth a question.
    const beyond = plan.removes.filter((r) => !chosen.has(`${r.kind}:${r.id}`) && !(r.kind === 'condition' && removedEdges.has(r.id) && chosen.has(`edge:${r.id}`)));
    const remove = () => {
      deleteRefs(store, refs);
      setAnnouncement(`Deleted ${plan.removes.filter((r) => r.kind !== 'condition').map((r) => `${r.kind} ${r.name}`).join(', ')}`);
      keepFocusInCanvas();
    };
    if (beyond.length === 0) {
      remove();
      return;
    }
    const returnTo = document.activeElement as HTMLElement | null;
    setPendingDelete({
      plan,
      onConfirm: () => {
        setPendingDelete(null);
        remove();
      },
      onCancel: () => {
        setPendingDelete(null);
        requestAnimationFrame(() => returnTo?.focus({ preventScroll: true }));
      },
    });
  }, [store, keepFocusInCanvas]);

  /** C: the focused stage, else the one selected stage, opens the Connect picker. */
  const requestConnect = useCallback((focused: EntityRef | undefined) => {
    const { selection, doc } = store.getState();
    const stages = selection.filter((r) => r.kind === 'stage');
    const fromId = focused?.kind === 'stage' ? focused.id : stages.length === 1 ? stages[0].id : undefined;
    const from = doc.stages.find((s) => s.id === fromId);
    if (!from) {
      say('To connect, focus or select one stage first (Tab to it), then press C');
      return;
    }
    setPendingConnect({
      fromId: from.id,
      onPick: (targetId) => {
        setPendingConnect(null);
        const { error } = connectStages(store, from.id, targetId);
        const to = store.getState().doc.stages.find((s) => s.id === targetId)?.name ?? '?';
        if (error) say(`Cannot connect: ${error}`);
        else setAnnouncement(`Connected ${from.name} to ${to}; the new edge is selected`);
        requestAnimationFrame(() => focusNode(root.current, from.id));
      },
      onCancel: () => {
        setPendingConnect(null);
        requestAnimationFrame(() => focusNode(root.current, from.id));
      },
    });
  }, [store, say, root]);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (isEditingText(event.target) || pendingDelete || pendingConnect) return;
    const mod = event.metaKey || event.ctrlKey;
    const key = event.key.toLowerCase();
    const target = focusedEntity(event.target);
    const focused = target && keyboardFocus.current === target.id ? target : undefined;
    if (target && !mod && (event.key === ' ' || event.key === 'Enter')) {
      event.preventDefault();
      store.getState().select(target, { additive: event.key === ' ' && event.shiftKey });
      if (event.key === 'Enter') focusInspectorField();
      return;
    }
    // The other keys act on what has focus: it joins the selection first unless it is in it already.
    const acts = (event.key === 'Delete' || event.key === 'Backspace' || ARROWS[event.key] || key === 'c' || (mod && key === 'd')) && !event.altKey;
    if (focused && acts && !store.getState().selection.some((r) => r.kind === focused.kind && r.id === focused.id)) store.getState().select(focused);
    if ((event.key === 'Delete' || event.key === 'Backspace') && !mod) {
      event.preventDefault();
      requestDelete();
    } else if (key === 'c' && !mod && !event.altKey) {
      event.preventDefault();
      requestConnect(focused);
    } else if (mod && key === 'c' && !event.shiftKey) {
      // The browser's copy event follows (onCopy puts the text on the system clipboard).
      copyToClipboard(store);
    } else if (mod && key === 'v' && !event.shiftKey) {
      // The browser's paste event follows with the system clipboard; without one (no clipboard
      // access), the in-memory copy is pasted.
      pastePending.current = true;
      setTimeout(() => {
        if (pastePending.current) {
          say(pasteFromClipboard(store));
          focusFollowsSelection();
        }
        pastePending.current = false;
      }, 0);
    } else if (mod && key === 'd') {
      event.preventDefault();
      say(duplicateSelection(store));
      focusFollowsSelection();
    } else if (ARROWS[event.key] && !mod) {
      const [dx, dy] = ARROWS[event.key];
      const step = event.shiftKey ? 40 : 8;
      if (nudgeSelection(store, dx * step, dy * step)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
  }, [store, say, requestDelete, requestConnect, pendingDelete, pendingConnect, focusFollowsSelection]);

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
    focusFollowsSelection();
  }, [store, say, focusFollowsSelection]);

  return { onKeyDown, onKeyUp, onCopy, onPaste, onFocus, pendingDelete, requestDelete, pendingConnect, announcement };
}
