import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  /** The command's keys, as the ? overlay shows them; empty for none. */
  keys: string;
  run(): void;
}

export interface ContextMenuProps {
  /** Where it opens, in pixels from the canvas's top-left corner. */
  x: number;
  y: number;
  /** What it is for ("stage greet", "the canvas"), for screen readers. */
  label: string;
  items: MenuItem[];
  /** `restoreFocus`: put focus back where it was (Esc, Tab, a choice); not after a click elsewhere. */
  onClose(restoreFocus: boolean): void;
}

/**
 * The canvas's context menu (loaded on first use): a menu of commands, arrow keys to move, Enter
 * to choose, Esc to close. Its keys stay in it: the canvas's own (arrows move cards) must not see them.
 */
export default function ContextMenu({ x, y, label, items, onClose }: ContextMenuProps) {
  const root = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [at, setAt] = useState({ x, y });

  // Kept inside the canvas: a menu opened near the right or bottom edge opens leftward or upward.
  useLayoutEffect(() => {
    const el = root.current;
    const parent = el?.offsetParent as HTMLElement | null;
    if (!el || !parent) return;
    setAt({
      x: Math.max(4, Math.min(x, parent.clientWidth - el.offsetWidth - 4)),
      y: Math.max(4, Math.min(y, parent.clientHeight - el.offsetHeight - 4)),
    });
  }, [x, y]);

  useEffect(() => {
    root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [active, items]);

  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose(false);
    };
    const blur = () => onClose(false);
    document.addEventListener('pointerdown', away, true);
    window.addEventListener('blur', blur);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      window.removeEventListener('blur', blur);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: active === last ? 0 : active + 1, ArrowUp: active === 0 ? last : active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose(true);
    }
  };

  const choose = (item: MenuItem) => {
    onClose(true);
    item.run();
  };

  return (
    <div
      ref={root}
      role="menu"
      aria-label={`Actions for ${label}`}
      className="cb-menu"
      style={{ left: at.x, top: at.y }}
      data-testid="canvas-context-menu"
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.length === 0 && <div className="cb-menu-empty" role="none">Nothing to do here</div>}
      {items.map((item, i) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={i === active ? 0 : -1}
          data-testid={`canvas-menu-${item.id}`}
          onMouseEnter={() => setActive(i)}
          onClick={() => choose(item)}
        >
          <span className="cb-menu-label">{item.label}</span>
          {item.keys && <kbd className="cb-menu-keys">{item.keys}</kbd>}
        </button>
      ))}
    </div>
  );
}
