import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import {
  Background, BackgroundVariant, ControlButton, Controls, MarkerType, ReactFlow, ReactFlowProvider, useReactFlow, useStoreApi as useFlowStore,
  type Connection, type EdgeChange, type NodeChange, type OnMove,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './canvas.css';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE, moveStageToBlock, setBlockSize } from '../model/ops';
import type { Point, Size } from '../model';
import { useApp, useServices, useStoreApi } from '../store/context';
import { useSettled } from '../store/useSettledProblems';
import type { EntityRef } from '../store';
import { CANVAS_KINDS, applySelectChanges } from './select-changes';
import { createFlowAdapter, fallbackPositions } from './adapters';
import { connectStages, createBlock, createStage, openCodeOf, placeWithoutGrowing } from './actions';
import { useContextMenu } from './useContextMenu';
import { useMinimapCorner, useMinimapToggle, useRevealNew, useViewActions } from './useCanvasView';
// Fitting stays clear of the floating toolbar on top (viewport.ts).
import { FIT_VIEW_OPTIONS as fitViewOptions } from './viewport';
import { MinimapIcon } from './nodes/icons';
import { runAutoLayout, setLayoutViewSource } from './run-auto-layout';
import { fitArea } from './viewport';
import { AgentEdge } from './edges/AgentEdge';
import { BlockNode } from './nodes/BlockNode';
import { StageNode } from './nodes/StageNode';
import { GhostNode } from './nodes/GhostNode';
import { useCompareOverlay } from './useCompareOverlay';
import { Palette } from './Palette';
import { CANVAS_KEYS_HELP_ID } from './keyboard-focus';
import { useCanvasKeys } from './useCanvasKeys';
import { useZoomLevels } from './useZoomLevels';
import { BIG_AGENT_NODES } from './zoom-levels';
import { CanvasMinimap } from './CanvasMinimap';
import type { AgentFlowEdge, CanvasNode } from './types';

const nodeTypes = { stage: StageNode, block: BlockNode, ghost: GhostNode };
const edgeTypes = { agent: AgentEdge };
const defaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18, color: 'var(--cb-edge)' } };
// Far out only (a big agent's fitted view); fetched as soon as an agent is big enough to need it.
const loadOverview = () => import('./OverviewLayer');
const OverviewLayer = lazy(() => loadOverview().then((m) => ({ default: m.OverviewLayer })));
// Loaded on the first right-click: the first paint does without it.
const ContextMenu = lazy(() => import('./ContextMenu'));
// Asked for by a key (Delete with references, C to connect): apart from the first paint (.size-limit.mjs).
const DeleteDialog = lazy(() => import('./DeleteDialog').then((m) => ({ default: m.DeleteDialog })));
const ConnectPicker = lazy(() => import('./ConnectPicker').then((m) => ({ default: m.ConnectPicker })));
// Loaded on the first compare (issue 15): the banner, the diff list, side by side, what the model sees.
const CompareView = lazy(() => import('../panels/compare/CompareView'));

const round = (p: Point): Point => ({ x: Math.round(p.x), y: Math.round(p.y) });

// Far out a big agent's React Flow holds no edges: the overview drawing has them (OverviewLayer).
const NO_EDGES: AgentFlowEdge[] = [];
export function Canvas() {
  return (
    <ReactFlowProvider>
      <CanvasFlow />
    </ReactFlowProvider>
  );
}

