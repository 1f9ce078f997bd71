import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore, type ReactFlowState } from '@xyflow/react';

// xyflow's own <EdgeLabelRenderer> finds its layer with a store selector that runs
// domNode.querySelector(...) for every edge label on every change of the flow's store: on a
// 1,000-edge agent a keystroke in the inspector spent most of its time there (issue 16). The same
// lookup, remembered per flow once found.
const layers = new WeakMap<HTMLElement, Element>();
const selectLayer = (s: ReactFlowState): Element | null => {
  const root = s.domNode;
  if (!root) return null;
  let layer = layers.get(root);
  if (!layer || !layer.isConnected) {
    layer = root.querySelector('.react-flow__edgelabel-renderer') ?? undefined;
    if (!layer) return null;
    layers.set(root, layer);
  }
  return layer;
};

/** Renders an edge's label in the flow's edge-label layer (HTML above the SVG edges), as <EdgeLabelRenderer> does. */
export function EdgeLabelLayer({ children }: { children: ReactNode }) {
  const layer = useStore(selectLayer);
  return layer ? createPortal(children, layer) : null;
}
