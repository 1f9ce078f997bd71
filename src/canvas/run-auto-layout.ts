import type { AppStore, HistoryMode } from '../store';

/** The part of the canvas fit view fills, in screen px: the layout's rows are shaped for it. */
export interface LayoutView {
  width: number;
  height: number;
}

let viewSource: (() => LayoutView | undefined) | undefined;

/** The canvas says how big it is (it is not always there: the layout then assumes a 1440×900 window). */
export function setLayoutViewSource(source: (() => LayoutView | undefined) | undefined) {
  viewSource = source;
}

/**
 * Lays out the store's document (./auto-layout.ts). The layout code loads when a layout is first
 * asked for, with ELK, rather than with the first paint, which is on a budget (.size-limit.mjs).
 */
export async function runAutoLayout(store: AppStore, options: { history?: HistoryMode } = {}): Promise<void> {
  const { runAutoLayout: run } = await import('./auto-layout');
  const view = viewSource?.();
  return run(store, { ...options, view: view && view.width > 100 && view.height > 100 ? view : undefined });
}
