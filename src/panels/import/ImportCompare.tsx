// "Compare with the open agent" in the import dialog (issue 15): what importing would change,
// read before anything is replaced. Loaded with React.lazy on the first click: the diff engine
// (model/diff, jsdiff) is not part of the first paint.
import { useMemo } from 'react';
import { diffAgents, summarizeDifferences } from '../../model/diff';
import type { AgentDocument } from '../../model';
import { useApp } from '../../store/context';
import { DiffList } from '../diff/DiffList';

/** The differences from the open agent to the imported one, with their one-line summary. */
export default function ImportCompare({ imported, onCanvas }: { imported: AgentDocument; onCanvas?(): void }) {
  const open = useApp((s) => s.doc);
  const differences = useMemo(() => diffAgents(open, imported), [open, imported]);
  return (
    <section className="import-compare" aria-label="Differences from the open agent" data-testid="import-compare">
      <div className="import-compare-summary" data-testid="import-compare-summary">
        <span className="import-muted">“{open.name}” → imported:</span> {differences.length ? summarizeDifferences(differences) : 'no differences'}
        <span className="import-muted"> · {differences.length} difference{differences.length === 1 ? '' : 's'}; nothing is replaced until you choose below</span>
        {onCanvas && differences.length > 0 && (
          <button className="ghost import-compare-canvas" data-testid="import-compare-canvas" onClick={onCanvas} title="Close this dialog and show the differences on the canvas; the open agent is not replaced">
            Compare on canvas
          </button>
        )}
      </div>
      {/* The rows are about the imported agent, whose ids are not the canvas's: none opens in the inspector. */}
      <DiffList differences={differences} openable={false} empty="No differences: importing would change nothing." />
    </section>
  );
}
