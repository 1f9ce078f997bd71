import { shortcut } from './keys';
import type { Command } from './types';
import { onPage } from './where';

export const shortcuts: Command = {
  id: 'shortcuts',
  label: 'Show the keyboard shortcuts',
  words: 'keys keyboard help',
  shortcut: shortcut([{ key: '?' }]),
  when: onPage,
  run: ({ store }) => store.getState().setShortcutsOpen(true),
};
