import type { EntityRef } from '../store';

/** Describes the canvas's keys to screen readers (each node and edge points at it). */
export const CANVAS_KEYS_HELP_ID = 'cb-canvas-keys-help';

/**
 * The node or edge the keyboard is on: only when focus sits on its own element (xyflow's wrapper),
 * not on a tool chip inside a card, whose Enter is its own.
 */
export function focusedEntity(target: EventTarget | null): EntityRef | undefined {
  const el = target as Element | null;
  const id = el?.getAttribute?.('data-id');
  if (!el || !id) return undefined;
  if (el.classList.contains('react-flow__node-stage')) return { kind: 'stage', id };
  if (el.classList.contains('react-flow__node-block')) return { kind: 'block', id };
  if (el.classList.contains('react-flow__edge')) return { kind: 'edge', id };
  return undefined;
}

/** Puts keyboard focus back on a node (after a dialog it opened closes). */
export function focusNode(root: HTMLElement | null, id: string) {
  root?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)?.focus();
}

/** Enter on a node: the inspector's first field, once it shows the node (next frame). */
export function focusInspectorField() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('.inspector .insp-field :is(input, textarea, select)')?.focus();
  });
}
