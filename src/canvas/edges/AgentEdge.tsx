import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { AgentEdgeData } from '../types';
import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { EdgeLabelLayer } from './EdgeLabelLayer';
import { useApp, useStoreApi } from '../../store/context';
import { selectTakenEdgeId } from '../../store/follow';
import { edgeGeometry, loopGeometry, routedPath } from '../edge-geometry';
import { openCodeOf } from '../actions';
import type { AgentFlowEdge } from '../types';

/**
 * A document edge (condition label, order number when its stage has several, dashed for natural
 * language, an arc for a loop) or a read-only "set in code" edge.
 */
export const AgentEdge = memo(function AgentEdge(props: EdgeProps<AgentFlowEdge>) {
  const { id, source, target, sourceX, sourceY, targetX, targetY, data, selected, markerEnd } = props;
  const store = useStoreApi();
  // The edge the simulator's last step took animates until the next step.
  const taken = useApp((s) => selectTakenEdgeId(s) === id);
  if (!data) return null;
  const loop = source === target;
  const route = data.route;
  // Routed around the cards where they were laid out; a card moved since (a drag under way) draws the plain way.
  const routed = route && !loop && Math.abs(sourceX - route.sx) < 12 && Math.abs(sourceY - route.sy) < 8 && Math.abs(targetX - route.tx) < 12 && Math.abs(targetY - route.ty) < 8;
  const { path, labelX, labelY } = routed
    ? { path: routedPath(route, sourceX, sourceY, targetX, targetY, data.offset), labelX: route.labelX, labelY: route.labelY }
    : loop
      ? loopGeometry(sourceX, sourceY, targetX, targetY, data.offset)
      : edgeGeometry(sourceX, sourceY, targetX, targetY, data.offset);
  const code = data.kind === 'code';
  const classes = ['cb-edge-path', data.dashed ? 'dashed' : '', code ? 'code' : '', selected ? 'selected' : '', taken ? 'taken' : '', data.problems ? `sev-${data.problems.worst}` : '']
    .filter(Boolean)
    .join(' ');
  const title = code
    ? codeTitle(data)
    : `${data.order ? `#${data.order} of its stage's edges, tried in order. ` : ''}${data.label}${data.problems ? `\n${data.problems.messages.join('\n')}` : ''}`;
  const written = data.code;
  const openCode = written ? () => openCodeOf(store, written.write, written.toolId) : undefined;
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={classes} interactionWidth={code && !openCode ? 0 : 16} />
      <EdgeLabelLayer>
        <div
          className={`cb-edge-label nodrag nopan${data.order !== null ? ' ordered' : ''}${code ? ' code' : ''}${selected ? ' selected' : ''}${data.dashed ? ' nlu' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY + (routed ? 0 : data.labelShift ?? 0)}px)` }}
          data-testid={`edge-label-${id}`}
          data-edge-id={id}
          title={title}
          {...(openCode ? {
            tabIndex: 0,
            role: 'button',
            'aria-label': `${title}. Press Enter to open the code`,
            onDoubleClick: (event: MouseEvent) => { event.stopPropagation(); openCode(); },
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.stopPropagation();
              openCode();
            },
          } : {})}
          onClick={code ? undefined : (event) => {
            event.stopPropagation();
            store.getState().select({ kind: 'edge', id }, { additive: event.shiftKey || event.metaKey || event.ctrlKey });
          }}
        >
          {data.order !== null && <span className="cb-edge-order">{data.order}</span>}
          {code && <span className="cb-edge-code-mark" aria-hidden="true">code</span>}
          <span className="cb-edge-text">{data.label}</span>
          {data.problems && data.problems.worst !== 'info' && <span className={`cb-edge-problem sev-${data.problems.worst}`}>{data.problems.count}</span>}
        </div>
      </EdgeLabelLayer>
    </>
  );
});

/** A code edge's tooltip: the whole label, where the assignment is, and how to open it. */
function codeTitle(data: AgentEdgeData): string {
  const written = data.code;
  if (!written) return `${data.label}: a tool body assigns this.stage (read-only here; edit the tool's code)`;
  const { write } = written;
  const where = write.via?.length ? `${write.via.at(-1)}(), line ${write.at.line}, called from ${write.tool ?? write.hook} line ${write.call?.line}` : `${write.tool ?? write.hook}, line ${write.at.line}`;
  const maybe = write.maybe ? '\nInside a callback: only if it is called.' : '';
  const open = written.toolId ? '\nDouble-click or Enter opens the code.' : '';
  return `${data.label}\nSet in code (${where}); read-only here.${maybe}${open}`;
}
