import { useState } from 'react';
import type { StateField } from '../../model';
import { parseInitialValue } from './values';

const asText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/**
 * One field's initial value as JSON text. Committed on Enter or leaving the box; text that is not
 * JSON of the field's type is kept in the box with the reason, and the store keeps the last good value.
 */
export function InitialValueInput(props: { field: StateField; value: unknown; overridden: boolean; onCommit: (value: unknown) => void }) {
  const committed = asText(props.value);
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const [error, setError] = useState<string | null>(null);
  if (committed !== seen) {
    // The value changed elsewhere (a reset, an edit of the default): show it.
    setSeen(committed);
    setDraft(committed);
    setError(null);
  }

  const commit = () => {
    if (draft === committed) return setError(null);
    const parsed = parseInitialValue(draft, props.field);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    props.onCommit(parsed.value);
  };

  return (
    <div className="st-input">
      <input
        className={`${error ? 'invalid' : ''} ${props.overridden ? 'overridden' : ''}`}
        value={draft}
        spellCheck={false}
        placeholder="undefined"
        aria-label={`initial value of ${props.field.name}`}
        aria-invalid={error !== null}
        data-testid="initial-input"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setDraft(committed);
            setError(null);
          }
        }}
        title={props.overridden ? 'Differs from the field\'s default' : 'The field\'s default'}
      />
      {error && <div className="st-error" role="alert" data-testid="initial-error">{error}</div>}
    </div>
  );
}
