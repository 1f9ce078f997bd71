import { shortcut } from './keys';
import { canvasCommand, joinFocused } from './where';

export const duplicate = canvasCommand({
  id: 'duplicate',
  label: 'Duplicate the selection',
  shortcut: shortcut([{ key: 'd', mod: true }]),
  run: (context) => {
    joinFocused(context);
    // Else the browser bookmarks the page.
    context.event?.preventDefault();
    context.canvas.duplicate();
  },
});
