import { shortcut } from './keys';
import { canvasCommand, joinFocused } from './where';

export const copy = canvasCommand({
  id: 'copy',
  label: 'Copy the selection',
  shortcut: shortcut([{ key: 'c', mod: true, shift: false }]),
  run: (context) => {
    joinFocused(context);
    // No preventDefault: the browser's copy event follows and puts the text on the system clipboard.
    context.canvas.copy();
  },
});
