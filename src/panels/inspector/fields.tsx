import { Fragment, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TARGET_LABEL, type AgentDocument, type Target } from '../../model';
import { factsOf } from '../../runtimes/facts';
import { refusal, useCommit, useEndGesture, usePendingWrite } from './commit';
import type { FieldDecl, Option } from './types';

// The generic controls every declared field is drawn with. Each keeps a draft only while it is
// being edited, so an undo or a change made elsewhere shows at once in an unfocused field.

interface ControlProps<T> {
  id?: string;
  value: T;
  /** Returns an error message when the write was refused. */
  onWrite: (value: T, history: 'push' | 'gesture') => string | undefined;
  onDone?: () => void;
  placeholder?: string;
  ariaLabel?: string;
}

export function TextControl({
  id, value, onWrite, onDone, placeholder, ariaLabel, multiline, rows = 3, mono, mode = 'live', preview,
}: ControlProps<string> & { multiline?: boolean; rows?: number; mono?: boolean; mode?: 'live' | 'blur'; preview?: (value: string) => string | undefined }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const pending = usePendingWrite();
  const shown = draft ?? value;
  const commit = () => {
    pending.now();
    if (draft === null) return;
    if (mode === 'blur' && draft !== value) {
      const refused = onWrite(draft, 'push');
      setError(refused);
      if (refused) return;
    }
    setDraft(null);
  };
  const onChange = (next: string) => {
    setDraft(next);
    // The draft paints this key; the document follows after the frame (the views of a big agent are slow).
    if (mode === 'live') pending.later(() => setError(onWrite(next, 'gesture')));
    else setError(next === value ? undefined : preview?.(next));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && draft !== null) {
      pending.now();
      setDraft(null);
      setError(undefined);
    } else if (e.key === 'Enter' && !multiline && mode === 'blur') commit();
  };
  const common = {
    id,
    value: shown,
    placeholder,
    'aria-label': ariaLabel,
    'aria-invalid': error ? true : undefined,
    className: mono ? 'mono' : undefined,
    spellCheck: mono ? false : undefined,
    onKeyDown,
    onBlur: () => {
      commit();
      if (mode === 'live') setDraft(null);
      onDone?.();
    },
  };
  return (
    <>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type="text" {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && <div className="insp-error" role="alert">{error}</div>}
    </>
  );
}

export function NumberControl({
  id, value, onWrite, onDone, placeholder, ariaLabel, min, max, step, optional,
}: ControlProps<number | undefined> & { min?: number; max?: number; step?: number; optional?: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = draft ?? (value === undefined ? '' : String(value));
  return (
    <>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={shown}
        min={min}
        max={max}
        step={step ?? 'any'}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (text.trim() === '') {
            setError(optional ? onWrite(undefined, 'gesture') : 'a number is needed here');
            return;
          }
          const n = Number(text);
          if (!Number.isFinite(n)) return setError('not a number');
          setError(onWrite(n, 'gesture'));
        }}
        onBlur={() => {
          setDraft(null);
          setError(undefined);
          onDone?.();
        }}
      />
      {error && <div className="insp-error" role="alert">{error}</div>}
    </>
  );
}

export function SelectControl({ id, value, onWrite, options, ariaLabel }: ControlProps<string> & { options: Option[] }) {
  const [error, setError] = useState<string | undefined>();
  const known = options.some((o) => o.value === value);
  return (
    <>
      <select id={id} value={value} aria-label={ariaLabel} onChange={(e) => setError(onWrite(e.target.value, 'push'))}>
        {!known && <option value={value}>{value ? `${value} (unknown)` : '—'}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {error && <div className="insp-error" role="alert">{error}</div>}
    </>
  );
}

export function CheckboxControl({ id, value, onWrite, label, ariaLabel }: ControlProps<boolean> & { label: ReactNode }) {
  return (
    <label className="insp-check">
      {/* A compact row (the state table) shows no label text: the field's name still names the box. */}
      <input id={id} type="checkbox" checked={value} aria-label={label ? undefined : ariaLabel} onChange={(e) => onWrite(e.target.checked, 'push')} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A list of strings as chips. With options: each option is a toggle chip (pii of the
 * parameters, the stages of a scope). Without: free entries added with Enter.
 */
export function ChipsControl({ value, onWrite, options, placeholder, ariaLabel }: ControlProps<string[]> & { options?: Option[] }) {
  const [entry, setEntry] = useState('');
  if (options) {
    const unknown = value.filter((v) => !options.some((o) => o.value === v));
    return (
      <div className="chips" role="group" aria-label={ariaLabel}>
        {options.length === 0 && unknown.length === 0 && <span className="muted">{placeholder ?? 'Nothing to choose yet.'}</span>}
        {options.map((o) => {
          const on = value.includes(o.value);
          return (
            <button
              key={o.value}
              type="button"
              className={`chip${on ? ' on' : ''}`}
              aria-pressed={on}
              onClick={() => onWrite(on ? value.filter((v) => v !== o.value) : [...value, o.value], 'push')}
            >
              {o.label}
            </button>
          );
        })}
        {unknown.map((v) => (
          <button key={v} type="button" className="chip on unknown" aria-pressed title="Not among the choices: click to remove" onClick={() => onWrite(value.filter((x) => x !== v), 'push')}>
            {v} ×
          </button>
        ))}
      </div>
    );
  }
  const add = () => {
    const item = entry.trim();
    if (item && !value.includes(item)) onWrite([...value, item], 'push');
    setEntry('');
  };
  return (
    <div className="chips" role="group" aria-label={ariaLabel}>
      {value.map((v) => (
        <span key={v} className="chip on">
          {v}
          <button type="button" className="chip-x" aria-label={`Remove ${v}`} onClick={() => onWrite(value.filter((x) => x !== v), 'push')}>×</button>
        </span>
      ))}
      <input
        className="chip-entry"
        value={entry}
        placeholder={placeholder ?? 'Add…'}
        aria-label={ariaLabel ? `Add to ${ariaLabel}` : 'Add'}
        onChange={(e) => setEntry(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          } else if (e.key === 'Backspace' && !entry && value.length) onWrite(value.slice(0, -1), 'push');
        }}
        onBlur={add}
      />
    </div>
  );
}

const formatJson = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, value !== null && typeof value === 'object' ? 2 : 0));

