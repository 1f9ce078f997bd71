import { lazy, memo, Suspense, useCallback, useEffect } from 'react';
import { shortJson } from '../cut-text';
import type { AgentDocument, StateField } from '../../model';
import { MASK } from '../../simulator/pii-mask';
import type { CallFacts } from '../../simulator/types';
import type { AppStore } from '../../store/create';
import { useApp, useStoreApi } from '../../store/context';
import { useSessionMasker } from '../useSessionMasker';
import { CallFactsEditor } from './CallFactsEditor';
import { InitialValueInput } from './InitialValueInput';
import { StartFrom, useStartStage } from './StartFrom';
import { useRunController } from '../simulator/useRunController';
import { defaultCallFacts, initialValueOf, withInitialValue } from './values';
import './state.css';
import { factsOf } from '../../runtimes/facts';

const stageName = (doc: AgentDocument, id: string | null) => doc.stages.find((s) => s.id === id)?.name ?? '(none)';

// Getters come only from a kept Pinecall class, and only the Pinecall engine computes them: their
// rows load with the first such agent, outside the page's first load.
const DerivedRows = lazy(() => import('./DerivedRows').then((m) => ({ default: m.DerivedRows })));
const hasClassCode = (doc: AgentDocument) => factsOf(doc.target).classCode && doc.preserved?.pinecall !== undefined;

// Seeded once per store, not on every mount: a user who removed every fact keeps it that way.
const seeded = new WeakSet<AppStore>();

/**
 * The run's state beside the chat: before the first step, the initial values and `this.call` facts
 * to start from (editable); during a run, the values as they stand now (read-only, pii as `***`).
 * A Pinecall class's getters follow the fields, read-only (DerivedRows).
 */
export const StatePanel = memo(function StatePanel() {
  const store = useStoreApi();
  const doc = useApp((s) => s.doc);
  const session = useApp((s) => s.session);
  const initialState = useApp((s) => s.initialState);
  const callFacts = useApp((s) => s.callFacts);
  const editable = !session || session.turn === 0;
  const controller = useRunController();
  const start = useStartStage();
  const steps = useApp((s) => s.steps.length);
  // pii masked by name and by the values the run saw under a pii name (simulator/pii-mask.ts).
  const mask = useSessionMasker(doc, session);
  // A Block Agent's variables are what its tools capture (their arguments), declared or not: during
  // a run every captured value is state, shown after the declared fields (issue 31: the panel said
  // "No state fields" while the change log listed ten captured values).
  const declared = new Set(doc.state.map((f) => f.name));
  const captured = !editable && session && factsOf(doc.target).keepsCaptured ? Object.keys(session.state).filter((name) => name !== 'stage' && !declared.has(name)) : [];

  useEffect(() => {
    if (seeded.has(store)) return;
    seeded.add(store);
    if (Object.keys(store.getState().callFacts).length === 0) store.getState().setSim({ callFacts: defaultCallFacts() });
  }, [store]);

  const setFacts = useCallback((next: CallFacts) => store.getState().setSim({ callFacts: next }), [store]);
  const setInitial = (field: StateField, value: unknown) => {
    store.getState().setSim({ initialState: withInitialValue(store.getState().initialState, field, value) });
    // A run opened by "Simulate from here" and not yet stepped opens with the values as they are now.
    if (session && steps === 0) controller.simulateFrom(session.stageId);
  };

  return (
    <div className="st" data-testid="state-panel" data-editable={editable}>
      <div className="st-title">
        {editable ? 'Initial state' : `State after step ${session.turn}`}
      </div>
      {editable && <StartFrom />}
      <dl className="st-grid">
        <dt>stage</dt>
        <dd className="st-stage" data-testid="state-stage">
          {!editable ? stageName(doc, session.stageId) : session ? `${stageName(doc, session.stageId)} (start)` : `${stageName(doc, start)} (${start === doc.entryStageId ? 'entry' : 'start'})`}
          {session?.ended && <span className="st-muted"> · call ended</span>}
        </dd>
        {doc.state.map((field) => (
          <div key={field.id} className="st-row" data-testid="state-field" data-field={field.name}>
            <dt title={field.description}>
              {field.name}
              <span className="st-type">{field.type}{field.pii ? ' · pii' : ''}</span>
            </dt>
            <dd>
              {editable ? (
                <InitialValueInput field={field} value={initialValueOf(field, initialState)} overridden={field.name in initialState} onCommit={(v) => setInitial(field, v)} />
              ) : (
                <StateValue text={mask.isPii(field.name) ? MASK : shownValue(mask.value(session.state[field.name]))} />
              )}
            </dd>
          </div>
        ))}
        {captured.map((name) => (
          <div key={`captured:${name}`} className="st-row" data-testid="state-field" data-field={name} data-captured="true">
            <dt title="Not a declared state field: captured from a tool's arguments during this run">
              {name}
              <span className="st-type">captured</span>
            </dt>
            <dd>
              <StateValue text={mask.isPii(name) ? MASK : shownValue(mask.value(session!.state[name]))} />
            </dd>
          </div>
        ))}
        {hasClassCode(doc) && (
          <Suspense fallback={null}>
            <DerivedRows doc={doc} session={session} editable={editable} initialState={initialState} callFacts={callFacts} mask={mask} />
          </Suspense>
        )}
      </dl>
      {doc.state.length === 0 && captured.length === 0 && (
        <div className="st-muted st-pad" data-testid="state-empty">
          {factsOf(doc.target).noStateNote(editable)}
        </div>
      )}
      <div className="st-title">this.call</div>
      <CallFactsEditor facts={callFacts} editable={editable} onChange={setFacts} />
      {!editable && <div className="st-note" data-testid="state-readonly-note">Read-only during a run. Reset the run to edit the initial values and this.call.</div>}
    </div>
  );
});

// At most a few thousand characters, for the title too: a tool may write 12 MB into a field.
const shownValue = (value: unknown) => shortJson(value, 4_000);

/** A long value (a list of slots) is cut so every field stays in view; the whole of it is in the title. */
const StateValue = memo(function StateValue({ text }: { text: string }) {
  const MAX = 120;
  return (
    <code className="st-value" data-testid="state-value" title={text.length > MAX ? text : undefined}>
      {text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text}
    </code>
  );
});
