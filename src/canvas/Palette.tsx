import { Panel } from '@xyflow/react';
import type { Stage } from '../model';
import type { AppStore } from '../store';
import { createBlock, createStage } from './actions';
import { AddToolMenu } from './AddToolMenu';

/**
 * Creation buttons over the canvas's top-left corner; whatever is made gets selected. The canvas
 * hands in how to add a block or stage in view (useViewActions); without it they go where the ops put them.
 */
export function Palette({ store, onAddBlock = () => void createBlock(store), onAddStage = (kind) => void createStage(store, { kind }) }: {
  store: AppStore;
  onAddBlock?: () => void;
  onAddStage?: (kind: Stage['kind']) => void;
}) {
  return (
    <Panel position="top-left" className="cb-palette" data-testid="canvas-palette">
      <button type="button" data-testid="canvas-palette-add-block" title="Add a block (or double-click the empty canvas)" onClick={onAddBlock}>
        + Block
      </button>
      <button type="button" data-testid="canvas-palette-add-stage" title="Add a turn stage to the selected block (or double-click inside a block)" onClick={() => onAddStage('turn')}>
        + Stage
      </button>
      <button type="button" data-testid="canvas-palette-add-wait-stage" title="Add a wait stage to the selected block" onClick={() => onAddStage('wait')}>
        + Wait stage
      </button>
      <AddToolMenu store={store} />
    </Panel>
  );
}
