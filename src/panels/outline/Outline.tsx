import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AgentDocument, Stage } from '../../model';
import { useApp, useStoreApi } from '../../store/context';
import type { AppStore } from '../../store/create';
import type { EntityRef } from '../../store';
import { DELETES_SELECTED_TOOLS } from '../../commands/delete-selection';
import { labelFits } from './label-fit';
import './outline.css';

interface Row {
  key: string;
  ref: EntityRef;
  label: string;
  depth: number;
  hint?: string;
  group?: string;
}


function buildRows(doc: AgentDocument, collapsed: Set<string>): Row[] {
  // Grouped once: stagesOfBlock per block is blocks × stages (25,000 checks on a 500-stage agent).
  const stagesOf = new Map<string, Stage[]>();
  for (const stage of doc.stages) stagesOf.set(stage.blockId, [...(stagesOf.get(stage.blockId) ?? []), stage]);
  const rows: Row[] = [{ key: 'agent', ref: { kind: 'agent' }, label: doc.name || 'Agent', depth: 0, hint: 'agent' }];
  rows.push({ key: 'g-blocks', ref: { kind: 'agent' }, label: `Blocks (${doc.blocks.length})`, depth: 0, group: 'blocks' });
  if (!collapsed.has('blocks')) {
    for (const block of doc.blocks) {
      rows.push({ key: block.id, ref: { kind: 'block', id: block.id }, label: block.name, depth: 1, hint: block.intent ? 'intent' : undefined });
      for (const stage of stagesOf.get(block.id) ?? []) {
        const entry = doc.entryStageId === stage.id ? 'entry' : undefined;
        rows.push({ key: stage.id, ref: { kind: 'stage', id: stage.id }, label: stage.name, depth: 2, hint: [stage.kind === 'wait' ? 'wait' : undefined, entry].filter(Boolean).join(' · ') || undefined });
      }
    }
  }
  rows.push({ key: 'g-tools', ref: { kind: 'agent' }, label: `Tools (${doc.tools.length})`, depth: 0, group: 'tools' });
  if (!collapsed.has('tools')) {
    for (const tool of doc.tools) rows.push({ key: tool.id, ref: { kind: 'tool', id: tool.id }, label: tool.name, depth: 1, hint: tool.kind === 'mcp' ? 'mcp' : undefined });
  }
  rows.push({ key: 'g-state', ref: { kind: 'agent' }, label: `State (${doc.state.length})`, depth: 0, group: 'state' });
  if (!collapsed.has('state')) {
    for (const field of doc.state) rows.push({ key: field.id, ref: { kind: 'state', id: field.id }, label: field.name, depth: 1, hint: field.type });
  }
  return rows;
}

/** What of the document the rows show: typing a stage's instructions or a tool's docstring changes none of it. */
const rowsKey = (doc: AgentDocument) =>
  JSON.stringify([
    doc.name, doc.entryStageId,
    doc.blocks.map((b) => [b.id, b.name, !!b.intent]),
    doc.stages.map((s) => [s.id, s.name, s.kind, s.blockId]),
    doc.tools.map((t) => [t.id, t.name, t.kind]),
    doc.state.map((f) => [f.id, f.name, f.type]),
  ]);

/**
 * The rows, the same array while what they show is the same: the outline subscribes to this rather
 * than to the document, so a keystroke elsewhere does not re-render 850 rows. The key is worked out
 * once per document (a WeakMap), the rows once per key and collapsed set.
 */
function rowsCache() {
  const keys = new WeakMap<AgentDocument, string>();
  let last: { key: string; collapsed: Set<string>; rows: Row[] } | null = null;
  return (doc: AgentDocument, collapsed: Set<string>): Row[] => {
    let key = keys.get(doc);
    if (key === undefined) keys.set(doc, (key = rowsKey(doc)));
    if (!last || last.key !== key || last.collapsed !== collapsed) last = { key, collapsed, rows: buildRows(doc, collapsed) };
    return last.rows;
  };
}

/**
 * The rows in runs of CHUNK, each laid out and painted only near the view (content-visibility in
 * outline.css). One run, not one row, is what the browser checks against the view each frame: with
 * a check per row, 850 rows cost a big agent's keystrokes and drags a few milliseconds a frame.
 */
const CHUNK = 40;
const ROW_HEIGHT = 21;
function chunksOf(rows: Row[]): Row[][] {
  const chunks: Row[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) chunks.push(rows.slice(i, i + CHUNK));
  return chunks;
}

const refKey = (ref: EntityRef) => `${ref.kind}:${ref.id ?? ''}`;

