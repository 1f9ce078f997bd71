import { shortcut } from './keys';
import type { Command } from './types';
import { onPage } from './where';

export const undo: Command = {
  id: 'undo',
  label: 'Undo',
  words: 'revert back',
  shortcut: shortcut([{ key: 'z', mod: true, shift: false }]),
  when: onPage,
  run: ({ store, event }) => {
    event?.preventDefault();
    store.getState().undo();
  },
};
