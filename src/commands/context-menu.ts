import { shortcut } from './keys';
import { canvasCommand } from './where';

/** The keyboard's way to the menu a right-click opens: on the focused card or edge, else the canvas's own. */
export const contextMenu = canvasCommand({
  id: 'context-menu',
  label: 'Open the menu of the focused one (or of the canvas)',
  shortcut: shortcut([{ key: 'F10', shift: true, mod: false }, { key: 'ContextMenu' }]),
  // A key, not a list entry: the menu does not offer itself.
  when: ({ source }) => source === 'canvas',
  run: ({ canvas, event }) => {
    event?.preventDefault();
    canvas.openMenu();
  },
});
