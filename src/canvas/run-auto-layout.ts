import type { AppStore, HistoryMode } from '../store';

/**
 * Lays out the store's document (./auto-layout.ts). The layout code loads when a layout is first
 * asked for, with ELK, rather than with the first paint, which is on a budget (.size-limit.mjs).
 */
export async function runAutoLayout(store: AppStore, options: { history?: HistoryMode } = {}): Promise<void> {
  const { runAutoLayout: run } = await import('./auto-layout');
  return run(store, options);
}
