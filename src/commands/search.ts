import { shortcut } from './keys';
import type { Command } from './types';

export const search: Command = {
  id: 'search',
  label: 'Search blocks, stages, tools and commands',
  shortcut: shortcut([{ key: 'k', mod: true }]),
  // From a field too (Ctrl+K is the way to anything from anywhere); from the palette itself it is moot.
  when: (context) => context.source === 'page',
  run: ({ store, event }) => {
    event?.preventDefault();
    const state = store.getState();
    state.setSearchOpen(!state.searchOpen);
  },
};
