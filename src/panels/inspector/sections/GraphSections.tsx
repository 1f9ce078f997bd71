import { edgesFrom, kpiName, toolsOfBlock, type AgentDocument, type Block, type Looping, type Stage, type StateField } from '../../../model';
import { addStateField, deleteEntities, describeCondition, reorderEdge, setEntry, updateEntity } from '../../../model/ops';
import { endMarkOf } from '../../../canvas/ends-call';
import { useStoreApi } from '../../../store/context';
import { useCommit, useEndGesture } from '../commit';
import { ChipsControl, FieldView, NumberControl, SelectControl, TextControl } from '../fields';
import type { FieldDecl, SectionProps } from '../types';

/** The stage a call opens on: shown, or one click away. */
export function EntryToggle({ entity: stage, doc }: SectionProps<Stage>) {
  const commit = useCommit();
  if (doc.entryStageId === stage.id) return <div className="entry-badge" data-testid="entry-stage">▶ The call opens on this stage.</div>;
  return (
    <button type="button" data-testid="set-entry" onClick={() => commit((d) => setEntry(d, stage.id))}>
      Set as entry
    </button>
  );
}

/** Edges leaving the stage, in the order they are tried; reordered in place. */
export function EdgesOut({ entity: stage, doc }: SectionProps<Stage>) {
  const commit = useCommit();
  const store = useStoreApi();
  const edges = edgesFrom(doc, stage.id);
  if (edges.length === 0) {
    // The same mark as the card's (canvas/ends-call.ts): what having no way out means for this runtime.
    const end = endMarkOf(doc, stage);
    return (
      <>
        {end && (
          <div className="ends-call" data-testid="stage-ends-call">
            <strong>■ This stage {end.label}.</strong> {end.explanation}
          </div>
        )}
        <div className="muted small">No edges leave this stage. Drag from its handle on the canvas to add one.</div>
      </>
    );
  }
  return (
    <ol className="edge-list" data-testid="edges-out">
      {edges.map((edge, i) => {
        const to = doc.stages.find((s) => s.id === edge.to)?.name ?? '?';
        const label = edge.conditions.map((c) => describeCondition(doc, c)).join(' and ') || 'always';
        return (
          <li key={edge.id} data-testid="edge-out">
            <span className="edge-order">{i + 1}</span>
            <button type="button" className="link" onClick={() => store.getState().select({ kind: 'edge', id: edge.id })} title="Open the edge">
              {edge.kind === 'loop' ? '↻ loop' : `→ ${to}`}
            </button>
            <span className="edge-cond" title={label}>{label}</span>
            <button type="button" className="ghost" aria-label="Try earlier" disabled={i === 0} onClick={() => commit((d) => reorderEdge(d, edge.id, i - 1))}>↑</button>
            <button type="button" className="ghost" aria-label="Try later" disabled={i === edges.length - 1} onClick={() => commit((d) => reorderEdge(d, edge.id, i + 1))}>↓</button>
          </li>
        );
      })}
    </ol>
  );
}

