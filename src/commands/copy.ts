import { shortcut } from './keys';
import { canvasCommand, joinFocused, selectionToActOn } from './where';

export const copy = canvasCommand({
  id: 'copy',
  label: 'Copy the selection',
  words: 'clipboard',
  shortcut: shortcut([{ key: 'c', mod: true, shift: false }]),
  when: (context) => selectionToActOn(context),
  run: (context) => {
    joinFocused(context);
    // No preventDefault: the browser's copy event follows and puts the text on the system clipboard.
    context.canvas.copy();
  },
});
