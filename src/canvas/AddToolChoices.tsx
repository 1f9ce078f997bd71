import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AppStore } from '../store';
import { createTool, toolScopeChoices } from './actions';

/** The "+ Tool" chooser itself, loaded on first open (first paint is on a budget). */
export function AddToolChoices({ store, onClose }: { store: AppStore; onClose(refocus: boolean): void }) {
  const menu = useRef<HTMLDivElement>(null);
  const { doc, selection, lastPlace } = store.getState();
  const choices = toolScopeChoices(doc, selection, lastPlace);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: PointerEvent) => {
      const root = menu.current?.closest('.cb-add-tool');
      if (root && !root.contains(event.target as Node)) onClose(false);
    };
    window.addEventListener('pointerdown', away, true);
    return () => window.removeEventListener('pointerdown', away, true);
  }, [onClose]);

  // The menu's keys are its own: arrows must not move the selected cards, nor Esc clear the selection.
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <div className="cb-add-tool-popover" data-testid="add-tool-chooser" onKeyDown={onKeyDown}>
      <p className="cb-add-tool-caption" id="cb-add-tool-caption">Where will the model be offered the new tool?</p>
      <div role="menu" id="cb-add-tool-menu" aria-labelledby="cb-add-tool-caption" ref={menu}>
        {choices.map((c) => (
          <button
            key={c.label}
            type="button"
            role="menuitem"
            data-testid={`add-tool-scope-${c.pickAfter ? 'pick' : c.scope.kind}`}
            onClick={() => {
              onClose(false);
              createTool(store, c.scope, { pickScopeAfter: c.pickAfter });
            }}
          >
            {c.label}
            {c.scope.kind === 'all' && <span className="cb-add-tool-default"> (default)</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
