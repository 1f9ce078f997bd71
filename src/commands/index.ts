/**
 * Every user command, in one list: the page's and the canvas's key handlers dispatch through it,
 * the ? overlay lists it, the Ctrl+K palette offers it. A command file imports its types from
 * ./types, not from here: this file imports every command, and a circle would join them all.
 */
import { addBlock } from './add-block';
import { addStage } from './add-stage';
import { autoLayout } from './auto-layout';
import { connect } from './connect';
import { contextMenu } from './context-menu';
import { copy } from './copy';
import { deleteSelection } from './delete-selection';
import { duplicate } from './duplicate';
import { escape } from './escape';
import { fitView } from './fit-view';
import { GESTURES } from './gestures';
import { moveSelection } from './move-selection';
import { openInInspector } from './open-in-inspector';
import { paste } from './paste';
import { redo } from './redo';
import { search } from './search';
import { selectFocused } from './select-focused';
import { shortcuts } from './shortcuts';
import { simulateFromHere } from './simulate-from-here';
import { undo } from './undo';
import type { Command, CommandContext, Gesture, KeyEvent } from './types';

export type { CanvasActions, Command, CommandContext, CommandSource, Gesture, KeyEvent, KeyLike, Shortcut } from './types';
export { isEditingText } from './where';
export { canvasActionsForLists, provideCanvasActions } from './canvas-bridge';
export { isArrowKey } from './move-selection';
export { GESTURES };

/** In the order the ? overlay, the palette and a menu show them: the page's first, then the canvas's. */
export const COMMANDS: readonly Command[] = [
  search, undo, redo, shortcuts, escape, selectFocused, openInInspector, connect, deleteSelection, copy, paste, duplicate, moveSelection, simulateFromHere,
  addStage, addBlock, fitView, autoLayout, contextMenu,
];

/** The commands that apply in `context`: what a palette or a context menu offers there. */
export function commandsFor(context: CommandContext, commands: readonly Command[] = COMMANDS): Command[] {
  return commands.filter((c) => c.when(context));
}

/** Runs the command `event` presses, if one applies where it was pressed; returns it. */
export function runShortcut(event: KeyEvent, context: Omit<CommandContext, 'event' | 'target'>, commands: readonly Command[] = COMMANDS): Command | undefined {
  const full: CommandContext = { ...context, event, target: event.target };
  const command = commands.find((c) => c.shortcut.matches(event) && c.when(full));
  command?.run(full);
  return command;
}

export interface ShortcutRow {
  id: string;
  keys: string;
  label: string;
}

/** The ? overlay's rows: every command, then what the browser and the canvas library do themselves. */
export function shortcutRows(commands: readonly Command[] = COMMANDS, gestures: readonly Gesture[] = GESTURES): ShortcutRow[] {
  return [
    ...commands.map((c) => ({ id: c.id, keys: c.shortcut.display, label: c.label })),
    ...gestures.map((g) => ({ id: g.id, keys: g.display, label: g.label })),
  ];
}
