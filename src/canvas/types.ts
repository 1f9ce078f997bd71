import type { Edge as FlowEdge, Node as FlowNode } from '@xyflow/react';
import type { Block, Edge, Stage } from '../model';
import type { StageWrite } from '../model/code-flow';
import type { EndMark } from './ends-call';
import type { CardFit } from './name-fit';
import type { EdgeRoute } from './edge-routes';

export type Severity = 'error' | 'warning' | 'info';

/** How many problems point at an entity, and the worst of them (for the badge's colour). */
export interface ProblemCount {
  count: number;
  worst: Severity;
  /** The first few messages, for the badge's tooltip. */
  messages: string[];
}

export interface ToolChip {
  id: string;
  name: string;
}

export type StageNodeData = {
  stage: Stage;
  isEntry: boolean;
  tools: ToolChip[];
  problems: ProblemCount | null;
  tint: string;
  /** Set when no edge leaves the stage: the card says the call ends there. */
  endMark: EndMark | null;
  /** What its tools' code does to the stage that no edge shows (a value not resolved, a name that is no stage). */
  codeNotes?: string[];
  /** The font sizes at which its name fits the card whole (name-fit.ts). */
  fit?: CardFit;
};

export type BlockNodeData = {
  block: Block;
  tint: string;
  tools: ToolChip[];
  problems: ProblemCount | null;
  stageCount: number;
  /** The smallest size that still shows every stage whole. */
  minWidth: number;
  minHeight: number;
  /** The font size (flow px) at which its name fits its header on one line, far out and close up (name-fit.ts). */
  nameFit?: { far: number; near: number };
};

export type StageFlowNode = FlowNode<StageNodeData, 'stage'>;
export type BlockFlowNode = FlowNode<BlockNodeData, 'block'>;
export type CanvasNode = StageFlowNode | BlockFlowNode;

export type AgentEdgeData = {
  /** The document edge; absent for a derived "set in code" edge. */
  edge?: Edge;
  kind: 'edge' | 'loop' | 'code';
  label: string;
  /** Position among the from-stage's edges (1-based) when it has several; null otherwise. */
  order: number | null;
  dashed: boolean;
  /** Spread of parallel edges between the same two stages: 0 for a lone edge. */
  offset: number;
  problems: ProblemCount | null;
  /** Moves the label down (or up) from its place on the line: code edges leaving one stage stagger theirs. */
  labelShift?: number;
  /** A code edge read by the code-flow reader: the write, and the tool whose code editor opens on it. */
  code?: { write: StageWrite; toolId?: string };
  /** Its way around the cards and its label's spot (edge-routes.ts); absent on a big agent. */
  route?: EdgeRoute;
};

export type AgentFlowEdge = FlowEdge<AgentEdgeData, 'agent'>;
