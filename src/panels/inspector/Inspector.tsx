import { useEffect, useRef, useState, type ReactNode } from 'react';
import { entityName, type AgentDocument, type Tool } from '../../model';
import { findEntity } from '../../model/ops';
import { useApp, useStoreApi } from '../../store/context';
import { selectPrimary } from '../../store/selectors';
import type { EntityRef, InspectorTab } from '../../store/types';
import { KINDS } from './declarations';
import { FieldList } from './fields';
import { bestFieldPath, pathInEntity, toolTabForPath } from './focus';
import { RevealContext, type RevealRequest } from './reveal';
import './inspector.css';

const KIND_LABEL: Record<EntityRef['kind'], string> = { agent: 'Agent', block: 'Block', stage: 'Stage', edge: 'Edge', tool: 'Tool', state: 'State field' };

/** The selection's inspector: the last selected entity, a count for several, the agent for none. */
export function Inspector() {
  const doc = useApp((s) => s.doc);
  const count = useApp((s) => s.selection.length);
  const primary = useApp(selectPrimary);
  const revealTick = useApp((s) => s.revealTick);
  const focusPath = useApp((s) => s.focusPath);
  const store = useStoreApi();
  const containerRef = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState<RevealRequest | null>(null);

  const ref: EntityRef = primary ?? { kind: 'agent' };
  const entity = ref.kind === 'agent' || !ref.id ? undefined : findEntity(doc, ref.kind, ref.id);
  const missing = ref.kind !== 'agent' && !entity;

  // A problem was clicked: open the tab that shows its path and reveal the spot.
  useEffect(() => {
    if (focusPath === null) {
      setReveal(null);
      return;
    }
    const rest = pathInEntity(focusPath, ref.kind);
    if (ref.kind === 'tool') {
      const tab = toolTabForPath(rest);
      if (tab) store.getState().setInspectorTab(tab);
    }
    setReveal({ rest, tick: revealTick });
    // Keyed on the request itself; the entity is whatever the same select() chose.
  }, [revealTick, focusPath]); // eslint-disable-line react-hooks/exhaustive-deps

  // After the tab rendered: scroll to the field holding the path, focus it, tint it for a moment.
  useEffect(() => {
    const root = containerRef.current;
    if (!reveal || !root) return;
    let waiting: MutationObserver | undefined;
    const revealBest = () => {
      const nodes = [...root.querySelectorAll<HTMLElement>('[data-path]')];
      const best = bestFieldPath(reveal.rest, nodes.map((n) => n.dataset.path ?? ''));
      const target = best !== undefined ? nodes.find((n) => n.dataset.path === best) : undefined;
      if (target) {
        target.scrollIntoView({ block: 'center', behavior: 'smooth' });
        target.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
        target.classList.remove('flash');
        void target.offsetWidth; // restart the animation
        target.classList.add('flash');
      }
      // A lazily loaded section (sections/lazy-section.tsx) still on its way may hold the field:
      // once every one has arrived, choose again among the fields they brought (once).
      if (waiting || !root.querySelector('[data-section-loading]')) return;
      waiting = new MutationObserver(() => {
        if (root.querySelector('[data-section-loading]')) return;
        waiting?.disconnect();
        revealBest();
      });
      waiting.observe(root, { childList: true, subtree: true });
    };
    const frame = requestAnimationFrame(revealBest);
    return () => {
      cancelAnimationFrame(frame);
      waiting?.disconnect();
    };
  }, [reveal]);

  let body: ReactNode;
  if (count > 1) body = <MultiSelection doc={doc} />;
  else if (missing) body = <div className="empty-state">The selected {KIND_LABEL[ref.kind].toLowerCase()} no longer exists.</div>;
  else if (ref.kind === 'tool') body = <ToolInspector tool={entity as Tool} doc={doc} />;
  else body = <EntityFields kind={ref.kind} entity={entity} doc={doc} />;

  const title = count > 1 ? `${count} selected` : missing ? '—' : ref.kind === 'agent' ? doc.name || 'Agent' : entityName(doc, ref) ?? KIND_LABEL[ref.kind];
  return (
    <div className="inspector" data-testid="inspector" data-kind={count > 1 ? 'multi' : ref.kind} ref={containerRef}>
      <header className="insp-header">
        <span className="insp-kind">{count > 1 ? 'Selection' : KIND_LABEL[ref.kind]}</span>
        <h2 className="insp-title" data-testid="inspector-title" title={title}>{title}</h2>
        {count <= 1 && ref.kind === 'tool' && entity && (
          <button
            type="button"
            className="ghost insp-delete"
            data-testid="inspector-delete-tool"
            aria-label={`Delete tool ${title}`}
            title="Delete this tool (asks first, listing what refers to it)"
            onClick={() => store.getState().requestToolDelete([ref.id!])}
          >
            Delete
          </button>
        )}
      </header>
      <RevealContext.Provider value={reveal}>{body}</RevealContext.Provider>
    </div>
  );
}

