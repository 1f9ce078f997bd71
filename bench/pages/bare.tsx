// Baseline (a): @xyflow/react with its default nodes and edges, the same counts and positions as
// the generated agent (blocks as group nodes holding their stages), and xyflow's defaults otherwise.
import { createRoot } from 'react-dom/client';
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { BENCH_VIEWPORT, benchAgent, canvasSize } from './frame';

const { positions, sizes } = benchAgent.layout;
const nodes: Node[] = [
  ...benchAgent.blocks.map((b) => ({ id: b.id, type: 'group', position: positions[b.id], data: {}, style: { ...sizes[b.id] } })),
  ...benchAgent.stages.map((s) => ({
    id: s.id, parentId: s.blockId, position: positions[s.id], data: { label: s.name }, style: { width: 260, height: 150 },
  })),
];
const edges: Edge[] = benchAgent.edges.map((e) => ({ id: e.id, source: e.from, target: e.to }));

createRoot(document.getElementById('root')!).render(
  <div style={canvasSize()}>
    <ReactFlow defaultNodes={nodes} defaultEdges={edges} defaultViewport={BENCH_VIEWPORT} minZoom={0.1} maxZoom={2} />
  </div>,
);
