import { shortcut } from './keys';
import { canvasCommand } from './where';

export const autoLayout = canvasCommand({
  id: 'auto-layout',
  label: 'Arrange blocks and stages automatically',
  words: 'layout arrange tidy organise',
  shortcut: shortcut([{ key: 'l', mod: false, alt: false, shift: true }]),
  when: ({ canvas }) => canvas.menu === undefined || canvas.menu.kind === 'pane',
  run: ({ canvas, event }) => {
    event?.preventDefault();
    canvas.autoLayout();
  },
});
