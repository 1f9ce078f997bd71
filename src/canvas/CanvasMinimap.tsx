import { useEffect, useRef } from 'react';
import { Panel, useStore, useStoreApi as useFlowStore, type PanelPosition, type ReactFlowState } from '@xyflow/react';
import { XYMinimap, type XYMinimapInstance } from '@xyflow/system';
import { ColorResolver, drawEachFrame } from './color-resolver';
import { fitToBox, minimapView } from './minimap-view';
import type { AgentFlowEdge, CanvasNode } from './types';

const BOX = { width: 200, height: 150 };
/** A card's corner radius in the minimap, in flow units (xyflow's nodeBorderRadius). */
const RADIUS = 5;
const isShown = (node: { hidden?: boolean }) => !node.hidden;

interface Props {
  position: PanelPosition;
}

/** A block in its tint, a stage in the minimap's stage grey (canvas.css). */
const nodeColor = (node: CanvasNode) => (node.type === 'block' ? node.data.tint : 'var(--cb-minimap-stage)');

/**
 * The minimap, drawn on one <canvas>. xyflow's <MiniMap> is an SVG with a rect per card, each
 * with its own store selector: every move of a drag on the 500-stage agent ran 550 selectors and
 * repainted the whole SVG (a quarter of what a drag cost over our components alone, issue 16).
 * Here one subscription redraws at most once a frame, after the cards or the viewport changed.
 * Panning by dragging in it and zooming with the wheel are xyflow's own (XYMinimap), fed the same
 * view scale as its <MiniMap> computes (minimap-view.ts).
 */
export function CanvasMinimap({ position }: Props) {
  const flowStore = useFlowStore<CanvasNode, AgentFlowEdge>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const viewScale = useRef(1);
  const panZoom = useStore((s: ReactFlowState) => s.panZoom);
  const translateExtent = useStore((s: ReactFlowState) => s.translateExtent);
  const flowWidth = useStore((s: ReactFlowState) => s.width);
  const flowHeight = useStore((s: ReactFlowState) => s.height);
  const minimap = useRef<XYMinimapInstance | null>(null);

  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx || !probe.current) return;
    const colors = new ColorResolver(probe.current);
    const draw = () => {
      const flow = flowStore.getState();
      const ratio = window.devicePixelRatio || 1;
      if (element.width !== Math.round(BOX.width * ratio)) element.width = Math.round(BOX.width * ratio);
      if (element.height !== Math.round(BOX.height * ratio)) element.height = Math.round(BOX.height * ratio);
      // One pass for the cards' bounds and their boxes, grouped by colour: a path per colour filled
      // once (500 stages share one), not a fill per card.
      const byColor = new Map<string, Path2D>();
      const selected = new Path2D();
      let anySelected = false;
      let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
      // Parents come first in the lookup (xyflow's order), so stages are drawn over their blocks.
      for (const node of flow.nodeLookup.values()) {
        if (!isShown(node)) continue;
        const { x, y } = node.internals.positionAbsolute;
        const width = node.measured.width ?? node.width ?? 0;
        const height = node.measured.height ?? node.height ?? 0;
        // Plain assignments: this loop runs over every card each redraw, and a destructured array allocates.
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x + width);
        bottom = Math.max(bottom, y + height);
        if (!width || !height) continue;
        const color = nodeColor(node.internals.userNode);
        let path = byColor.get(color);
        if (!path) byColor.set(color, (path = new Path2D()));
        path.roundRect(x, y, width, height, RADIUS);
        if (node.selected) {
          selected.roundRect(x, y, width, height, RADIUS);
          anySelected = true;
        }
      }
      const cards = left <= right ? { x: left, y: top, width: right - left, height: bottom - top } : null;
      const view = minimapView(cards, flow.transform, { width: flow.width, height: flow.height }, BOX);
      viewScale.current = view.viewScale;
      const fit = fitToBox(view.shown, BOX);

      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, BOX.width, BOX.height);
      ctx.fillStyle = colors.get('var(--xy-minimap-background-color, #fff)');
      ctx.fillRect(0, 0, BOX.width, BOX.height);
      // From here on, flow units.
      const scale = ratio * fit.scale;
      ctx.setTransform(scale, 0, 0, scale, ratio * (fit.dx - view.shown.x * fit.scale), ratio * (fit.dy - view.shown.y * fit.scale));
      for (const [color, path] of byColor) {
        ctx.fillStyle = colors.get(color);
        ctx.fill(path);
      }
      if (anySelected) {
        ctx.strokeStyle = colors.get('var(--accent)');
        ctx.lineWidth = 2 / fit.scale;
        ctx.stroke(selected);
      }
      // Everything but what the canvas shows now is veiled.
      const { shown, viewport } = view;
      ctx.fillStyle = colors.get('var(--xy-minimap-mask-background-color, rgba(240, 240, 240, 0.6))');
      ctx.beginPath();
      ctx.rect(shown.x - shown.width, shown.y - shown.height, shown.width * 3, shown.height * 3);
      ctx.rect(viewport.x, viewport.y, viewport.width, viewport.height);
      ctx.fill('evenodd');
    };
    const { schedule, stop: stopDrawing } = drawEachFrame(colors, draw);
    schedule();
    // xyflow mutates nodeLookup in place: a new nodes array, transform or pane size is the sign of a change.
    const stop = flowStore.subscribe((state, previous) => {
      if (state.nodes !== previous.nodes || state.transform !== previous.transform || state.width !== previous.width || state.height !== previous.height) schedule();
    });
    return () => {
      stopDrawing();
      stop();
    };
  }, [flowStore]);

  useEffect(() => {
    if (!canvas.current || !panZoom) return;
    const instance = XYMinimap({
      domNode: canvas.current,
      panZoom,
      getTransform: () => flowStore.getState().transform,
      getViewScale: () => viewScale.current,
    });
    minimap.current = instance;
    return () => {
      instance.destroy();
      minimap.current = null;
    };
  }, [panZoom, flowStore]);

  useEffect(() => {
    minimap.current?.update({ translateExtent, width: flowWidth, height: flowHeight, pannable: true, zoomable: true, zoomStep: 1, inversePan: false });
  }, [panZoom, translateExtent, flowWidth, flowHeight]);

  return (
    <Panel position={position} className="react-flow__minimap cb-minimap" data-testid="rf__minimap">
      <canvas ref={canvas} className="cb-minimap-drawing" role="img" aria-label="Minimap: drag to pan, scroll to zoom" style={{ width: BOX.width, height: BOX.height }} />
      <span ref={probe} className="cb-overview-probe" aria-hidden="true" />
    </Panel>
  );
}
