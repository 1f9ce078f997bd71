import type { AgentDocument } from '../../model';
import { shortJson } from '../cut-text';
import type { PiiMasker } from '../../simulator/pii-mask';
import { authorName } from '../../simulator/author-name';
import type { TraceEntry } from '../../simulator/types';
import { MockNeedActions } from '../inspector/MockNeedActions';
import { edgeDecisions } from './trace';

/** Which edge fired and why, then the step's notes, skips, failed checks and tool runs, in trace order. */
export function StepEvents({ doc, mask, entries }: { doc: AgentDocument; mask: PiiMasker; entries: TraceEntry[] }) {
  const decisions = edgeDecisions(doc, entries);
  const events = entries.filter((t) => t.kind !== 'model-call' && t.kind !== 'stage-change');
  return (
    <div className="se">
      <div className="se-title">Stage</div>
      {decisions.length === 0 && <div className="se-line cd-muted" data-testid="edge-decision">No edge fired: the stage was kept.</div>}
      {decisions.map((d, i) => (
        <div key={i} className="se-line" data-testid="edge-decision" data-edge={d.edgeId ?? ''}>
          <span className="se-move">{d.loop ? `loop on ${d.from}` : `${d.from} → ${d.to}`}</span>{' '}
          {d.conditions.length > 0 ? (
            <span className="se-why">
              because {d.conditions.map((c, j) => <code key={j} className="se-cond">{c}</code>)}
              {d.conditions.length > 1 && <span className="cd-muted"> (all held)</span>}
            </span>
          ) : (
            <span className="se-why cd-muted">
              {/* No edge of the document: a tool body assigned this.stage, or the block's looping jumped. */}
              {doc.tools.some((t) => t.name === d.via) ? `set in code by ${d.via}` : `by ${authorName(doc, d.via)}`}
            </span>
          )}
        </div>
      ))}
      {events.length > 0 && <div className="se-title">Events</div>}
      {events.map((t, i) => (
        <div key={i} className={`se-line se-${t.kind}`} data-testid="step-event" data-kind={t.kind}>
          <EventText doc={doc} mask={mask} entry={t} />
        </div>
      ))}
    </div>
  );
}

function EventText({ doc, mask, entry }: { doc: AgentDocument; mask: PiiMasker; entry: TraceEntry }) {
  switch (entry.kind) {
    case 'note': return <>note: {mask.text(entry.message)}</>;
    case 'limit': return <>limit: {mask.text(entry.message)}</>;
    case 'skipped': return <>skipped ({entry.feature}): {mask.text(entry.message)}</>;
    case 'check-failed': return <>{entry.tool}: arguments refused: {mask.text(entry.message)}</>;
    case 'tool-run': {
      const tool = doc.tools.find((t) => t.name === entry.tool);
      // pii stays masked here, as in the change log, unless the user revealed this step.
      const args = mask.value(entry.args, tool);
      const wrote = Object.keys(entry.writes);
      return (
        <>
          ran <code>{entry.tool}</code>(<code className="cd-muted">{shortJson(args, 2_000)}</code>)
          {entry.error !== undefined ? <span className="sev-error"> {entry.failure === 'needs-mock' ? 'failed' : 'threw'}: {mask.text(entry.error)}</span> : wrote.length > 0 && <span className="cd-muted"> wrote {wrote.join(', ')}</span>}
          {entry.failure === 'needs-mock' && entry.needs?.length ? <MockNeedActions tool={entry.tool} needs={entry.needs} className="se-needs" /> : null}
        </>
      );
    }
    default: return null;
  }
}
