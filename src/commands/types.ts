import type { AppStore, EntityRef } from '../store';

/** What a shortcut reads of a key event: a DOM KeyboardEvent and React's both have these fields. */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A key event a command may consume (prevent the browser's default, keep it from the page). */
export interface KeyEvent extends KeyLike {
  target: EventTarget | null;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface Shortcut {
  /** Each way to press it, as its key caps read: `['Ctrl/Cmd Shift Z', 'Ctrl/Cmd Y']`. */
  keys: string[];
  /** The keys as the ? overlay and the palette show them, with a note on a modifier if any. */
  display: string;
  matches(event: KeyLike): boolean;
  /** One event per way to press it: what the uniqueness test presses. */
  samples: KeyLike[];
}

/**
 * The canvas's part of a command: the dialogs it opens, the focus it keeps and its clipboard live
 * in the canvas (src/canvas/useCanvasKeys.ts), which hands them over with each key it dispatches.
 */
export interface CanvasActions {
  /** The block, stage or edge whose own element has focus, from a click or from the keyboard. */
  target?: EntityRef;
  /** The same, only when the keyboard put focus there (Tab): then keys act on it, not on the selection. */
  focused?: EntityRef;
  requestDelete(): void;
  requestConnect(focused: EntityRef | undefined): void;
  copy(): void;
  paste(): void;
  duplicate(): void;
  /** Moves the selected nodes; false when none of them moves. */
  nudge(dx: number, dy: number): boolean;
  /** Moves focus to the inspector's first field (once it shows the selection). */
  focusInspector(): void;
  /**
   * Set when a context menu asks: what it was opened on (a card, an edge or the empty pane) and
   * where, in flow coordinates. A right-click selects the card or edge first, so `target` and the
   * selection both name it.
   */
  menu?: { kind: 'node' | 'edge' | 'pane'; at?: { x: number; y: number } };
  /** Opens the context menu on the focused card or edge, else the pane's. */
  openMenu(): void;
  fitView(): void;
  /** A new block at `at` (its top-left corner's neighbourhood), else in view; then selected and shown. */
  addBlock(at?: { x: number; y: number }): void;
  /** A new turn stage in the block under `at`, else the selected one, near `at` or in view. */
  addStage(at?: { x: number; y: number }): void;
  autoLayout(): void;
}

/**
 * Where a command is asked for. `page`: a key anywhere on the page (the window's listener);
 * `canvas`: a key while focus is inside the canvas; `list`: picked from a list (the Ctrl+K palette,
 * a context menu), with no key.
 */
export type CommandSource = 'page' | 'canvas' | 'list';

export interface CommandContext {
  store: AppStore;
  source: CommandSource;
  /** The element the key went to (the focused one); null from a list. */
  target: EventTarget | null;
  /** The key that asked, if a key did. */
  event?: KeyEvent;
  /** Present where the canvas dispatches (or a menu over it hands its actions in). */
  canvas?: CanvasActions;
}

export interface Command {
  /** Stable, and the file's name: `undo`, `delete-selection`. */
  id: string;
  /** What it does, as the ? overlay, the palette and a menu show it. */
  label: string;
  /** What a person may type for it in the Ctrl+K palette that its label does not say ("layout"). */
  words?: string;
  shortcut: Shortcut;
  /** Whether it applies here: the page or the canvas, and not while typing in a field or in Monaco. */
  when(context: CommandContext): boolean;
  run(context: CommandContext): void;
}

/** What the browser or the canvas library does by itself (Tab, a double-click): listed, never dispatched. */
export interface Gesture {
  id: string;
  label: string;
  /** How it is done, as the ? overlay shows it. */
  display: string;
}
