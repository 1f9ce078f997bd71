import { lazy, Suspense, useCallback, useRef } from 'react';
import type { AppStore } from '../store';
import { useApp } from '../store/context';

const AddToolChoices = lazy(() => import('./AddToolChoices').then((m) => ({ default: m.AddToolChoices })));

/**
 * "+ Tool": says where the model will be offered the new tool before it is added. Everywhere is
 * the default (first and focused); the selected stage or block is a choice, never a silent scope.
 */
export function AddToolMenu({ store }: { store: AppStore }) {
  // In the store: the Ctrl+K palette's "Add a tool…" opens it too.
  const open = useApp((s) => s.addToolOpen);
  const setOpen = useCallback((next: boolean | ((was: boolean) => boolean)) => {
    store.getState().setAddToolOpen(typeof next === 'function' ? next(store.getState().addToolOpen) : next);
  }, [store]);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, [setOpen]);
  return (
    <div className="cb-add-tool">
      <button
        type="button"
        ref={button}
        data-testid="canvas-palette-add-tool"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'cb-add-tool-menu' : undefined}
        title="Add a tool: choose where the model is offered it"
        onClick={() => setOpen((o) => !o)}
      >
        + Tool
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddToolChoices store={store} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