function EntityFields({ kind, entity, doc }: { kind: Exclude<EntityRef['kind'], 'tool'>; entity: unknown; doc: AgentDocument }) {
  const body = (() => {
    switch (kind) {
      case 'agent':
        return <FieldList fields={KINDS.agent} entity={doc} doc={doc} />;
      case 'block':
        return <FieldList fields={KINDS.block} entity={entity as never} doc={doc} />;
      case 'stage':
        return <FieldList fields={KINDS.stage} entity={entity as never} doc={doc} />;
      case 'edge':
        return <FieldList fields={KINDS.edge} entity={entity as never} doc={doc} />;
      case 'state':
        return <FieldList fields={KINDS.state} entity={entity as never} doc={doc} />;
    }
  })();
  // Keyed by entity so that drafts of one entity never show on the next.
  return <div className="insp-body" key={(entity as { id?: string } | undefined)?.id ?? 'agent'}>{body}</div>;
}

function ToolInspector({ tool, doc }: { tool: Tool; doc: AgentDocument }) {
  const tab = useApp((s) => s.inspectorTab);
  const store = useStoreApi();
  const current = KINDS.toolTabs.find((t) => t.id === tab) ?? KINDS.toolTabs[0];
  const select = (id: InspectorTab) => store.getState().setInspectorTab(id);
  return (
    <div className="insp-tool" key={tool.id}>
      <div className="insp-body tight">
        <FieldList fields={KINDS.toolHeader} entity={tool} doc={doc} />
      </div>
      <div className="insp-tabs" role="tablist" aria-label="Tool">
        {KINDS.toolTabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`insp-tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls="insp-tabpanel"
            data-testid={`inspector-tab-${t.id}`}
            onClick={() => select(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const i = KINDS.toolTabs.findIndex((x) => x.id === current.id);
              const next = KINDS.toolTabs[(i + (e.key === 'ArrowRight' ? 1 : KINDS.toolTabs.length - 1)) % KINDS.toolTabs.length];
              select(next.id);
              document.getElementById(`insp-tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* Keyed by tab: each tab opens at its top (the Code tab with its signature in view), not
          at the scroll the previous, longer tab was left at. A problem's reveal scrolls after. */}
      <div className="insp-body" key={current.id} role="tabpanel" id="insp-tabpanel" aria-labelledby={`insp-tab-${current.id}`} data-testid={`inspector-panel-${current.id}`}>
        <FieldList fields={current.fields} entity={tool} doc={doc} />
      </div>
    </div>
  );
}

/** Several things selected: what they are, and a way to open each. */
function MultiSelection({ doc }: { doc: AgentDocument }) {
  const selection = useApp((s) => s.selection);
  const store = useStoreApi();
  const counts = new Map<string, number>();
  for (const r of selection) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  const summary = [...counts].map(([kind, n]) => `${n} ${KIND_LABEL[kind as EntityRef['kind']].toLowerCase()}${n === 1 ? '' : 's'}`).join(', ');
  const label = (r: EntityRef) => {
    if (r.kind === 'agent' || !r.id) return 'Agent';
    return entityName(doc, r) ?? '(deleted)';
  };
  return (
    <div className="insp-body" data-testid="multi-selection">
      <p className="multi-summary">{summary}</p>
      <ul className="multi-list">
        {selection.map((r) => (
          <li key={`${r.kind}:${r.id}`}>
            <span className="insp-kind">{KIND_LABEL[r.kind]}</span>
            <button type="button" className="link" onClick={() => store.getState().select(r)}>{label(r)}</button>
          </li>
        ))}
      </ul>
      <p className="muted small">Edit one at a time: click a name to open it alone.</p>
    </div>
  );
}
