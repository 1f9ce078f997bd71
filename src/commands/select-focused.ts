import { shortcut } from './keys';
import { canvasCommand } from './where';

export const selectFocused = canvasCommand({
  id: 'select-focused',
  label: 'Select the focused block, stage or edge',
  shortcut: shortcut([{ key: ' ', mod: false }], 'Shift: add or remove'),
  // A key: a menu's right-click has selected its card already.
  when: ({ canvas, source }) => canvas.target !== undefined && source !== 'list',
  run: ({ store, canvas, event }) => {
    event?.preventDefault();
    store.getState().select(canvas.target!, { additive: !!event?.shiftKey });
  },
});
