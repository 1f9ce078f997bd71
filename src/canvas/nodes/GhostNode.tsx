import { Handle, Position, type NodeProps, type Node } from '@xyflow/react';

type GhostData = { kind: 'block' | 'stage'; name: string };

/**
 * A block or stage the compared-with agent had and the open one does not (issue 15): drawn faint
 * and dashed where it stood, never selectable or draggable. Its handles let removed edges reach it.
 */
export function GhostNode({ data }: NodeProps<Node<GhostData, 'ghost'>>) {
  return (
    <div className={`cb-ghost cb-ghost-${data.kind}-card`} data-testid={`ghost-${data.kind}-${data.name}`} title={`${data.kind === 'block' ? 'Block' : 'Stage'} ${data.name}: removed`}>
      {data.kind === 'stage' && <Handle type="target" position={Position.Left} className="cb-handle cb-ghost-handle" isConnectable={false} style={{ top: 22 }} />}
      <span className="cb-ghost-name">{data.name}</span>
      <span className="cb-ghost-mark">removed</span>
      {data.kind === 'stage' && <Handle type="source" position={Position.Right} className="cb-handle cb-ghost-handle" isConnectable={false} style={{ top: 22 }} />}
    </div>
  );
}
