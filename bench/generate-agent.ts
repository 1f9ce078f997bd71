// The agent the canvas, prompt-size and format benchmarks run on: 50 blocks of 10 stages, 1,000
// edges, 300 tools. Pure and deterministic (no ids from a clock or a random source), so every page
// of the bench and every run builds the very same document.
import type { AgentDocument, Block, Edge, Stage, Tool } from '../src/model';
import { BLOCK_HEADER, BLOCK_PADDING, STAGE_GAP, STAGE_SIZE } from '../src/model/ops/layout';

export interface AgentShape {
  blocks: number;
  stagesPerBlock: number;
  /** Tools offered in every stage (scope "all"); the rest are spread over the blocks. */
  globalTools: number;
  tools: number;
}

export const LARGE_AGENT: AgentShape = { blocks: 50, stagesPerBlock: 10, globalTools: 10, tools: 300 };

/** Blocks per row of the grid, and the empty gutter between blocks (the bench pans by dragging there). */
export const GRID_COLUMNS = 10;
export const GUTTER = 200;
const STAGE_COLUMNS = 2;

const pad = (n: number) => String(n).padStart(3, '0');
export const blockId = (b: number) => `block-${pad(b)}`;
export const stageId = (b: number, s: number) => `stage-${pad(b)}-${pad(s)}`;

export function blockSize(shape: AgentShape = LARGE_AGENT) {
  const rows = Math.ceil(shape.stagesPerBlock / STAGE_COLUMNS);
  return {
    width: BLOCK_PADDING * 2 + STAGE_COLUMNS * STAGE_SIZE.width + (STAGE_COLUMNS - 1) * STAGE_GAP,
    height: BLOCK_HEADER + rows * STAGE_SIZE.height + (rows - 1) * STAGE_GAP + BLOCK_PADDING,
  };
}

function tool(index: number, scope: Tool['scope']): Tool {
  const name = `lookup_${pad(index)}`;
  return {
    id: `tool-${pad(index)}`,
    kind: 'function',
    name,
    description: `Look up record kind ${index} for the caller and say what was found; use it only when the caller asks about kind ${index}.`,
    parameters: {
      type: 'object',
      properties: {
        reference: { type: 'string', description: 'The reference the caller gave, as they said it.' },
        day: { type: 'string', enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], description: 'Preferred day.' },
        urgent: { type: 'boolean', description: 'True when the caller says it cannot wait.' },
      },
      required: ['reference'],
      additionalProperties: false,
    },
    scope,
    fallback: false,
    pii: [],
  };
}

export function generateAgent(shape: AgentShape = LARGE_AGENT): AgentDocument {
  const size = blockSize(shape);
  const positions: Record<string, { x: number; y: number }> = {};
  const sizes: Record<string, { width: number; height: number }> = {};
  const blocks: Block[] = [];
  const stages: Stage[] = [];
  for (let b = 0; b < shape.blocks; b++) {
    blocks.push({ id: blockId(b), name: `Block ${pad(b)}`, ref: `block_${pad(b)}`, intent: false });
    positions[blockId(b)] = { x: (b % GRID_COLUMNS) * (size.width + GUTTER), y: Math.floor(b / GRID_COLUMNS) * (size.height + GUTTER) };
    sizes[blockId(b)] = size;
    for (let s = 0; s < shape.stagesPerBlock; s++) {
      stages.push({
        id: stageId(b, s), name: `stage_${pad(b)}_${pad(s)}`, ref: `turn_${pad(b)}_${pad(s)}`, blockId: blockId(b), kind: 'turn',
        instructions: `Step ${s + 1} of block ${b}: ask the caller for what this step needs, confirm it back, then move on.`,
      });
      positions[stageId(b, s)] = {
        x: BLOCK_PADDING + (s % STAGE_COLUMNS) * (STAGE_SIZE.width + STAGE_GAP),
        y: BLOCK_HEADER + Math.floor(s / STAGE_COLUMNS) * (STAGE_SIZE.height + STAGE_GAP),
      };
    }
  }

  // Tools 0..globalTools-1 everywhere; the rest round-robin over the blocks (300 tools: 10 + 5.8 per block).
  const tools: Tool[] = [];
  const blockTools = new Map<number, Tool[]>();
  for (let t = 0; t < shape.tools; t++) {
    if (t < shape.globalTools) {
      tools.push(tool(t, { kind: 'all' }));
      continue;
    }
    const b = (t - shape.globalTools) % shape.blocks;
    const made = tool(t, { kind: 'blocks', blockIds: [blockId(b)] });
    tools.push(made);
    blockTools.set(b, [...(blockTools.get(b) ?? []), made]);
  }

  // Two edges leave every stage: to the next stage of its block (the block's last stage to the
  // next block's first) and across to the same stage of the next block. Each waits for a tool of
  // its block to have been called with a reference: 2 × 500 = 1,000 edges.
  const edges: Edge[] = [];
  const total = shape.blocks * shape.stagesPerBlock;
  for (let b = 0; b < shape.blocks; b++) {
    const own = blockTools.get(b) ?? [tools[0]];
    for (let s = 0; s < shape.stagesPerBlock; s++) {
      const from = stageId(b, s);
      const flat = b * shape.stagesPerBlock + s;
      const nextFlat = (flat + 1) % total;
      const next = stageId(Math.floor(nextFlat / shape.stagesPerBlock), nextFlat % shape.stagesPerBlock);
      const across = stageId((b + 1) % shape.blocks, (s + 3) % shape.stagesPerBlock);
      const condition = (k: number) => [{ kind: 'tool' as const, toolId: own[k % own.length].id, field: 'reference', expected: '*' }];
      edges.push({ id: `edge-${pad(b)}-${pad(s)}-next`, from, to: next, kind: 'edge', conditions: condition(s) });
      edges.push({ id: `edge-${pad(b)}-${pad(s)}-across`, from, to: across, kind: 'edge', conditions: condition(s + 1) });
    }
  }

  return {
    format: 'callboard.agent',
    version: 1,
    id: 'bench-large-agent',
    name: 'Bench Large Agent',
    target: 'block-agent',
    persona: 'You are a patient phone agent for a large service desk. Keep answers short.',
    llm: {},
    opening: 'caller',
    state: [],
    blocks,
    stages,
    edges,
    tools,
    entryStageId: stageId(0, 0),
    layout: { positions, sizes },
  };
}
