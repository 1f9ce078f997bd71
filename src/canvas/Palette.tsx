import { Panel } from '@xyflow/react';
import type { AppStore } from '../store';
import { createBlock, createStage, createTool } from './actions';

/** Creation buttons over the canvas's top-left corner; whatever is made gets selected. */
export function Palette({ store }: { store: AppStore }) {
  return (
    <Panel position="top-left" className="cb-palette" data-testid="canvas-palette">
      <button type="button" data-testid="canvas-palette-add-block" title="Add a block (or double-click the empty canvas)" onClick={() => createBlock(store)}>
        + Block
      </button>
      <button type="button" data-testid="canvas-palette-add-stage" title="Add a turn stage to the selected block (or double-click inside a block)" onClick={() => createStage(store, { kind: 'turn' })}>
        + Stage
      </button>
      <button type="button" data-testid="canvas-palette-add-wait-stage" title="Add a wait stage to the selected block" onClick={() => createStage(store, { kind: 'wait' })}>
        + Wait stage
      </button>
      <button type="button" data-testid="canvas-palette-add-tool" title="Add a tool offered in the selected stage or block (or everywhere)" onClick={() => createTool(store)}>
        + Tool
      </button>
    </Panel>
  );
}
