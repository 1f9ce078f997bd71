import { shortcut } from './keys';
import { canvasCommand } from './where';

/**
 * A turn stage: from the pane's menu in the block under the pointer (else the selected one) where
 * it was opened, from a block's menu in that block; from the key, in view in the selected block.
 */
export const addStage = canvasCommand({
  id: 'add-stage',
  label: 'Add a stage',
  words: 'new stage create turn',
  shortcut: shortcut([{ key: 'n', mod: false, alt: false, shift: false }]),
  when: ({ canvas }) => canvas.menu === undefined || canvas.menu.kind === 'pane' || canvas.target?.kind === 'block',
  run: ({ canvas, event }) => {
    event?.preventDefault();
    canvas.addStage(canvas.menu?.at);
  },
});
