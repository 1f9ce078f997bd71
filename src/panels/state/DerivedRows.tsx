import type { AgentDocument } from '../../model';
import { MASK, type PiiMasker } from '../../simulator/pii-mask';
import type { CallFacts, Session } from '../../simulator/types';
import { useClassInsight, useInitialDerived } from '../useClassInsight';
import { derivedShown, type DerivedCell, type DerivedSource } from './derived-values';

/**
 * The class's getters under the state fields, read-only: before the first step as computed for the
 * state the run starts from, during a run as the last step left them (Session.derived). A getter
 * is derived state: it is never written, so it has no initial value to edit and no change-log row.
 */
export function DerivedRows({ doc, session, editable, initialState, callFacts, mask }: {
  doc: AgentDocument;
  session: Session | null;
  editable: boolean;
  initialState: Record<string, unknown>;
  callFacts: CallFacts;
  /** The state panel's masker: a getter's value may hold a pii value under another name. */
  mask: PiiMasker;
}) {
  // StatePanel draws this for a kept Pinecall class only (the one kind of agent with getters).
  const insight = useClassInsight(doc, true);
  const initial = useInitialDerived(doc, initialState, callFacts, editable);
  const source: DerivedSource = editable ? { kind: 'initial', derived: initial.value, error: initial.error } : { kind: 'run', session: session! };
  const names = insight.value?.getters ?? namesSeen(source);
  if (names.length === 0) return null;
  const masked = new Set(insight.value?.piiGetters ?? []);
  return (
    <>
      {names.map((name, i) => {
        const shown = derivedShown(name, source);
        const cell = masked.has(name) ? { text: MASK, muted: false, title: `reads a pii field: masked, as the field is` } : shown.muted ? shown : { ...shown, text: mask.text(shown.text) };
        return (
          <div key={name} className={`st-row st-derived${i === 0 ? ' first' : ''}`} data-testid="state-derived" data-getter={name} title={`computed by get ${name}() from the state`}>
            <dt>
              {name}
              <span className="st-type st-derived-mark">derived</span>
            </dt>
            <dd>
              <DerivedValue cell={cell} />
            </dd>
          </div>
        );
      })}
    </>
  );
}

function namesSeen(source: DerivedSource): string[] {
  if (source.kind === 'run') return Object.keys(source.session.derived ?? {});
  const d = source.derived;
  return d ? [...new Set([...Object.keys(d.values), ...Object.keys(d.errors), ...Object.keys(d.needs)])] : [];
}

function DerivedValue({ cell }: { cell: DerivedCell }) {
  const MAX = 120;
  const cut = cell.text.length > MAX ? `${cell.text.slice(0, MAX - 1)}…` : cell.text;
  return (
    <code className={`st-value${cell.muted ? ' st-muted' : ''}`} data-testid="state-derived-value" title={cell.title ?? (cut !== cell.text ? cell.text : undefined)}>
      {cut}
    </code>
  );
}