interface ChunkProps {
  rows: Row[];
  /** The keys of this chunk's selected rows, joined: a chunk re-renders only when its own selection changes. */
  selectedHere: string;
  collapsed: Set<string>;
  toggle: (group: string) => void;
  store: AppStore;
  /** The rows' width in px (0 until measured): labels that surely fit go unclipped (label-fit.ts). */
  rowWidth: number;
}

/**
 * One run of rows. Memoised: selecting a card re-renders the one or two runs whose rows changed
 * selection, not 850 rows (the first move of a drag selects the card it picks up).
 */
const OutlineChunk = memo(function OutlineChunk({ rows, selectedHere, collapsed, toggle, store, rowWidth }: ChunkProps) {
  const selected = new Set(selectedHere.split('\n'));
  return (
    // role="none": the rows stay the tree's items to assistive technology.
    <div role="none" className="outline-chunk" style={{ containIntrinsicSize: `auto ${rows.length * ROW_HEIGHT}px` }}>
      {rows.map((row) =>
        row.group ? (
          <div key={row.key} className="outline-group" role="treeitem" aria-expanded={!collapsed.has(row.group)} onClick={() => toggle(row.group!)}>
            <span className="twisty">{collapsed.has(row.group) ? '▸' : '▾'}</span> {row.label}
          </div>
        ) : (
          <div
            key={row.key}
            role="treeitem"
            aria-selected={selected.has(refKey(row.ref))}
            className={`outline-row depth-${row.depth} kind-${row.ref.kind}${labelFits(row.label, row.hint, row.depth, rowWidth) ? ' fits' : ''}`}
            data-testid={`outline-${row.ref.kind}-${row.label}`}
            onClick={(e) => store.getState().select(row.ref, { additive: e.shiftKey || e.metaKey || e.ctrlKey, reveal: true })}
          >
            <span className="label">{row.label}</span>
            {row.hint && <span className="hint">{row.hint}</span>}
          </div>
        ),
      )}
    </div>
  );
});

/** The keyboard way in (ui.md): selecting here selects on the canvas, and the other way round. */
export function Outline() {
  const selection = useApp((s) => s.selection);
  const store = useStoreApi();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [rowsOf] = useState(rowsCache);
  const rows = useApp(useCallback((s) => rowsOf(s.doc, collapsed), [rowsOf, collapsed]));
  const chunks = useMemo(() => chunksOf(rows), [rows]);
  const selectedKeys = useMemo(() => new Set(selection.map(refKey)), [selection]);
  const listRef = useRef<HTMLDivElement>(null);
  const primary = selection[selection.length - 1];
  const [rowWidth, setRowWidth] = useState(0);
  useEffect(() => {
    const tree = listRef.current;
    if (!tree || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setRowWidth(Math.floor(entry.contentRect.width)));
    observer.observe(tree);
    return () => observer.disconnect();
  }, []);

  // After the next paint: a selection made elsewhere (a card picked up by a drag) usually changed
  // much of the page, the inspector's view among it, and a scroll asked for at once forced all of
  // that to be laid out before the frame (10 ms of a big agent's first drag move); after the
  // paint it is laid out already.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [primary]);

  const toggle = useCallback((group: string) => setCollapsed((c) => {
    const next = new Set(c);
    if (next.has(group)) next.delete(group);
    else next.add(group);
    return next;
  }), []);

  const onKeyDown = (event: KeyboardEvent) => {
    const selectable = rows.filter((r) => !r.group);
    const index = selectable.findIndex((r) => primary && r.ref.kind === primary.kind && r.ref.id === primary.id);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = selectable[Math.max(0, Math.min(selectable.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))];
      if (next) store.getState().select(next.ref, { reveal: true });
    } else if (event.key === 'Enter') {
      document.querySelector<HTMLElement>('[data-testid="inspector"] input, [data-testid="inspector"] textarea')?.focus();
    }
  };

  return (
    <div className="panel-body outline" data-testid="outline">
      <div className="panel-title">Outline</div>
      {/* Delete on a selected tool goes through the page's command list (src/commands/delete-selection.ts). */}
      <div role="tree" tabIndex={0} ref={listRef} onKeyDown={onKeyDown} aria-label="Agent outline" {...{ [DELETES_SELECTED_TOOLS]: '' }}>
        {chunks.map((chunk) => (
          <OutlineChunk
            key={chunk[0].key}
            rows={chunk}
            selectedHere={chunk.filter((row) => !row.group && selectedKeys.has(refKey(row.ref))).map((row) => refKey(row.ref)).join('\n')}
            collapsed={collapsed}
            toggle={toggle}
            store={store}
            rowWidth={rowWidth}
          />
        ))}
      </div>
    </div>
  );
}
