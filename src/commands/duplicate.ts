import { shortcut } from './keys';
import { canvasCommand, joinFocused, selectionToActOn } from './where';

export const duplicate = canvasCommand({
  id: 'duplicate',
  label: 'Duplicate the selection',
  words: 'copy clone',
  shortcut: shortcut([{ key: 'd', mod: true }]),
  when: (context) => selectionToActOn(context, ['block', 'stage']),
  run: (context) => {
    joinFocused(context);
    // Else the browser bookmarks the page.
    context.event?.preventDefault();
    context.canvas.duplicate();
  },
});
