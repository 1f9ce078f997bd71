import { lazy, Suspense } from 'react';
import { useApp, useStoreApi } from '../store/context';

// cmdk loads only when the palette first opens: it is not needed for the first paint.
const SearchList = lazy(() => import('./SearchList'));

/** Ctrl/Cmd+K: find any block, stage, tool or state field and select it on the canvas. */
export function SearchPalette() {
  const open = useApp((s) => s.searchOpen);
  const store = useStoreApi();
  if (!open) return null;
  const close = () => store.getState().setSearchOpen(false);
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && close()} data-testid="search-palette">
      <Suspense fallback={<div className="palette empty-state">Loading search…</div>}>
        <SearchList onClose={close} />
      </Suspense>
    </div>
  );
}
