import { shortcut } from './keys';
import { canvasCommand, joinFocused } from './where';

export const connect = canvasCommand({
  id: 'connect',
  label: 'Connect the focused or selected stage: pick the target, Enter',
  shortcut: shortcut([{ key: 'c', mod: false, alt: false }]),
  // From a menu, a stage's: the one it was opened on.
  when: ({ canvas, source }) => source !== 'list' || canvas.target?.kind === 'stage',
  run: (context) => {
    joinFocused(context);
    context.event?.preventDefault();
    context.canvas.requestConnect(context.canvas.focused);
  },
});
