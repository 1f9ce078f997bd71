import { lazy, Suspense, useState } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import { llmLabel } from '../../run/run-settings';
import { useControllerView, useRunController } from './useRunController';
import { StatePanel } from '../state/StatePanel';
import { ChatView } from './ChatView';
import { CallerInput } from './CallerInput';
import { SimulatedCaller } from './SimulatedCaller';
import { ReplayHost } from '../replay/ReplayHost';
import { SaveTestButton } from '../tests/SaveTestButton';
import './simulator.css';
import { factsOf } from '../../runtimes/facts';

// Loaded when first opened: the first paint has a size budget (.size-limit.mjs).
const PlayModel = lazy(() => import('./play/PlayModel'));


/** The simulator: talk to the agent as the caller, watch what the runtime does, restart anywhere. */
export function SimulatorPanel() {
  const store = useStoreApi();
  const controller = useRunController();
  const view = useControllerView(controller);
  const llm = useApp((s) => s.llm);
  const target = useApp((s) => s.doc.target);
  const language = useApp((s) => s.doc.language);
  // What the run follows, in the document's language (a Pinecall class in Python runs as the Python SDK does).
  const runsAs = factsOf(target).runsAs(language);
  const running = useApp((s) => s.running);
  const turn = useApp((s) => s.session?.turn ?? 0);
  const hasRun = useApp((s) => s.session !== null || s.steps.length > 0);
  const [callerOpen, setCallerOpen] = useState(false);

  return (
    <div className="sim" data-testid="simulator">
      <div className="sim-main">
        <div className="sim-toolbar">
          <button className="sim-chip" data-testid="sim-provider" onClick={() => store.getState().setLlmSettingsOpen(true)} title="The model this run calls: click to change it">
            {llmLabel(llm)}
          </button>
          <span className="sim-runtime" title={runsAs.title} data-testid="sim-runtime">{runsAs.label}</span>
          <span className="spacer" />
          <button data-testid="sim-agent-opens" disabled={running || turn > 0} onClick={() => void controller.send({ kind: 'open' })} title="The agent speaks first: one model call before any caller line">
            Agent opens
          </button>
          {running && (
            <button data-testid="sim-stop" className="danger" onClick={() => controller.stop()} title="Abort every model call in flight">
              Stop
            </button>
          )}
          <button data-testid="sim-caller-toggle" aria-expanded={callerOpen} onClick={() => setCallerOpen((o) => !o)} title="Let an LLM play the caller from a persona and a goal">
            Simulated caller
          </button>
          <SaveTestButton />
          <button data-testid="sim-reset" disabled={!hasRun && !view.notice} onClick={() => controller.reset()} title="Forget this run and start again from the entry stage">
            Reset
          </button>
        </div>
        <ChatView controller={controller} notice={view.notice} pending={view.pending} />
        <SimulatedCaller controller={controller} caller={view.caller} hidden={!callerOpen && !view.caller?.running} />
        {view.playing && (
          <Suspense fallback={<div className="sim-note" data-testid="play-loading">Loading…</div>}>
            <PlayModel controller={controller} />
          </Suspense>
        )}
        <CallerInput controller={controller} draft={view.draft} queued={view.queued} />
        <ReplayHost controller={controller} />
      </div>
      {/* Focusable: during a run its fields are read-only, and the keyboard must still scroll it. */}
      <aside className="sim-side" aria-label="Run state" tabIndex={0}>
        <StatePanel />
      </aside>
    </div>
  );
}
