import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../store/context';
import { CanvasDialog } from './CanvasDialog';
import { connectTargets } from './connect-targets';

export interface PendingConnect {
  fromId: string;
  onPick(targetId: string): void;
  onCancel(): void;
}

const optionId = (id: string) => `cb-connect-option-${id}`;

/**
 * The keyboard's way to draw an edge (C on a stage): a filterable list of the stages it can lead
 * to. Arrows choose, Enter connects, Esc cancels; a click on a row connects too.
 */
export function ConnectPicker({ fromId, onPick, onCancel }: PendingConnect) {
  const doc = useApp((s) => s.doc);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const targets = useMemo(() => connectTargets(doc, fromId, query), [doc, fromId, query]);
  const from = doc.stages.find((s) => s.id === fromId);
  const current = targets[Math.min(active, targets.length - 1)];

  useEffect(() => {
    if (current) list.current?.querySelector(`#${CSS.escape(optionId(current.id))}`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && targets.length) {
      event.preventDefault();
      setActive((i) => (Math.min(i, targets.length - 1) + step + targets.length) % targets.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : targets.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) onPick(current.id);
    } else if (event.key === 'Tab') {
      // Modal: focus stays on the one field (the list follows it through aria-activedescendant).
      event.preventDefault();
    }
  };

  return (
    <CanvasDialog className="cb-dialog cb-connect" labelledBy="cb-connect-title" data-testid="connect-picker" onClose={onCancel} initialFocus={input} onKeyDown={onKeyDown}>
      <h3 id="cb-connect-title">Connect <code>{from?.name ?? '?'}</code> to…</h3>
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="cb-connect-list"
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current.id) : undefined}
        aria-label="Target stage"
        placeholder="Type to filter stages"
        value={query}
        spellCheck={false}
        data-testid="connect-filter"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
      />
      <ul className="cb-connect-list" role="listbox" id="cb-connect-list" aria-label="Stages" ref={list}>
        {targets.map((t) => (
          <li
            key={t.id}
            id={optionId(t.id)}
            role="option"
            aria-selected={t === current}
            className={t === current ? 'active' : undefined}
            data-testid={`connect-target-${t.name}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(t.id)}
          >
            <span className="name">{t.name}</span>
            <span className="where">{t.blockName}</span>
            {t.loop && <span className="note">loop back to itself</span>}
            {t.connected && !t.loop && <span className="note">already connected</span>}
          </li>
        ))}
      </ul>
      {targets.length === 0 && <p className="cb-connect-empty" role="status">No stage matches “{query}”.</p>}
      <p className="cb-connect-help"><kbd>↑</kbd> <kbd>↓</kbd> choose · <kbd>Enter</kbd> connect · <kbd>Esc</kbd> cancel · one undo step</p>
    </CanvasDialog>
  );
}
