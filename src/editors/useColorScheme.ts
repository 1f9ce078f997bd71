import { useSyncExternalStore } from 'react';

const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);

function subscribe(onChange: () => void) {
  const mq = query();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/** The system theme, followed live (ui.md: light and dark follow the system; Monaco follows the theme). */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () => (query()?.matches ? 'dark' : 'light'), () => 'light');
}