function CanvasFlow() {
  const store = useStoreApi();
  const { projects } = useServices();
  const doc = useApp((s) => s.doc);
  const selection = useApp((s) => s.selection);
  const compare = useApp((s) => s.compare);
  const revealTick = useApp((s) => s.revealTick);
  const { problems, stageFlow } = useSettled();
  const flow = useReactFlow<CanvasNode, AgentFlowEdge>();
  const flowStore = useFlowStore<CanvasNode, AgentFlowEdge>();
  const [adapter] = useState(createFlowAdapter);
  const [message, setMessage] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  const selected = useMemo(() => new Set(selection.filter((r) => CANVAS_KINDS.has(r.kind) && r.id).map((r) => r.id!)), [selection]);
  const { nodes: docNodes, edges } = useMemo(() => adapter({ doc, selected, problems, stageFlow }), [adapter, doc, selected, problems, stageFlow]);
  // While a drag is under way the moved cards' positions live here, not in the document: writing
  // the document on every pointer move re-rendered every panel that reads it (the bench measured a
  // drag at 28× the CPU of the same components without a store). The gesture's end commits them.
  // Each move goes straight into React Flow's own store, as an uncontrolled flow's drag does:
  // re-rendering this component to hand React Flow a new array on every move doubled a drag's
  // work (2.7× the CPU of the components alone). The map keeps the positions for a rebuild of the
  // nodes mid-drag (a problems update), so the card does not jump back.
  const [dragged] = useState(() => new Map<string, Point>());
  /** The positions a drag ended at, held for onNodeDragStop's single write (see onNodesChange). */
  const dropPositions = useRef<Record<string, Point> | null>(null);
  const nodes = useMemo(
    () => (dragged.size > 0 ? docNodes.map((n) => (dragged.has(n.id) ? { ...n, position: dragged.get(n.id)! } : n)) : docNodes),
    [docNodes, dragged],
  );
  const big = nodes.length > BIG_AGENT_NODES;
  // Far out, cards show only their names and kinds (zoom-levels.ts): the canvas re-renders when the
  // zoom crosses a threshold (after a person's zoom gesture, useZoomLevels), not on every zoom tick.
  const { far, step, noEdgeLabels, overview, onMoveStart, onMoveEnd: levelsFollow } = useZoomLevels(big);
  useEffect(() => void (big && loadOverview()), [big]);
  // Comparing with another agent: marked cards and edges, ghosts of removed ones (nothing when not comparing).
  const shown = useCompareOverlay(compare, doc, nodes, edges);

  const say = useCallback((text: string | null | undefined) => {
    if (text) setMessage(text);
  }, []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 4000);
    return () => clearTimeout(timer);
  }, [message]);

  const kindOfNode = useCallback((id: string): EntityRef['kind'] => (store.getState().doc.blocks.some((b) => b.id === id) ? 'block' : 'stage'), [store]);

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    const positions: Record<string, Point> = {};
    const sizes: [string, Size][] = [];
    const selects: { id: string; selected: boolean }[] = [];
    let resizeEnded = false;
    const dragging: Record<string, Point> = {};
    for (const change of changes) {
      if (change.type === 'position' && change.position && change.dragging) dragging[change.id] = change.position;
      else if (change.type === 'position' && change.position) positions[change.id] = round(change.position);
      else if (change.type === 'dimensions' && change.setAttributes && change.dimensions) sizes.push([change.id, { width: Math.round(change.dimensions.width), height: Math.round(change.dimensions.height) }]);
      else if (change.type === 'dimensions' && change.resizing === false) resizeEnded = true;
      else if (change.type === 'select') selects.push(change);
    }
    if (Object.keys(dragging).length) {
      for (const [id, at] of Object.entries(dragging)) dragged.set(id, at);
      const internal = flowStore.getState();
      internal.setNodes(internal.nodes.map((n) => (dragging[n.id] ? { ...n, position: dragging[n.id] } : n)));
    }
    const state = store.getState();
    const moved = Object.keys(positions);
    // A drag's last positions: React Flow reports them, then calls onNodeDragStop in the same task.
    // They wait for it, so the drop (positions, a stage moved to another block, the blocks fitted)
    // is one document write: two meant the canvas, outline, inspector and save followed twice.
    // If the stop does not come (an aborted drag), they land on their own after the task.
    const dragEnd = moved.length > 0 && sizes.length === 0 && moved.every((id) => dragged.has(id));
    if (moved.length) dragged.clear();
    if (dragEnd) {
      const first = dropPositions.current === null;
      dropPositions.current = { ...dropPositions.current, ...positions };
      if (first) queueMicrotask(() => {
        const left = dropPositions.current;
        dropPositions.current = null;
        if (left) store.getState().apply((current) => placeWithoutGrowing(current, left), { history: 'gesture', label: 'move' });
      });
    } else if (moved.length || sizes.length) {
      state.apply((current) => {
        let next = placeWithoutGrowing(current, positions);
        for (const [id, size] of sizes) next = setBlockSize(next, id, size);
        return next;
      }, { history: 'gesture', label: 'move' });
    }
    if (resizeEnded) state.endGesture();
    if (selects.length) applySelectChanges(store, selects, kindOfNode);
  }, [store, kindOfNode, dragged, flowStore]);

  // A code edge's line (its label has its own handler): open the code at the assignment.
  const onEdgeDoubleClick = useCallback((_: MouseEvent, edge: AgentFlowEdge) => {
    if (edge.data?.code) openCodeOf(store, edge.data.code.write, edge.data.code.toolId);
  }, [store]);

  const onEdgesChange = useCallback((changes: EdgeChange<AgentFlowEdge>[]) => {
    const selects = changes.filter((c) => c.type === 'select');
    if (selects.length) applySelectChanges(store, selects, () => 'edge');
  }, [store]);

  // A dropped stage joins the block under its centre; either way its block grows to hold it.
  // The drop is part of the drag's undo step.
  const onNodeDragStop = useCallback((_event: unknown, _node: CanvasNode, dragged: CanvasNode[]) => {
    const state = store.getState();
    const dropped = dropPositions.current;
    dropPositions.current = null;
    let doc = dropped ? placeWithoutGrowing(state.doc, dropped) : state.doc;
    const kept: Record<string, true> = {};
    for (const node of dragged) {
      if (node.type !== 'stage') continue;
      kept[node.id] = true;
      const stage = doc.stages.find((s) => s.id === node.id);
      const internal = flow.getInternalNode(node.id);
      if (!stage || !internal) continue;
      const abs = internal.internals.positionAbsolute;
      const centre = { x: abs.x + STAGE_SIZE.width / 2, y: abs.y + STAGE_SIZE.height / 2 };
      const contains = (id: string) => {
        const block = flow.getInternalNode(id);
        if (!block) return false;
        const p = block.internals.positionAbsolute;
        const size = doc.layout.sizes[id] ?? DEFAULT_BLOCK_SIZE;
        return centre.x >= p.x && centre.x <= p.x + size.width && centre.y >= p.y && centre.y <= p.y + size.height;
      };
      if (contains(stage.blockId)) continue;
      const hit = flow.getIntersectingNodes({ id: node.id }).filter((n) => n.type === 'block' && contains(n.id)).pop();
      if (!hit) continue;
      const blockAt = flow.getInternalNode(hit.id)!.internals.positionAbsolute;
      const moved = moveStageToBlock(doc, stage.id, hit.id, round({ x: abs.x - blockAt.x, y: abs.y - blockAt.y }));
      if (moved.ok) {
        doc = moved.doc;
        delete kept[node.id];
      }
    }
    // setBlockSize never goes below what shows every stage: a stage dropped near the edge stretches its block.
    const blocks = new Set(Object.keys(kept).map((id) => doc.stages.find((s) => s.id === id)?.blockId).filter((id) => id !== undefined));
    for (const blockId of blocks) doc = setBlockSize(doc, blockId, doc.layout.sizes[blockId] ?? DEFAULT_BLOCK_SIZE);
    state.apply(() => doc, { history: 'gesture', label: 'move' });
    state.endGesture();
  }, [store, flow]);

  // Every ReactFlow prop keeps its identity across renders: a new function is copied into its
  // store, and that update runs every node's and edge's selectors (on each keystroke, issue 16).
  const onConnectStart = useCallback(() => setConnecting(true), []);
  const onConnectEnd = useCallback(() => setConnecting(false), []);
  const onConnect = useCallback((connection: Connection) => {
    const { error } = connectStages(store, connection.source, connection.target);
    say(error && `Cannot connect: ${error}`);
  }, [store, say]);

  // Double-click: on the empty pane a new block, inside a block a new stage, centred on the pointer.
  const onDoubleClick = useCallback((event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('.react-flow__node-stage, .react-flow__edge, .cb-edge-label, .react-flow__panel, .react-flow__controls, .react-flow__minimap, .react-flow__resize-control')) return;
    const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const blockEl = target.closest<HTMLElement>('.react-flow__node-block');
    if (blockEl?.dataset.id) {
      const block = flow.getInternalNode(blockEl.dataset.id);
      if (!block) return;
      const origin = block.internals.positionAbsolute;
      createStage(store, { blockId: blockEl.dataset.id, position: round({ x: at.x - origin.x - STAGE_SIZE.width / 2, y: at.y - origin.y - 22 }) });
    } else if (target.closest('.react-flow__pane')) {
      createBlock(store, round({ x: at.x - DEFAULT_BLOCK_SIZE.width / 2, y: at.y - 24 }));
    }
  }, [flow, store]);

  const onPaneClick = useCallback(() => {
    store.getState().select(null);
    wrapper.current?.focus({ preventScroll: true });
  }, [store]);

  // A reload shows the canvas exactly as it was left; a first visit fits the whole agent.
  const [restoredViewport] = useState(() => projects.restoredViewport());
  const onMoveEnd = useCallback<OnMove>((event, viewport) => {
    levelsFollow(event, viewport);
    projects.saveViewport(viewport);
  }, [projects, levelsFollow]);

  // The Outline, search and Problems reveal what they select.
  const lastTick = useRef(revealTick);
  useEffect(() => {
    if (revealTick === lastTick.current) return;
    lastTick.current = revealTick;
    const { doc: current, selection: refs } = store.getState();
    const ids = new Set<string>();
    for (const ref of refs) {
      if (!ref.id) continue;
      if (ref.kind === 'block' || ref.kind === 'stage') ids.add(ref.id);
      const edge = ref.kind === 'edge' ? current.edges.find((e) => e.id === ref.id) : undefined;
      if (edge) [edge.from, edge.to].forEach((id) => ids.add(id));
    }
    if (ids.size === 0) return;
    const frame = requestAnimationFrame(() => {
      void flow.fitView({ nodes: [...ids].map((id) => ({ id })), duration: 300, padding: 0.4, maxZoom: Math.max(flow.getZoom(), 0.9), minZoom: 0.2 });
    });
    return () => cancelAnimationFrame(frame);
  }, [revealTick, store, flow]);

  // Another project opened, or a layout landed: show the whole agent.
  const docId = doc.id;
  const firstDoc = useRef(docId);
  useEffect(() => {
    if (firstDoc.current === docId) return;
    firstDoc.current = docId;
    const frame = requestAnimationFrame(() => void flow.fitView({ ...fitViewOptions, duration: 200 }));
    return () => cancelAnimationFrame(frame);
  }, [docId, flow]);
  const layoutTick = useApp((s) => s.layoutTick);
  const seenLayout = useRef(layoutTick);
  useEffect(() => {
    if (seenLayout.current === layoutTick) return;
    seenLayout.current = layoutTick;
    requestAnimationFrame(() => void flow.fitView({ ...fitViewOptions, duration: 300 }));
  }, [layoutTick, flow]);

  // The layout shapes its rows for the part of the canvas fit view fills.
  useEffect(() => {
    setLayoutViewSource(() => {
      const { width, height } = flowStore.getState();
      return fitArea({ width, height });
    });
    return () => setLayoutViewSource(undefined);
  }, [flowStore]);

  // An imported agent without positions is laid out once; a few unplaced entities (made
  // elsewhere, e.g. by the Outline) are placed where the canvas already shows them.
  const layingOut = useRef<string | null>(null);
  useEffect(() => {
    const entities = [...doc.blocks, ...doc.stages];
    const missing = entities.filter((e) => !doc.layout.positions[e.id]);
    if (missing.length === 0 || layingOut.current === doc.id) return;
    if (missing.length * 2 >= entities.length && entities.length > 1) {
      layingOut.current = doc.id;
      void runAutoLayout(store, { history: 'skip' }).finally(() => {
        layingOut.current = null;
      });
    } else {
      store.getState().apply((current) => placeWithoutGrowing(current, Object.fromEntries(fallbackPositions(current))), { history: 'skip' });
    }
  }, [doc, store]);

  const openMenu = useRef<(() => void) | null>(null);
  const view = useViewActions(store, openMenu);
  const keys = useCanvasKeys(store, say, wrapper, view);
  const menu = useContextMenu(store, wrapper, flow.screenToFlowPosition, keys.actions);
  openMenu.current = menu.openFromKeyboard;
  useRevealNew(store, doc);
  const [minimapShown, toggleMinimap] = useMinimapToggle();
  const minimapAt = useMinimapCorner(selected);

  // Tab onto a card out of view: bring it into view (xyflow's own auto-pan is off with its keyboard handling).
  const onFocus = useCallback((event: FocusEvent) => {
    keys.onFocus(event);
    const el = event.target as HTMLElement;
    if (!el.classList.contains('react-flow__node') || !el.matches(':focus-visible') || !wrapper.current) return;
    const box = el.getBoundingClientRect();
    const view = wrapper.current.getBoundingClientRect();
    if (box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom) return;
    const node = flow.getInternalNode(el.dataset.id ?? '');
    if (!node) return;
    const { x, y } = node.internals.positionAbsolute;
    void flow.setCenter(x + (node.measured.width ?? 0) / 2, y + (node.measured.height ?? 0) / 2, { zoom: flow.getZoom(), duration: 200 });
  }, [flow, keys]);

  return (
    <div
      className={`cb-canvas${connecting ? ' cb-connecting' : ''}${far ? ` cb-far cb-far-${step}` : ''}${noEdgeLabels ? ' cb-no-edge-labels' : ''}${overview ? ' cb-overview' : ''}`}
      ref={wrapper}
      tabIndex={-1}
      data-testid="canvas"
      onKeyDown={(event: KeyboardEvent) => keys.onKeyDown(event)}
      onKeyUp={(event: KeyboardEvent) => keys.onKeyUp(event)}
      onCopy={keys.onCopy}
      onPaste={keys.onPaste}
      onDoubleClick={onDoubleClick}
      onFocus={onFocus}
      onContextMenu={menu.onContextMenu}
    >
      <ReactFlow<CanvasNode, AgentFlowEdge>
        nodes={shown.nodes}
        edges={overview && big ? NO_EDGES : shown.edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onEdgeDoubleClick={onEdgeDoubleClick}
        onNodeDragStop={onNodeDragStop}
        onConnect={onConnect}
        onConnectStart={onConnectStart}
        onConnectEnd={onConnectEnd}
        onPaneClick={onPaneClick}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        colorMode="system"
        fitView={!restoredViewport}
        defaultViewport={restoredViewport}
        fitViewOptions={fitViewOptions}
        minZoom={0.1}
        maxZoom={2}
        zoomOnDoubleClick={false}
        deleteKeyCode={null}
        disableKeyboardA11y
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        selectionKeyCode="Shift"
        onlyRenderVisibleElements={big}
        connectionRadius={28}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
        {overview && <Suspense fallback={null}><OverviewLayer edges={shown.edges} /></Suspense>}
        <Controls showInteractive={false} fitViewOptions={fitViewOptions}>
          <ControlButton
            onClick={toggleMinimap}
            title={minimapShown ? 'Hide the minimap' : 'Show the minimap'}
            aria-label={minimapShown ? 'Hide the minimap' : 'Show the minimap'}
            aria-pressed={minimapShown}
            data-testid="canvas-minimap-toggle"
          >
            <MinimapIcon />
          </ControlButton>
        </Controls>
        {/* Never over the selection: it moves to the other corner, or steps aside while both are covered. */}
        {minimapShown && minimapAt !== 'hidden' && <CanvasMinimap position={minimapAt} />}
        <Palette store={store} onAddBlock={() => view.addBlock()} onAddStage={(kind) => view.addStageOf(kind)} />
      </ReactFlow>
      {doc.blocks.length === 0 && (
        <div className="cb-empty" data-testid="canvas-empty">Double-click to add a block, or use + Block</div>
      )}
      {compare && (
        <Suspense fallback={null}>
          <CompareView />
        </Suspense>
      )}
      {message && <div className="cb-toast" role="status" data-testid="canvas-toast">{message}</div>}
      {(keys.pendingDelete || keys.pendingConnect) && (
        <Suspense fallback={null}>
          {keys.pendingDelete && <DeleteDialog {...keys.pendingDelete} />}
          {keys.pendingConnect && <ConnectPicker {...keys.pendingConnect} />}
        </Suspense>
      )}
      {menu.menu && (
        <Suspense fallback={null}>
          <ContextMenu x={menu.menu.x} y={menu.menu.y} label={menu.menu.label} items={menu.menu.items} onClose={menu.close} />
        </Suspense>
      )}
      <div className="cb-sr-only" aria-live="polite" data-testid="canvas-announcement">{keys.announcement}</div>
      <div className="cb-sr-only" id={CANVAS_KEYS_HELP_ID}>
        Space selects, Enter opens it in the inspector, arrow keys move it, C connects a stage to another, Delete removes it.
      </div>
    </div>
  );
}
