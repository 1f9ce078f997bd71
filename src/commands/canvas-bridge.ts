import type { CanvasActions } from './types';

/**
 * The canvas's actions for lists that are not on the canvas (the Ctrl+K palette): the canvas
 * provides them while it is mounted, so "Add a stage", "Fit" and "Layout" run from the palette as
 * from their keys. A module-level slot rather than the store: the actions are functions of the
 * mounted canvas (its view, its dialogs), not state to save or undo.
 */
let provided: CanvasActions | undefined;

/** Called by the canvas when it mounts (and when its actions change); returns the undo for unmount. */
export function provideCanvasActions(actions: CanvasActions): () => void {
  provided = actions;
  return () => {
    if (provided === actions) provided = undefined;
  };
}

/** The canvas's actions as a list hands them to a command: no card focused, no menu open. */
export function canvasActionsForLists(): CanvasActions | undefined {
  return provided && { ...provided, target: undefined, focused: undefined, menu: undefined };
}
