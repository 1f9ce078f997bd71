import { useCallback, useState, type MouseEvent, type RefObject } from 'react';
import { commandsFor, isEditingText, type CanvasActions, type CommandContext } from '../commands';
import type { AgentDocument, Point } from '../model';
import type { AppStore, EntityRef } from '../store';
import type { MenuItem } from './ContextMenu';
import { focusedEntity } from './keyboard-focus';

/** What the menu is on, as a person reads it: "stage greet", "edge greet → identify", "the canvas". */
export function menuSubject(doc: AgentDocument, ref: EntityRef | undefined): string {
  if (!ref?.id) return 'the canvas';
  if (ref.kind === 'stage') return `stage ${doc.stages.find((s) => s.id === ref.id)?.name ?? '?'}`;
  if (ref.kind === 'block') return `block ${doc.blocks.find((b) => b.id === ref.id)?.name ?? '?'}`;
  const edge = doc.edges.find((e) => e.id === ref.id);
  const name = (id: string | undefined) => doc.stages.find((s) => s.id === id)?.name ?? '?';
  return `edge ${name(edge?.from)} → ${name(edge?.to)}`;
}

/** The menu's items: every command of the one list that applies in this context, with its keys. */
export function menuItems(context: CommandContext): MenuItem[] {
  return commandsFor(context).map((command) => ({
    id: command.id,
    label: command.label,
    keys: command.shortcut.keys.join(' / '),
    run: () => command.run(context),
  }));
}

export interface OpenMenu {
  x: number;
  y: number;
  label: string;
  items: MenuItem[];
  /** Where focus goes back to when it closes. */
  returnTo: HTMLElement | null;
}

type Actions = Omit<CanvasActions, 'target' | 'focused' | 'menu'>;

/** Where a right-click or the menu key landed: a card, an edge (or its label), the pane; else not ours. */
function hit(target: EventTarget | null): { kind: 'node' | 'edge' | 'pane'; ref?: EntityRef; el: HTMLElement } | undefined {
  const el = target as HTMLElement | null;
  if (!el?.closest || isEditingText(el) || el.closest('.cb-menu, .react-flow__panel, .react-flow__controls, .react-flow__minimap')) return undefined;
  const node = el.closest<HTMLElement>('.react-flow__node');
  const nodeRef = node && focusedEntity(node);
  if (node && nodeRef) return { kind: 'node', ref: nodeRef, el: node };
  const label = el.closest<HTMLElement>('.cb-edge-label:not(.code)');
  const edge = el.closest<HTMLElement>('.react-flow__edge');
  const edgeId = label?.dataset.edgeId ?? (edge && !edge.classList.contains('code') ? edge.dataset.id : undefined);
  if (edgeId) return { kind: 'edge', ref: { kind: 'edge', id: edgeId }, el: (label ?? edge)! };
  if (el.closest('.react-flow__pane, .react-flow__renderer, .cb-canvas')) return { kind: 'pane', el };
  return undefined;
}

/**
 * The canvas's context menu: opened by a right-click (on a card, an edge or the pane) or by
 * Shift+F10 / the menu key on the focused card. Its items are `commandsFor` the context it was
 * opened in; a right-click on something not selected selects it first, as in any editor.
 */
export function useContextMenu(store: AppStore, wrapper: RefObject<HTMLElement | null>, toFlow: (p: Point) => Point, actions: Actions) {
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  const open = useCallback((found: NonNullable<ReturnType<typeof hit>>, client: Point) => {
    const box = wrapper.current?.getBoundingClientRect();
    if (!box) return;
    const { ref, kind } = found;
    const { selection, select } = store.getState();
    if (ref && !selection.some((r) => r.kind === ref.kind && r.id === ref.id)) select(ref);
    const context: CommandContext = {
      store, source: 'list', target: null,
      canvas: { ...actions, target: ref, focused: ref, menu: { kind, at: toFlow(client) } },
    };
    const returnTo = ref ? found.el : wrapper.current;
    setMenu({ x: client.x - box.left, y: client.y - box.top, label: menuSubject(store.getState().doc, ref), items: menuItems(context), returnTo });
  }, [store, wrapper, toFlow, actions]);

  const onContextMenu = useCallback((event: MouseEvent) => {
    const found = hit(event.target);
    if (!found) return;
    event.preventDefault();
    // The menu key fires a contextmenu too, at the element's corner: the key's own handler opened it already.
    if (event.button !== 2 && menu) return;
    open(found, { x: event.clientX, y: event.clientY });
  }, [open, menu]);

  /** The keyboard's way in: on the focused card or edge, beside it; else the pane's, in the middle. */
  const openFromKeyboard = useCallback(() => {
    const active = document.activeElement;
    const found = hit(active);
    const box = (found?.ref ? found.el : wrapper.current)?.getBoundingClientRect();
    if (!box) return;
    const at = found?.ref ? { x: box.left + Math.min(40, box.width / 2), y: box.top + Math.min(40, box.height / 2) } : { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    open(found?.ref ? found : { kind: 'pane', el: wrapper.current! }, at);
  }, [open, wrapper]);

  // Focus goes back at once, before a chosen command runs: a dialog it opens then takes focus from there.
  const close = useCallback((restoreFocus: boolean) => {
    if (restoreFocus) menu?.returnTo?.focus({ preventScroll: true });
    setMenu(null);
  }, [menu]);

  return { menu, onContextMenu, openFromKeyboard, close };
}
