import { useEffect, useMemo, useState } from 'react';
import { describeDiff, diffRuns } from '../../simulator/replay/diff';
import type { ReplayResult, RunController } from '../../run/controller';
import { StepDiffView } from './StepDiffView';
import { Dialog } from '../../ui/Dialog';
import './replay.css';

type Phase = { kind: 'running' } | { kind: 'done'; result: ReplayResult } | { kind: 'error'; message: string };

/**
 * "Replay from here": the open run's inputs from one step on, run again on the document as it is
 * now, beside the original, step by step, with every difference marked in colour and in words.
 */
export default function ReplayDialog({ controller, fromIndex, onClose }: { controller: RunController; fromIndex: number; onClose(): void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'running' });
  const [attempt, setAttempt] = useState(0);
  const [abort, setAbort] = useState<AbortController | null>(null);

  useEffect(() => {
    // Stop aborts the model calls: the replay then ends on a stopped step, shown like any other.
    // Closing or replaying again drops the result instead (`live`).
    const stopper = new AbortController();
    let live = true;
    setAbort(stopper);
    setPhase({ kind: 'running' });
    controller.replay(fromIndex, stopper.signal).then(
      (result) => live && setPhase({ kind: 'done', result }),
      (error: unknown) => live && setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      stopper.abort();
    };
  }, [controller, fromIndex, attempt]);

  const view = useMemo(() => {
    if (phase.kind !== 'done') return null;
    const { result } = phase;
    const diffs = diffRuns(result.original.slice(result.fromIndex), result.replayed, result.doc);
    return { diffs, summary: describeDiff(diffs), originalRevision: result.original[result.fromIndex]?.revision };
  }, [phase]);

  const step = fromIndex + 1;
  return (
    <Dialog as="section" className="dialog replay-dialog" label={`Replay from step ${step}`} data-testid="replay-dialog" onClose={onClose}>
      <header className="replay-head">
        <h2>Replay from step {step}</h2>
        <span className="replay-sub">The same inputs, on the document as it is now. The open run is not changed.</span>
        <button className="ghost" aria-label="Close" data-testid="replay-close" onClick={onClose} autoFocus>✕</button>
      </header>
      {phase.kind === 'running' && (
        <div className="replay-status" role="status" data-testid="replay-running">
          Replaying from step {step}…
          <button data-testid="replay-stop" onClick={() => abort?.abort()} title="Abandon the replay">Stop</button>
        </div>
      )}
      {phase.kind === 'error' && <div className="replay-status failed" role="alert" data-testid="replay-error">The replay could not run: {phase.message}</div>}
      {phase.kind === 'done' && view && (
        <>
          <p className={`replay-summary${view.summary.count ? ' has-diff' : ''}`} role="status" data-testid="replay-summary" data-count={view.summary.count}>
            {view.summary.text}
          </p>
          <div className="replay-columns" aria-hidden>
            <span />
            <span>Original run{view.originalRevision !== undefined ? ` (revision ${view.originalRevision})` : ''}</span>
            <span>Replay (revision {phase.result.revision}, now)</span>
            <span />
          </div>
          <div className="replay-steps">
            {fromIndex > 0 && (
              <div className="replay-shared">
                {fromIndex === 1 ? 'Step 1 is' : `Steps 1–${fromIndex} are`} shared: the replay starts from the session as it stood before step {step}.
              </div>
            )}
            {view.diffs.map((d) => <StepDiffView key={d.step} diff={d} doc={phase.result.doc} />)}
          </div>
        </>
      )}
      <footer className="replay-foot">
        <button data-testid="replay-again" disabled={phase.kind === 'running'} onClick={() => setAttempt((n) => n + 1)} title="Run the replay again (a real LLM may answer differently each time)">
          Replay again
        </button>
        <button className="primary" onClick={onClose}>Close</button>
      </footer>
    </Dialog>
  );
}
