import { Children, isValidElement, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { defaultLayout, layoutRecord, resizePair, restoreLayout, toggleCollapse, type PanelSpec } from './split-layout';

// The workspace's resizable panes: the outline, canvas and inspector side by side, the dock under
// them. In place of react-resizable-panels, which weighed 14 kB gzip of the first paint (README,
// "Libraries") for what this file does: sizes in percent of the group, a minimum per panel,
// collapsible side panels, a separator dragged with the pointer or moved with the keyboard (arrows,
// Home/End, Enter to collapse), and sizes remembered between visits in localStorage under the
// group's id. The arithmetic is in ./split-layout.ts.

type Orientation = 'horizontal' | 'vertical';

interface PanelProps {
  id: string;
  defaultSize?: number;
  minSize?: number;
  collapsible?: boolean;
  className?: string;
  children?: ReactNode;
}

/** Declares a panel of a SplitGroup; the group draws it. */
export function SplitPanel(_props: PanelProps): ReactElement | null {
  return null;
}

/** Declares a separator between two panels of a SplitGroup; the group draws it. */
export function SplitSeparator(_props: { className?: string }): ReactElement | null {
  return null;
}

/** What react-resizable-panels saved under its own key, read once so a layout survives the switch. */
const LEGACY_PREFIX = 'react-resizable-panels:';
const KEY_STEP = 5;

function readSaved(id: string): unknown {
  for (const key of [id, LEGACY_PREFIX + id]) {
    try {
      const text = localStorage.getItem(key);
      if (text) return JSON.parse(text);
    } catch {
      // unreadable or unavailable storage: the default layout
    }
  }
  return undefined;
}

function save(id: string, specs: readonly PanelSpec[], layout: readonly number[]) {
  try {
    localStorage.setItem(id, JSON.stringify(layoutRecord(specs, layout)));
  } catch {
    // storage full or refused: the layout is kept for this visit only
  }
}

interface Drag {
  pointerId: number;
  index: number;
  from: number;
  start: number[];
  /** Pixels of the group that the panels share (its size less the separators). */
  span: number;
}

export function SplitGroup({ id, orientation, className, children }: { id: string; orientation: Orientation; className?: string; children: ReactNode }) {
  const items = Children.toArray(children).filter(isValidElement);
  const panels = items.filter((item): item is ReactElement<PanelProps> => item.type === SplitPanel);
  const specs: PanelSpec[] = panels.map(({ props }) => ({ id: props.id, defaultSize: props.defaultSize, minSize: props.minSize ?? 0, collapsible: !!props.collapsible }));
  const [layout, setLayout] = useState(() => restoreLayout(specs, readSaved(id)) ?? defaultLayout(specs));
  const [active, setActive] = useState<number | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const beforeCollapse = useRef<Record<number, number>>({});
  const row = orientation === 'horizontal';
  const position = (event: PointerEvent) => (row ? event.clientX : event.clientY);

  /** Sets and saves a layout reached from `from`; a panel that collapsed on the way remembers its size, for Enter to open it again. */
  const commit = (next: number[], from: readonly number[]) => {
    next.forEach((size, i) => {
      if (size === 0 && from[i]! > 0) beforeCollapse.current[i] = from[i]!;
    });
    setLayout(next);
    save(id, specs, next);
  };

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !group.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = group.current.getBoundingClientRect();
    const separators = [...group.current.children].filter((el) => el.getAttribute('role') === 'separator');
    const gaps = separators.reduce((sum, el) => sum + (row ? el.getBoundingClientRect().width : el.getBoundingClientRect().height), 0);
    drag.current = { pointerId: event.pointerId, index, from: position(event), start: layout, span: Math.max(1, (row ? box.width : box.height) - gaps) };
    setActive(index);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    setLayout(resizePair(d.start, specs, d.index, ((position(event) - d.from) / d.span) * 100));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    setActive(null);
    commit(resizePair(d.start, specs, d.index, ((position(event) - d.from) / d.span) * 100), d.start);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const back = row ? 'ArrowLeft' : 'ArrowUp';
    const forward = row ? 'ArrowRight' : 'ArrowDown';
    let next: number[] | undefined;
    if (event.key === back || event.key === forward) next = resizePair(layout, specs, index, event.key === back ? -KEY_STEP : KEY_STEP);
    else if (event.key === 'Home') next = resizePair(layout, specs, index, -100);
    else if (event.key === 'End') next = resizePair(layout, specs, index, 100);
    else if (event.key === 'Enter') next = toggleCollapse(layout, specs, index, beforeCollapse.current[specs[index]!.collapsible ? index : index + 1]);
    if (!next) return;
    event.preventDefault();
    commit(next, layout);
  };

  let panelIndex = -1;
  return (
    <div ref={group} className={className} data-group=""
      // While a separator is dragged, the whole group shows the resize cursor and selects no text.
      style={{ display: 'flex', flexDirection: row ? 'row' : 'column', flexWrap: 'nowrap', width: '100%', height: '100%', overflow: 'hidden', ...(active !== null && { cursor: row ? 'col-resize' : 'row-resize', userSelect: 'none' }) }}>
      {items.map((item, i) => {
        if (item.type === SplitPanel) {
          panelIndex += 1;
          const { id: panelId, className: panelClass, children: content } = (item as ReactElement<PanelProps>).props;
          return (
            <div key={panelId} id={panelId} data-panel="" style={{ display: 'flex', flex: `${layout[panelIndex]} 1 0px`, minWidth: 0, minHeight: 0, maxWidth: '100%', maxHeight: '100%', overflow: 'visible' }}>
              <div className={panelClass} style={{ flexGrow: 1, maxWidth: '100%', maxHeight: '100%', overflow: 'auto' }}>
                {content}
              </div>
            </div>
          );
        }
        if (item.type === SplitSeparator) {
          // The panel before this separator is the one its value describes.
          const before = panelIndex;
          const spec = specs[before];
          if (!spec || before + 1 >= specs.length) return null;
          return (
            <div
              key={`separator-${i}`}
              role="separator"
              tabIndex={0}
              aria-orientation={row ? 'vertical' : 'horizontal'}
              aria-controls={spec.id}
              aria-valuenow={Math.round(layout[before]!)}
              aria-valuemin={spec.collapsible ? 0 : Math.round(spec.minSize)}
              aria-valuemax={Math.round(100 - specs[before + 1]!.minSize)}
              className={(item.props as { className?: string }).className}
              data-separator={active === before ? 'active' : 'inactive'}
              style={{ flex: 'none', touchAction: 'none', cursor: row ? 'col-resize' : 'row-resize' }}
              onPointerDown={onPointerDown(before)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={onKeyDown(before)}
            />
          );
        }
        return item;
      })}
    </div>
  );
}
