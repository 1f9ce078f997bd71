import { shortcut } from './keys';
import { canvasCommand } from './where';

/** From the pane's menu the block goes where it was opened; from the key, in view. */
export const addBlock = canvasCommand({
  id: 'add-block',
  label: 'Add a block',
  words: 'new block create group',
  shortcut: shortcut([{ key: 'n', mod: false, alt: false, shift: true }]),
  when: ({ canvas }) => canvas.menu === undefined || canvas.menu.kind === 'pane',
  run: ({ canvas, event }) => {
    event?.preventDefault();
    canvas.addBlock(canvas.menu?.at);
  },
});
