import { shortcut } from './keys';
import { canvasCommand } from './where';

export const fitView = canvasCommand({
  id: 'fit-view',
  label: 'Fit the whole agent in view',
  words: 'fit zoom whole view',
  shortcut: shortcut([{ key: 'f', mod: false, alt: false, shift: false }]),
  // The pane's menu and the key; a card's menu is about the card.
  when: ({ canvas }) => canvas.menu === undefined || canvas.menu.kind === 'pane',
  run: ({ canvas, event }) => {
    event?.preventDefault();
    canvas.fitView();
  },
});
