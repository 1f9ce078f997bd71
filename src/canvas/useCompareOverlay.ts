import { useEffect, useMemo, useState } from 'react';
import type { AgentDocument } from '../model';
import type { CompareState } from '../store';
import type { AgentFlowEdge, CanvasNode } from './types';

type OverlayModule = typeof import('./compare-overlay');
let loaded: OverlayModule | null = null;

/**
 * The canvas's nodes and edges with the compare overlay on (issue 15). While not comparing it
 * hands the adapter's arrays straight back: no diff, no copy, nothing loaded. The overlay module
 * (and the diff it runs) is fetched on the first compare.
 */
export function useCompareOverlay(compare: CompareState | null, doc: AgentDocument, nodes: CanvasNode[], edges: AgentFlowEdge[]): { nodes: CanvasNode[]; edges: AgentFlowEdge[] } {
  const [overlayModule, setOverlayModule] = useState<OverlayModule | null>(loaded);
  useEffect(() => {
    if (!compare || overlayModule) return;
    let live = true;
    void import('./compare-overlay').then((m) => {
      loaded = m;
      if (live) setOverlayModule(m);
    });
    return () => {
      live = false;
    };
  }, [compare, overlayModule]);
  const overlay = useMemo(() => (compare && overlayModule ? overlayModule.overlayFor(compare.base, doc) : null), [compare, overlayModule, doc]);
  return useMemo(() => (overlay && overlayModule ? overlayModule.overlayFlow(nodes, edges, overlay) : { nodes, edges }), [overlay, overlayModule, nodes, edges]);
}
