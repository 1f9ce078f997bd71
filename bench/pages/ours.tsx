// Baseline (b): our own node and edge components (src/canvas) with the app's ReactFlow settings,
// rendered from a static array made once by our adapter: no app store updates, no panels, no
// lint, no autosave. The components read a store through context (the simulator's glow, chip
// clicks), so they get a static one holding the same document, which nothing ever changes.
import { createRoot } from 'react-dom/client';
import { MarkerType, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import '../../src/app/app.css';
import '../../src/canvas/canvas.css';
import { createFlowAdapter } from '../../src/canvas/adapters';
import { AgentEdge } from '../../src/canvas/edges/AgentEdge';
import { BlockNode } from '../../src/canvas/nodes/BlockNode';
import { StageNode } from '../../src/canvas/nodes/StageNode';
import { AppProvider } from '../../src/store/context';
import { createAppStore } from '../../src/store';
import type { ProjectsController } from '../../src/store/projects-controller';
import { BENCH_VIEWPORT, benchAgent, canvasSize } from './frame';

const nodeTypes = { stage: StageNode, block: BlockNode };
const edgeTypes = { agent: AgentEdge };
const defaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18, color: 'var(--cb-edge)' } };

const { nodes, edges } = createFlowAdapter()({ doc: benchAgent, selected: new Set() });
const store = createAppStore(benchAgent);
// Never called here: the components only read the store.
const projects = {} as ProjectsController;

createRoot(document.getElementById('root')!).render(
  <AppProvider services={{ store, projects }}>
    <div className="cb-canvas" style={canvasSize()}>
      <ReactFlow
        defaultNodes={nodes}
        defaultEdges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        defaultViewport={BENCH_VIEWPORT}
        colorMode="system"
        minZoom={0.1}
        maxZoom={2}
        zoomOnDoubleClick={false}
        onlyRenderVisibleElements={nodes.length > 200}
      />
    </div>
  </AppProvider>,
);