/** Block Agent's looping: after `threshold` turns in the block, say a message and jump. */
export function LoopingEditor({ entity: block, doc }: SectionProps<Block>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const looping = block.looping;
  const write = (next: Looping | undefined, history: 'push' | 'gesture' = 'push') => commit((d) => updateEntity(d, 'block', block.id, { looping: next }), history);
  return (
    <div className="looping" data-testid="looping-editor">
      <label className="insp-check">
        <input
          type="checkbox"
          checked={!!looping}
          onChange={(e) => write(e.target.checked ? { threshold: 3, messages: [], connectTo: null, kpis: [] } : undefined)}
        />
        <span>Leave the block after a number of turns</span>
      </label>
      {looping && (
        <div className="looping-body">
          <label className="insp-sub" data-path="/looping/threshold">
            <span>after turns</span>
            <NumberControl value={looping.threshold} min={1} step={1} ariaLabel="Threshold" onWrite={(n, h) => write({ ...looping, threshold: Math.max(1, Math.round(n ?? 1)) }, h)} onDone={endGesture} />
          </label>
          <label className="insp-sub" data-path="/looping/messages">
            <span>say (one message per line)</span>
            <TextControl
              multiline
              rows={2}
              value={looping.messages.join('\n')}
              ariaLabel="Looping messages"
              onWrite={(text, h) => write({ ...looping, messages: text.split('\n') }, h)}
              onDone={() => {
                // Empty lines are kept while typing (a new line starts empty) and dropped when done.
                if (looping.messages.some((m) => !m.trim())) write({ ...looping, messages: looping.messages.filter((m) => m.trim()) }, 'gesture');
                endGesture();
              }}
            />
          </label>
          <label className="insp-sub" data-path="/looping/connectTo">
            <span>then go to</span>
            <SelectControl
              value={looping.connectTo ?? ''}
              ariaLabel="Connect to"
              options={[{ value: '', label: '— nowhere —' }, ...doc.stages.map((s) => ({ value: s.id, label: s.name }))]}
              onWrite={(id) => write({ ...looping, connectTo: id || null })}
            />
          </label>
          <div className="insp-sub" data-path="/looping/kpis">
            <span>KPIs</span>
            {/* A KPI written as a map (kpi_name, value, kpi_type) is kept as written, after the names edited here. */}
            <ChipsControl
              value={(looping.kpis ?? []).filter((k) => typeof k === 'string')}
              ariaLabel="KPIs"
              placeholder="Add a KPI…"
              onWrite={(names) => write({ ...looping, kpis: [...names, ...(looping.kpis ?? []).filter((k) => typeof k !== 'string')] })}
            />
            {(looping.kpis ?? []).some((k) => typeof k !== 'string') && (
              <span className="insp-hint">kept as written: {(looping.kpis ?? []).filter((k) => typeof k !== 'string').map(kpiName).join(', ')}</span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** A block's tools are derived from tool scopes; each chip opens its tool. */
export function BlockTools({ entity: block, doc }: SectionProps<Block>) {
  const store = useStoreApi();
  const tools = toolsOfBlock(doc, block);
  if (tools.length === 0) return <div className="muted small">No tool is offered in this block. Scope a tool to it in the tool's Options.</div>;
  return (
    <div className="chips" data-testid="block-tools">
      {tools.map((t) => (
        <button key={t.id} type="button" className="chip tool-chip" onClick={() => store.getState().select({ kind: 'tool', id: t.id })} title={`Open ${t.name}`}>
          {t.name}
        </button>
      ))}
    </div>
  );
}

/**
 * The agent's state as a table whose columns are the state-field declarations themselves, so a
 * state field reads the same here and in its own inspector.
 */
export function makeStateTable(columns: FieldDecl<StateField>[]) {
  return function StateTable({ doc }: SectionProps<AgentDocument>) {
    const commit = useCommit();
    const store = useStoreApi();
    return (
      <div className="state-table" data-testid="state-table">
        {doc.state.length > 0 && (
          <div className="state-row head" aria-hidden>
            {columns.map((c) => <span key={c.key} className={`col-${c.key}`}>{c.label}</span>)}
            <span />
          </div>
        )}
        {doc.state.map((field, index) => (
          <div className="state-row" key={field.id} data-path={`/state/${index}`} data-testid={`state-row-${field.name}`}>
            {columns.map((c) => (
              <div key={c.key} className={`col-${c.key}`}>
                <FieldView decl={c} entity={field} doc={doc} compact />
              </div>
            ))}
            <div className="row-actions">
              <button type="button" className="ghost" title="Open" aria-label={`Open ${field.name}`} onClick={() => store.getState().select({ kind: 'state', id: field.id })}>⋯</button>
              <button type="button" className="ghost" title="Delete" aria-label={`Delete ${field.name}`} onClick={() => commit((d) => deleteEntities(d, { kind: 'state', id: field.id }))}>×</button>
            </div>
          </div>
        ))}
        {doc.state.length === 0 && <div className="muted small">No state yet. State fields are what tools remember during a call.</div>}
        <div className="row-buttons">
          <button type="button" data-testid="state-add" onClick={() => commit((d) => addStateField(d, { name: 'field' }))}>
            Add state field
          </button>
        </div>
      </div>
    );
  };
}
