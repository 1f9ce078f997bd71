import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { isArrowKey, isEditingText, provideCanvasActions, runShortcut, type CanvasActions } from '../commands';
import type { AppStore, EntityRef } from '../store';
import { connectStages, copyToClipboard, deleteRefs, duplicateSelection, nudgeSelection, pasteFromClipboard, planCanvasDelete } from './actions';
import type { PendingConnect } from './ConnectPicker';
import type { PendingDelete } from './DeleteDialog';
import { focusInspectorField, focusNode, focusedEntity } from './keyboard-focus';

/**
 * The canvas's own keys, active while focus is inside it: the canvas commands of src/commands
 * (Delete, Ctrl/Cmd+C/V/D, arrows, C, and Space and Enter on a focused node or edge), run with the
 * canvas's part of them: its dialogs, its focus, its clipboard. Undo and redo are the page's.
 */
/** What the canvas view itself does for a command (its viewport, its menu, placing in view). */
export type ViewActions = Pick<CanvasActions, 'openMenu' | 'fitView' | 'addBlock' | 'addStage' | 'autoLayout'>;

export function useCanvasKeys(store: AppStore, say: (message: string | undefined) => void, root: RefObject<HTMLElement | null>, view: ViewActions) {
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
    // Cancel: the dialog puts focus back where it was (src/ui/Dialog.tsx).
    setPendingDelete({
      plan,
      onConfirm: () => {
        setPendingDelete(null);
        remove();
      },
      onCancel: () => setPendingDelete(null),
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

  /** The canvas's part of its commands, handed to src/commands with each key. */
  const actions = useMemo(() => ({
    ...view,
    requestDelete,
    requestConnect,
    copy: () => void copyToClipboard(store),
    // The browser's paste event follows with the system clipboard; without one (no clipboard
    // access), the in-memory copy is pasted.
    paste: () => {
      pastePending.current = true;
      setTimeout(() => {
        if (pastePending.current) {
          say(pasteFromClipboard(store));
          focusFollowsSelection();
        }
        pastePending.current = false;
      }, 0);
    },
    duplicate: () => {
      say(duplicateSelection(store));
      focusFollowsSelection();
    },
    nudge: (dx: number, dy: number) => nudgeSelection(store, dx, dy),
    focusInspector: focusInspectorField,
  }), [store, say, requestDelete, requestConnect, focusFollowsSelection, view]);

  // The Ctrl+K palette runs the canvas's commands (add, fit, layout) with these.
  useEffect(() => provideCanvasActions(actions), [actions]);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    // The open dialog has the keys.
    if (pendingDelete || pendingConnect) return;
    const target = focusedEntity(event.target);
    const canvas: CanvasActions = { ...actions, target, focused: target && keyboardFocus.current === target.id ? target : undefined };
    runShortcut(event, { store, source: 'canvas', canvas });
  }, [store, actions, pendingDelete, pendingConnect]);

  const onKeyUp = useCallback((event: KeyboardEvent) => {
    if (isArrowKey(event.key)) store.getState().endGesture();
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

  /** Whether the keyboard put focus on this one (then a menu's commands act on it, as the keys do). */
  const isKeyboardFocused = useCallback((id: string) => keyboardFocus.current === id, []);

  return { onKeyDown, onKeyUp, onCopy, onPaste, onFocus, pendingDelete, requestDelete, pendingConnect, announcement, actions, isKeyboardFocused };
}
