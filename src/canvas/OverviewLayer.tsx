import { useEffect, useRef } from 'react';
import { useStoreApi as useFlowStore } from '@xyflow/react';
import { useStoreApi } from '../store/context';
import { selectCurrentStageId, selectTakenEdgeId } from '../store/follow';
import { drawOverview } from './overview-draw';
import { ColorResolver, drawEachFrame } from './color-resolver';
import { overviewScene, type OverviewScene } from './overview-scene';
import { followTypingElsewhere } from './typing-elsewhere';
import type { AgentFlowEdge, CanvasNode } from './types';

/**
 * The canvas zoomed far out (zoom-levels.ts, isOverview): every card and edge drawn on one
 * <canvas> under React Flow's layer, whose DOM cards stay in place unpainted (canvas.css,
 * .cb-overview) so a click, a drag, a double-click and the keyboard still act on them. Redrawn on
 * the next frame after anything React Flow holds changes (the viewport, a card moved or selected,
 * the problems), or the simulator's current stage or taken edge.
 */
export function OverviewLayer({ edges }: { edges: AgentFlowEdge[] }) {
  // The edges come from the canvas, not React Flow's store: far out a big agent's React Flow is given
  // none, since 1,000 hidden edge components were 40% of its heap (and its GC) while typing (issue
  // 16). A small agent keeps its edges there (their labels and the compare view's ghosts stay in the DOM).
  const edgesRef = useRef(edges);
  const redraw = useRef<() => void>(undefined);
  useEffect(() => {
    edgesRef.current = edges;
    redraw.current?.();
  }, [edges]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const flowStore = useFlowStore<CanvasNode, AgentFlowEdge>();
  const store = useStoreApi();

  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx || !probe.current) return;
    const colors = new ColorResolver(probe.current);
    // The scene is rebuilt only when React Flow's nodes or edges change, not on a pan or zoom.
    let sceneFor: [unknown, unknown] = [undefined, undefined];
    let scene: OverviewScene = { boxes: [], edges: [] };
    const draw = () => {
      const flow = flowStore.getState();
      if (sceneFor[0] !== flow.nodes || sceneFor[1] !== edgesRef.current) {
        scene = overviewScene(flow.nodeLookup.values(), edgesRef.current);
        sceneFor = [flow.nodes, edgesRef.current];
      }
      const ratio = window.devicePixelRatio || 1;
      const [width, height] = [flow.width, flow.height];
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
      }
      const app = store.getState();
      const names = drawOverview(ctx, {
        scene,
        transform: flow.transform,
        width,
        height,
        pixelRatio: ratio,
        marks: { current: selectCurrentStageId(app), taken: selectTakenEdgeId(app) },
        colors,
        fontFamily: getComputedStyle(element).fontFamily,
      });
      element.dataset.drawn = String(scene.boxes.length);
      element.dataset.names = String(names);
    };
    const { schedule, stop: stopDrawing } = drawEachFrame(colors, draw);
    schedule();
    redraw.current = schedule;
    const stopFlow = flowStore.subscribe(schedule);
    const stopApp = store.subscribe((state, previous) => {
      if (selectCurrentStageId(state) !== selectCurrentStageId(previous) || selectTakenEdgeId(state) !== selectTakenEdgeId(previous)) schedule();
    });
    // Meanwhile the DOM card boxes step off the page while someone types outside the canvas (canvas.css).
    const stopTyping = followTypingElsewhere(element.closest<HTMLElement>('.cb-canvas') ?? element);
    return () => {
      redraw.current = undefined;
      stopTyping();
      stopDrawing();
      stopFlow();
      stopApp();
    };
  }, [flowStore, store]);

  return (
    <>
      <canvas ref={canvas} className="cb-overview-drawing" data-testid="canvas-overview" aria-hidden="true" />
      <span ref={probe} className="cb-overview-probe" aria-hidden="true" />
    </>
  );
}
