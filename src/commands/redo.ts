import { shortcut } from './keys';
import type { Command } from './types';
import { onPage } from './where';

export const redo: Command = {
  id: 'redo',
  label: 'Redo',
  words: 'again',
  // Ctrl+Y too: what Windows users reach for.
  shortcut: shortcut([{ key: 'z', mod: true, shift: true }, { key: 'y', mod: true }]),
  when: onPage,
  run: ({ store, event }) => {
    event?.preventDefault();
    store.getState().redo();
  },
};
