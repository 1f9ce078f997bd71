import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useReactFlow, useStore, useStoreApi as useFlowStoreApi, type ReactFlowState } from '@xyflow/react';
import { DEFAULT_BLOCK_SIZE, STAGE_SIZE, blockSpotIn, entityRect, stageSpotIn, type Rect } from '../model/ops';
import type { AgentDocument, Point, Stage } from '../model';
import { createBlock, createStage, targetBlockId } from './actions';
import { runAutoLayout } from './run-auto-layout';
import type { ViewActions } from './useCanvasKeys';
import type { AppStore } from '../store';
import type { AgentFlowEdge, CanvasNode } from './types';
import { BIG_AGENT_NODES } from './zoom-levels';
import { FIT_VIEW_OPTIONS, contains, minimapCorner, viewportCentredOn, visibleFlowRect, type MinimapCorner } from './viewport';

const MINIMAP_KEY = 'callboard.canvas.minimap';

function readMinimapShown(): boolean {
  try {
    return globalThis.localStorage?.getItem(MINIMAP_KEY) !== 'hidden';
  } catch {
    return true;
  }
}

/** The minimap's toggle, remembered on this device. */
export function useMinimapToggle(): [boolean, () => void] {
  const [shown, setShown] = useState(readMinimapShown);
  const toggle = useCallback(() => {
    setShown((was) => {
      try {
        globalThis.localStorage?.setItem(MINIMAP_KEY, was ? 'hidden' : 'shown');
      } catch {
        // No storage (a private window): the toggle holds for this visit.
      }
      return !was;
    });
  }, []);
  return [shown, toggle];
}

/**
 * Which corner the minimap takes so it does not cover a selected card, nor any card while the whole
 * agent is in view (viewport.ts, minimapCorner). A string selector: re-renders only on a change.
 */
export function useMinimapCorner(selected: ReadonlySet<string>): MinimapCorner {
  const selector = useCallback((s: ReactFlowState) => {
    const [x, y, zoom] = s.transform;
    const chosen: Rect[] = [];
    const cards: Rect[] = [];
    let whole = true;
    // A big agent is never whole in view at a zoom its cards can be read at: it keeps off the
    // selection only, without a walk over every card on each frame of a pan.
    const big = s.nodeLookup.size > BIG_AGENT_NODES;
    for (const node of big ? [...selected].map((id) => s.nodeLookup.get(id)).filter((n) => n !== undefined) : s.nodeLookup.values()) {
      if (node.hidden) continue;
      const at = node.internals.positionAbsolute;
      const rect = { x: at.x * zoom + x, y: at.y * zoom + y, width: (node.measured.width ?? 0) * zoom, height: (node.measured.height ?? 0) * zoom };
      if (rect.x < 0 || rect.y < 0 || rect.x + rect.width > s.width || rect.y + rect.height > s.height) whole = false;
      cards.push(rect);
      if (selected.has(node.id)) chosen.push(rect);
    }
    return minimapCorner(chosen, { width: s.width, height: s.height }, big ? [] : cards, !big && whole && cards.length > 0);
  }, [selected]);
  return useStore(selector);
}

/** The visible part of the canvas (below the toolbar), in flow coordinates, read when asked. */
export function useVisibleRect(): () => Rect {
  const flowStore = useFlowStoreApi();
  return useCallback(() => {
    const { transform, width, height } = flowStore.getState();
    return visibleFlowRect(transform, { width, height });
  }, [flowStore]);
}

/**
 * New blocks and stages that come selected (+ Stage, + Block, paste, duplicate, the Outline) are
 * brought into view when they are not in it already: panned to at the same zoom, not refitted.
 */
export function useRevealNew(store: AppStore, doc: AgentDocument) {
  const flow = useReactFlow<CanvasNode, AgentFlowEdge>();
  const visible = useVisibleRect();
  const flowStore = useFlowStoreApi();
  const known = useRef<Set<string> | null>(null);
  const docId = useRef(doc.id);
  useEffect(() => {
    const ids = new Set([...doc.blocks, ...doc.stages].map((e) => e.id));
    const before = known.current;
    known.current = ids;
    // The first paint and another project are fitted whole elsewhere.
    if (!before || docId.current !== doc.id) {
      docId.current = doc.id;
      return;
    }
    const selected = new Set(store.getState().selection.map((r) => r.id));
    const fresh = [...ids].filter((id) => !before.has(id) && selected.has(id));
    const rects = fresh.map((id) => entityRect(doc, id)).filter((r): r is Rect => r !== undefined);
    if (rects.length === 0) return;
    const box = boundsOf(rects);
    const view = visible();
    if (contains(view, box)) return;
    const frame = requestAnimationFrame(() => {
      const { transform, width, height } = flowStore.getState();
      const zoom = transform[2];
      if (box.width <= view.width && box.height <= view.height) void flow.setViewport(viewportCentredOn(box, zoom, { width, height }), { duration: 250 });
      else void flow.fitView({ nodes: fresh.map((id) => ({ id })), maxZoom: zoom, duration: 250 });
    });
    return () => cancelAnimationFrame(frame);
  }, [doc, store, flow, visible, flowStore]);
}

function boundsOf(rects: Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

/**
 * What the view does for a command or a palette button: fit, lay out, and add a block or stage
 * where a person will see it (at the menu's point, else in the visible part), clear of other cards.
 */
export function useViewActions(store: AppStore, openMenu: RefObject<(() => void) | null>): ViewActions & { addStageOf(kind: Stage['kind'], at?: Point): void } {
  const flow = useReactFlow<CanvasNode, AgentFlowEdge>();
  const visible = useVisibleRect();
  return useMemo(() => {
    const addStageOf = (kind: Stage['kind'], at?: Point) => {
      const { doc, selection } = store.getState();
      const under = at ? doc.blocks.find((b) => {
        const r = entityRect(doc, b.id);
        return r && at.x >= r.x && at.x <= r.x + r.width && at.y >= r.y && at.y <= r.y + r.height;
      })?.id : undefined;
      const blockId = under ?? targetBlockId(doc, selection);
      if (!blockId) {
        createStage(store, { kind });
        return;
      }
      const near = at ? { x: at.x - STAGE_SIZE.width / 2, y: at.y - 22, ...STAGE_SIZE } : visible();
      createStage(store, { kind, blockId, position: stageSpotIn(doc, blockId, near) });
    };
    return {
      addStageOf,
      addStage: (at) => addStageOf('turn', at),
      addBlock: (at) => {
        const near = at ? { x: at.x - DEFAULT_BLOCK_SIZE.width / 2, y: at.y - 24, ...DEFAULT_BLOCK_SIZE } : visible();
        createBlock(store, blockSpotIn(store.getState().doc, near));
      },
      fitView: () => void flow.fitView({ ...FIT_VIEW_OPTIONS, duration: 200 }),
      autoLayout: () => void runAutoLayout(store),
      openMenu: () => openMenu.current?.(),
    };
  }, [store, flow, visible, openMenu]);
}
