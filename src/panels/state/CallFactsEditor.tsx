import { memo, useState } from 'react';
import type { CallFacts } from '../../simulator/types';
import { factKeyError, factText, freshFactKey, renameFact } from './values';

/** `this.call` as key/value rows (values are strings, as a phone system hands them to a tool). Memoised: a run's steps leave the facts as they are. */
export const CallFactsEditor = memo(function CallFactsEditor(props: { facts: CallFacts; editable: boolean; onChange: (facts: CallFacts) => void }) {
  const entries = Object.entries(props.facts);
  if (!props.editable) {
    return (
      <dl className="st-grid" data-testid="call-facts">
        {entries.map(([key, value]) => (
          <div key={key} className="st-row" data-testid="call-fact" data-key={key}>
            <dt>{key}</dt>
            <dd><code className="st-value">{factText(value)}</code></dd>
          </div>
        ))}
        {entries.length === 0 && <dd className="st-muted">No facts.</dd>}
      </dl>
    );
  }
  const remove = (key: string) => {
    const { [key]: _removed, ...rest } = props.facts;
    props.onChange(rest);
  };
  return (
    <div className="st-facts" data-testid="call-facts">
      {entries.map(([key, value]) => (
        <FactRow key={key} factKey={key} value={factText(value)} facts={props.facts} onChange={props.onChange} onRemove={() => remove(key)} />
      ))}
      <button className="ghost st-add" data-testid="call-fact-add" onClick={() => props.onChange({ ...props.facts, [freshFactKey(props.facts)]: '' })}>
        + Add fact
      </button>
    </div>
  );
});

function FactRow(props: { factKey: string; value: string; facts: CallFacts; onChange: (facts: CallFacts) => void; onRemove: () => void }) {
  const [keyDraft, setKeyDraft] = useState(props.factKey);
  const [error, setError] = useState<string | null>(null);
  const commitKey = () => {
    const problem = factKeyError(props.facts, props.factKey, keyDraft);
    setError(problem);
    if (!problem && keyDraft !== props.factKey) props.onChange(renameFact(props.facts, props.factKey, keyDraft));
  };
  return (
    <div className="st-fact" data-testid="call-fact" data-key={props.factKey}>
      <input
        className={`st-fact-key ${error ? 'invalid' : ''}`}
        value={keyDraft}
        spellCheck={false}
        aria-label="fact name"
        aria-invalid={error !== null}
        data-testid="call-fact-key"
        onChange={(e) => setKeyDraft(e.target.value)}
        onBlur={commitKey}
        onKeyDown={(e) => e.key === 'Enter' && commitKey()}
      />
      <input
        className="st-fact-value"
        value={props.value}
        spellCheck={false}
        aria-label={`this.call.${props.factKey}`}
        data-testid="call-fact-value"
        onChange={(e) => props.onChange({ ...props.facts, [props.factKey]: e.target.value })}
      />
      <button className="ghost st-remove" aria-label={`remove this.call.${props.factKey}`} title="Remove" onClick={props.onRemove}>×</button>
      {error && <div className="st-error" role="alert" data-testid="call-fact-error">{error}</div>}
    </div>
  );
}
