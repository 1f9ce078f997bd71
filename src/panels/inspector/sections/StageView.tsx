import { useEffect, useState } from 'react';
import type { AgentDocument, Stage } from '../../../model';
import { setOwn } from '../../../model/own';
import { viewPreviewOf } from '../../../run/view-preview';
import { keptViewOf, viewReplacesInstructions } from '../../../simulator/class-code/kept-view';
import { newSession } from '../../../simulator/session';
import type { ViewResult } from '../../../simulator/types';
import { useApp } from '../../../store/context';
import type { SectionProps } from '../types';

/** Typing in the state panel or the call facts re-renders; a pause first, so each keystroke is not a sandbox run. */
const DEBOUNCE_MS = 200;

/** The state a preview renders: the session's, or the one a run starts from, with `this.stage` set to `stageName`. */
function previewState(doc: AgentDocument, sessionState: Record<string, unknown> | undefined, initial: Record<string, unknown>, stageName: string): Record<string, unknown> {
  const state = { ...(sessionState ?? newSession(doc).state) };
  if (!sessionState) for (const [field, value] of Object.entries(initial)) if (doc.state.some((f) => f.name === field)) setOwn(state, field, value);
  // Pinecall's `this.stage` is the stage by name, unless the class has a field of that name.
  if (!doc.state.some((f) => f.name === 'stage')) setOwn(state, 'stage', stageName);
  return state;
}

/**
 * What a Pinecall class's kept render() (or @render component) renders: for the session's state
 * (the state a run starts from, before any run), in the stage picked — this one at first — with
 * the call facts the run uses. Rendered in a worker (run/view-preview.ts), never on the page.
 */
export function StageView({ entity: stage, doc }: SectionProps<Stage>) {
  const sessionState = useApp((s) => s.session?.state);
  const initial = useApp((s) => s.initialState);
  const call = useApp((s) => s.callFacts);
  const [picked, setPicked] = useState<string | null>(null);
  const [shown, setShown] = useState<{ key: string; result: ViewResult } | { key: string; failed: string } | null>(null);
  // Another stage opened in the inspector starts on itself again.
  const [forStage, setForStage] = useState(stage.id);
  if (forStage !== stage.id) {
    setForStage(stage.id);
    setPicked(null);
  }
  const stageName = picked !== null && doc.stages.some((s) => s.name === picked) ? picked : stage.name;
  const state = previewState(doc, sessionState, initial, stageName);
  const key = JSON.stringify([state, call]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      viewPreviewOf(doc, state, call).then(
        (result) => live && setShown({ key, result }),
        (error: unknown) => live && setShown({ key, failed: error instanceof Error ? error.message : String(error) }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for the state and the call facts (new objects on every draw).
  }, [doc, key]); // eslint-disable-line react-hooks/exhaustive-deps

  const view = keptViewOf(doc);
  const follows = view !== undefined && !viewReplacesInstructions(view);
  const stale = shown === null || shown.key !== key;
  return (
    <div className="stage-view" data-testid="stage-view">
      <label className="stage-view-for">
        <span>{sessionState ? "The session's state, in stage" : 'The state a run starts from, in stage'}</span>
        <select value={stageName} aria-label="Render for stage" data-testid="stage-view-stage" onChange={(e) => setPicked(e.target.value)}>
          {doc.stages.map((s) => <option key={s.id} value={s.name}>{s.name}</option>)}
        </select>
      </label>
      <div className="code-caption">
        {follows ? 'What render() says after the stage\u2019s instructions' : 'The prompt\u2019s view, as Pinecall renders it'}
        {Object.keys(call).length > 0 && <> · <code>this.call</code> from the call facts</>}
      </div>
      {shown && 'failed' in shown ? (
        <div className="insp-error" role="alert" data-testid="stage-view-error">The preview could not run: {shown.failed}</div>
      ) : shown?.result.error ? (
        <div className="insp-error" role="alert" data-testid="stage-view-error">{shown.result.error}</div>
      ) : null}
      {shown && 'result' in shown && !shown.result.error && (
        <pre className={`stage-view-text${stale ? ' stale' : ''}`} data-testid="stage-view-text">{shown.result.text || '(renders nothing here)'}</pre>
      )}
      {shown === null && <div className="muted small" data-testid="stage-view-pending">Rendering…</div>}
    </div>
  );
}
