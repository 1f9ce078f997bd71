import { shortcut } from './keys';
import type { Command } from './types';
import { isEditingText } from './where';

export const escape: Command = {
  id: 'escape',
  label: 'Close a dialog, clear the selection',
  shortcut: shortcut([{ key: 'Escape' }]),
  // From a field too: Esc closes the search palette from its own input. A key, not a list entry.
  when: (context) => context.source === 'page',
  run: ({ store, target }) => {
    const state = store.getState();
    if (state.searchOpen) state.setSearchOpen(false);
    else if (state.shortcutsOpen) state.setShortcutsOpen(false);
    // A dialog's own Esc closes it; clearing the selection under an open one would surprise.
    else if (!isEditingText(target) && !document.querySelector('[role="dialog"]')) state.select(null);
  },
};
