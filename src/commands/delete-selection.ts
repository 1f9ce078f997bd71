import { shortcut } from './keys';
import { canvasCommand, joinFocused } from './where';

export const deleteSelection = canvasCommand({
  id: 'delete-selection',
  label: 'Delete the selection',
  shortcut: shortcut([{ key: ['Delete', 'Backspace'], mod: false }]),
  run: (context) => {
    joinFocused(context);
    context.event?.preventDefault();
    context.canvas.requestDelete();
  },
});