/** A JSON value (a default, a mock result): written whenever the text parses. */
export function JsonControl({ id, value, onWrite, onDone, placeholder, ariaLabel, optional, rows = 3 }: ControlProps<unknown> & { optional?: boolean; rows?: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = draft ?? formatJson(value);
  return (
    <>
      <textarea
        id={id}
        className="mono"
        spellCheck={false}
        rows={Math.min(8, Math.max(1, rows, shown.split('\n').length))}
        value={shown}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (!text.trim()) {
            setError(optional ? onWrite(undefined, 'gesture') : 'a JSON value is needed here (e.g. "", 0, false, [] or {})');
            return;
          }
          try {
            setError(onWrite(JSON.parse(text), 'gesture'));
          } catch {
            setError('Not JSON yet: strings need double quotes, e.g. "text".');
          }
        }}
        onBlur={() => {
          if (!error) setDraft(null);
          onDone?.();
        }}
      />
      {error && <div className="insp-error" role="alert">{error}</div>}
    </>
  );
}


/** "Pinecall only — not exported to Block Agent YAML" on a field the document's target does not read. */
export function RuntimeOnly({ runtime, target }: { runtime?: Target; target: Target }) {
  if (!runtime || runtime === target) return null;
  return (
    <span className="insp-runtime-only" data-testid="runtime-only">
      {TARGET_LABEL[runtime]} only — not exported to {factsOf(target).exportNoun}
    </span>
  );
}

/** One declared field: its label, its control, its hint, drawn from the declaration. */
export function FieldView<E>({ decl, entity, doc, compact }: { decl: FieldDecl<E>; entity: E; doc: AgentDocument; compact?: boolean }) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const id = useId();
  if (decl.visible && !decl.visible(entity, doc)) return null;
  const value = decl.get?.(entity, doc);
  const write = (next: unknown, history: 'push' | 'gesture') => (decl.set ? commit((d) => decl.set!(d, entity, next), history) : undefined);
  const preview = (next: unknown) => (decl.set ? refusal(decl.set(doc, entity, next)) : undefined);
  const hint = typeof decl.hint === 'function' ? decl.hint(entity, doc) : decl.hint;
  const label = compact ? undefined : decl.label;
  const common = { id, onDone: endGesture, placeholder: decl.placeholder, ariaLabel: decl.label };

  let control: ReactNode;
  switch (decl.input) {
    case 'text':
    case 'textarea':
      control = (
        <TextControl
          {...common}
          value={String(value ?? '')}
          onWrite={write}
          multiline={decl.input === 'textarea'}
          rows={decl.rows}
          mono={decl.mono}
          mode={decl.commit ?? 'live'}
          preview={preview}
        />
      );
      break;
    case 'number':
      control = <NumberControl {...common} value={value as number | undefined} onWrite={write} min={decl.min} max={decl.max} step={decl.step} optional={decl.optional} />;
      break;
    case 'select':
      control = <SelectControl {...common} value={String(value ?? '')} onWrite={write} options={decl.options?.(doc, entity) ?? []} />;
      break;
    case 'checkbox':
      return (
        <div className={`insp-field check${decl.half ? ' half' : ''}`} data-path={decl.path} data-testid={`field-${decl.key}`}>
          <CheckboxControl {...common} value={!!value} onWrite={write} label={compact ? '' : decl.label} />
          {!compact && <RuntimeOnly runtime={decl.runtime} target={doc.target} />}
          {hint && !compact && <div className="insp-hint">{hint}</div>}
        </div>
      );
    case 'chips':
      control = <ChipsControl {...common} value={(value as string[] | undefined) ?? []} onWrite={write} options={decl.options?.(doc, entity)} />;
      break;
    case 'code':
      control = <JsonControl {...common} value={value} onWrite={write} optional={decl.optional} rows={decl.rows} />;
      break;
    case 'custom': {
      const Component = decl.component!;
      control = <Component entity={entity} doc={doc} />;
      break;
    }
  }
  return (
    <div className={`insp-field${decl.half ? ' half' : ''}${decl.third ? ' third' : ''}${decl.input === 'custom' ? ' custom' : ''}`} data-path={decl.path} data-testid={`field-${decl.key}`}>
      {label && (decl.input === 'custom' || decl.input === 'chips' ? <div className="insp-label">{label}</div> : <label className="insp-label" htmlFor={id}>{label}</label>)}
      {!compact && <RuntimeOnly runtime={decl.runtime} target={doc.target} />}
      {control}
      {hint && !compact && <div className="insp-hint">{hint}</div>}
    </div>
  );
}

/** A run of declared fields. */
export function FieldList<E>({ fields, entity, doc }: { fields: FieldDecl<E>[]; entity: E; doc: AgentDocument }) {
  return (
    <div className="insp-fields">
      {fields.map((decl) => (
        <Fragment key={decl.key}>
          {decl.section && (!decl.visible || decl.visible(entity, doc)) && <div className="insp-section">{decl.section}</div>}
          <FieldView decl={decl} entity={entity} doc={doc} />
        </Fragment>
      ))}
    </div>
  );
}
