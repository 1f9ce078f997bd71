import { useEffect, useRef, useState } from 'react';
import { useStoreApi as useFlowStore, type OnMove } from '@xyflow/react';
import { edgeLabelsHidden, farStep, isFar, isOverview } from './zoom-levels';

export interface ZoomLevels {
  far: boolean;
  /** 0 close up, else the far step (zoom-levels.ts, FAR_STEPS): the size of the cards' names. */
  step: number;
  noEdgeLabels: boolean;
  overview: boolean;
}

export const levelsOf = (zoom: number, big = true): ZoomLevels => ({ far: isFar(zoom), step: farStep(zoom), noEdgeLabels: edgeLabelsHidden(zoom), overview: isOverview(zoom, big) });
const same = (a: ZoomLevels, b: ZoomLevels) => a.far === b.far && a.step === b.step && a.noEdgeLabels === b.noEdgeLabels && a.overview === b.overview;

/**
 * When the levels follow the zoom. A change of level restyles every card on screen, a frame's
 * worth of work: in the middle of a person's wheel or pinch it showed as a dropped frame each time
 * the zoom crossed a threshold (issue 16, the zoom gesture's p95). While such a gesture is under
 * way the levels hold, and they follow the zoom when it ends; a zoom made by the app (fit view,
 * the zoom buttons, reveal) moves them at once.
 */
export function levelsFollower(zoom: () => number, show: (levels: ZoomLevels) => void, big: () => boolean = () => true) {
  let gesture = false;
  let shown = levelsOf(zoom(), big());
  const follow = () => {
    const next = levelsOf(zoom(), big());
    if (same(shown, next)) return;
    shown = next;
    show(next);
  };
  return {
    initial: shown,
    zoomed: () => {
      if (!gesture) follow();
    },
    /** The agent grew past big or shrank under it: the overview's threshold moved. */
    resized: () => follow(),
    // xyflow hands these the pointer or wheel event that moved the viewport, and null for a move the app made.
    moveStart: (event: unknown) => {
      if (event) gesture = true;
    },
    moveEnd: () => {
      gesture = false;
      follow();
    },
  };
}

/** The canvas's semantic zoom levels (zoom-levels.ts), held while a person zooms (levelsFollower). */
export function useZoomLevels(big: boolean): ZoomLevels & { onMoveStart: OnMove; onMoveEnd: OnMove } {
  const flowStore = useFlowStore();
  const bigRef = useRef(big);
  const [follower] = useState(() => levelsFollower(() => flowStore.getState().transform[2], (next) => setLevels(next), () => bigRef.current));
  const [levels, setLevels] = useState(follower.initial);
  useEffect(() => {
    if (bigRef.current === big) return;
    bigRef.current = big;
    follower.resized();
  }, [big, follower]);
  useEffect(() => {
    follower.zoomed();
    return flowStore.subscribe((state, previous) => {
      if (state.transform[2] !== previous.transform[2]) follower.zoomed();
    });
  }, [flowStore, follower]);
  return { ...levels, onMoveStart: follower.moveStart, onMoveEnd: follower.moveEnd };
}
