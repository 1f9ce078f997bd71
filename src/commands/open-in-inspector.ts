import { shortcut } from './keys';
import { canvasCommand } from './where';

export const openInInspector = canvasCommand({
  id: 'open-in-inspector',
  label: 'Open the focused one in the inspector (its first field)',
  shortcut: shortcut([{ key: 'Enter', mod: false }]),
  when: ({ canvas }) => canvas.target !== undefined,
  run: ({ store, canvas, event }) => {
    event?.preventDefault();
    store.getState().select(canvas.target!);
    canvas.focusInspector();
  },
});
