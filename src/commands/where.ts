import type { CanvasActions, Command, CommandContext } from './types';

type CanvasContext = CommandContext & { canvas: CanvasActions };

/** Typing in a field or in Monaco keeps its own undo and keys; only the page's shortcuts land here. */
export function isEditingText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.closest) return false;
  return el.isContentEditable || !!el.closest('input, textarea, select, .monaco-editor');
}

/**
 * The page's own commands, from a key anywhere but in a field, or from a list. Not from the
 * canvas's keys: the same key reaches the window's listener too, and must run once.
 */
export function onPage(context: CommandContext): boolean {
  return context.source !== 'canvas' && !isEditingText(context.target) && !onEntityMenu(context);
}

/** A context menu opened on a card or an edge: it offers what acts on that one (the pane's offers the rest). */
export function onEntityMenu(context: CommandContext): boolean {
  const kind = context.canvas?.menu?.kind;
  return kind === 'node' || kind === 'edge';
}

/** From a list (a menu), a command on the selection applies only when something on the canvas is selected. */
export function selectionToActOn(context: CommandContext, kinds: readonly string[] = ['block', 'stage', 'edge']): boolean {
  return context.source !== 'list' || context.store.getState().selection.some((r) => kinds.includes(r.kind));
}

/** The canvas's commands: where it hands its actions over, and not while typing (a node's rename field). */
export function onCanvas(context: CommandContext): context is CanvasContext {
  return context.canvas !== undefined && !isEditingText(context.target);
}

/**
 * The canvas keys act on what has keyboard focus: it joins the selection first unless it is in it
 * already. With Alt held it does not (Alt+Delete deletes the selection as it stands).
 */
export function joinFocused(context: CanvasContext) {
  const focused = context.canvas.focused;
  if (!focused || context.event?.altKey) return;
  const { selection, select } = context.store.getState();
  if (!selection.some((r) => r.kind === focused.kind && r.id === focused.id)) select(focused);
}

/** A command of the canvas's keys: it applies only where the canvas hands its actions in. */
export function canvasCommand(command: Omit<Command, 'when' | 'run'> & { when?(context: CanvasContext): boolean; run(context: CanvasContext): void }): Command {
  return {
    ...command,
    when: (context) => onCanvas(context) && (command.when?.(context) ?? true),
    run: (context) => {
      if (context.canvas) command.run(context as CanvasContext);
    },
  };
}
