import { useRef, useState, type KeyboardEvent } from 'react';
import { parameterNames, type Tool } from '../../../model';
import { updateEntity } from '../../../model/ops';
import { useCommit, useEndGesture } from '../commit';
import type { SectionProps } from '../types';

interface Suggestion {
  insert: string;
  label: string;
  detail: string;
}

/** The `{{` placeholder being typed before the caret, if any: its start and what is typed so far. */
export function openPlaceholder(text: string, caret: number): { start: number; typed: string } | undefined {
  const before = text.slice(0, caret);
  const m = /\{\{\s*([\w.]*)$/.exec(before);
  return m ? { start: caret - m[1].length, typed: m[1] } : undefined;
}

/**
 * Pinecall's confirm: a receipt said word for word after the tool ran. `{{name}}` is filled from
 * an argument, `{{result.x}}` from the return value; typing `{{` offers both.
 */
export function ConfirmInput({ entity: tool }: SectionProps<Tool>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState<{ start: number; typed: string } | undefined>();
  const [active, setActive] = useState(0);
  const value = tool.confirm ?? '';

  const all: Suggestion[] = [
    ...parameterNames(tool.parameters).map((name) => ({ insert: `${name}}}`, label: name, detail: 'argument' })),
    { insert: 'result.', label: 'result.', detail: 'a field of the return value' },
  ];
  const suggestions = open ? all.filter((s) => s.label.toLowerCase().startsWith(open.typed.toLowerCase()) && s.label !== open.typed) : [];

  const write = (text: string) => commit((doc) => updateEntity(doc, 'tool', tool.id, { confirm: text || undefined }), 'gesture');
  const refresh = (text: string, caret: number) => {
    setOpen(openPlaceholder(text, caret));
    setActive(0);
  };
  const accept = (s: Suggestion) => {
    const input = inputRef.current;
    if (!input || !open) return;
    const caret = input.selectionStart ?? value.length;
    const text = value.slice(0, open.start) + s.insert + value.slice(caret);
    write(text);
    const at = open.start + s.insert.length;
    requestAnimationFrame(() => {
      input.setSelectionRange(at, at);
      refresh(text, at);
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!suggestions.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (e.key === 'Escape') setOpen(undefined);
  };

  return (
    <div className="confirm-input">
      <input
        ref={inputRef}
        type="text"
        value={value}
        aria-label="Confirm"
        placeholder="e.g. Booked: {{result.when}} with {{result.professional}}."
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-autocomplete="list"
        onChange={(e) => {
          write(e.target.value);
          refresh(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onClick={(e) => refresh(value, e.currentTarget.selectionStart ?? value.length)}
        onBlur={() => {
          setOpen(undefined);
          endGesture();
        }}
      />
      {suggestions.length > 0 && (
        <ul className="suggestions" role="listbox" data-testid="confirm-suggestions">
          {suggestions.map((s, i) => (
            <li
              key={s.label}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                accept(s);
              }}
            >
              <span className="mono">{s.label}</span>
              <span className="muted">{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
