import { memo, type CSSProperties } from 'react';
import { NodeResizer, type NodeProps } from '@xyflow/react';
import { useStoreApi } from '../../store/context';
import type { BlockFlowNode } from '../types';
import { ProblemBadge } from './ProblemBadge';
import { ToolChips } from './ToolChips';

/** A block: a tinted, resizable group holding its stages; the header shows the tools it offers. */
export const BlockNode = memo(function BlockNode({ data, selected, width }: NodeProps<BlockFlowNode>) {
  const { block, tint, tools, problems, stageCount, minWidth, minHeight, nameFit } = data;
  const store = useStoreApi();
  // What the name and badges take, estimated, so the chips get the rest of the header row.
  const taken = block.name.length * 9.6 + (block.intent ? 50 : 0) + (block.looping ? 38 : 0) + (problems ? 30 : 0) + 40;
  const chipsWidth = Math.max(40, (width ?? 300) - taken);
  return (
    <div
      className={`cb-block${selected ? ' selected' : ''}`}
      style={{ '--tint': tint, ...(nameFit ? { '--fit-block': `${nameFit.far}px`, '--fit-block-near': `${nameFit.near}px` } : {}) } as CSSProperties}
      data-testid={`block-node-${block.name}`}
    >
      <NodeResizer
        isVisible={selected}
        minWidth={minWidth}
        minHeight={minHeight}
        color={tint}
        handleClassName="cb-resize-handle"
        lineClassName="cb-resize-line"
        onResizeEnd={() => store.getState().endGesture()}
      />
      <div className="cb-block-head">
        <span className="cb-block-name" title={block.name} data-testid={`block-name-${block.name}`}>{block.name}</span>
        {block.intent && <span className="cb-badge intent" title="Detects the caller's intent">intent</span>}
        {block.looping && (
          <span className="cb-badge looping" title={`Looping: after ${block.looping.threshold} turns without progress`}>
            ↻ {block.looping.threshold}
          </span>
        )}
        <ProblemBadge problems={problems} testId={`block-problems-${block.name}`} />
        <span className="cb-block-tools">
          <ToolChips chips={tools} width={chipsWidth} rows={1} testPrefix={`block-${block.name}`} />
        </span>
      </div>
      {stageCount === 0 && <div className="cb-block-empty">Double-click to add a stage</div>}
    </div>
  );
});
