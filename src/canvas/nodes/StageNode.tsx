import { memo, type CSSProperties } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { HANDLE_Y, liveInstructions } from '../adapters';
import { keptViewOf, viewReplacesInstructions } from '../../simulator/class-code/kept-view';
import type { AgentDocument } from '../../model';
import { useApp } from '../../store/context';
import { selectCurrentStageId } from '../../store/follow';
import type { StageFlowNode } from '../types';
import { EntryIcon, TurnIcon, WaitIcon } from './icons';
import { ProblemBadge } from './ProblemBadge';
import { ToolChips } from './ToolChips';
import { NameText } from './NameText';
import type { CardFit } from '../name-fit';
import { factsOf } from '../../runtimes/facts';

const handleStyle: CSSProperties = { top: HANDLE_Y };

/** The card's name sizes and, per far step, the rows of smaller text under the name (canvas.css). */
const fitStyles = new WeakMap<CardFit, CSSProperties>();
function fitStyle(fit: CardFit): CSSProperties {
  let style = fitStyles.get(fit);
  if (!style) {
    const vars: Record<string, string | number> = { '--fit-near': `${fit.near}px`, '--fit-name': `${fit.far}px` };
    fit.rows.forEach((rows, i) => { vars[`--rows-${i + 1}`] = rows; });
    fitStyles.set(fit, (style = vars as CSSProperties));
  }
  return style;
}

/**
 * Where a Pinecall class's prompt view comes from when it keeps it as code: `replaces` (its own
 * render() or @render(Component): the stages' instructions are not what it sends), `follows`
 * (render() children that are no stage's section, said after the instructions), else none.
 */
function viewCode(doc: AgentDocument): 'replaces' | 'follows' | null {
  const view = factsOf(doc.target).classCode ? keptViewOf(doc) : undefined;
  return view ? (viewReplacesInstructions(view) ? 'replaces' : 'follows') : null;
}

/** What the kept view is, as a card names it: a TypeScript class's render(), a Python class's Jinja view, a Ruby class's ERB view. */
function viewSource(doc: AgentDocument): string {
  const kind = factsOf(doc.target).classCode ? keptViewOf(doc)?.kind : undefined;
  return kind === 'jinja' ? 'the class\u2019s Jinja view' : kind === 'erb' ? 'the class\u2019s ERB view' : 'render()';
}

/** A stage card: kind, name, entry marker, problems, instructions at a glance, the tools it sees. */
export const StageNode = memo(function StageNode({ data, selected }: NodeProps<StageFlowNode>) {
  const { stage: built, isEntry, tools, problems, tint, endMark, codeNotes, fit } = data;
  // The node keeps the stage as it was built; the text typed since is read here (adapters.ts, cardInputs).
  const instructions = useApp((s) => liveInstructions(s.doc, built.id)) ?? built.instructions;
  const stage = instructions === built.instructions ? built : { ...built, instructions };
  const wait = stage.kind === 'wait';
  // The simulator's run: the card the call is on glows (a boolean selector: only two cards re-render per move).
  const current = useApp((s) => selectCurrentStageId(s) === stage.id);
  const view = useApp((s) => viewCode(s.doc));
  const source = useApp((s) => (view ? viewSource(s.doc) : ''));
  return (
    // The handles sit beside the card, which clips its content: a clipped handle cannot be grabbed.
    <div className="cb-stage-node" style={{ '--tint': tint } as CSSProperties} data-testid={`stage-node-${stage.name}`} data-current={current || undefined}>
      <Handle type="target" position={Position.Left} className="cb-handle" style={handleStyle} />
      <div className={`cb-stage${selected ? ' selected' : ''}${isEntry ? ' entry' : ''}${wait ? ' wait' : ''}${current ? ' current' : ''}`} style={fit ? fitStyle(fit) : undefined}>
        <div className="cb-stage-head">
          <span className="cb-kind" title={wait ? 'Wait stage: holds until its token arrives' : 'Turn stage'}>
            {wait ? <WaitIcon /> : <TurnIcon />}
          </span>
          <span className="cb-stage-name" title={stage.name} data-testid={`stage-name-${stage.name}`}><NameText name={stage.name} /></span>
          {isEntry && (
            <span className="cb-entry" title="Entry stage: the call opens here" data-testid={`stage-entry-${stage.name}`}>
              <EntryIcon /> entry
            </span>
          )}
          <ProblemBadge problems={problems} testId={`stage-problems-${stage.name}`} />
        </div>
        {wait && (
          <div className="cb-wait" title="The stage waits for this token">
            waits for <code>{stage.waitToken || 'no token'}</code>
          </div>
        )}
        {view === 'replaces' || (view === 'follows' && !stage.instructions) ? (
          <div className="cb-instructions from-render" data-testid={`stage-from-render-${stage.name}`} title={`The class's ${source === 'render()' ? 'render()' : source.replace('the class\u2019s ', '')} is kept as code: the simulator renders it for the prompt; the inspector shows what it renders`}>
            Instructions come from {source}
          </div>
        ) : (
          <div className={`cb-instructions${stage.instructions ? '' : ' empty'}`}>
            {stage.instructions || 'No instructions yet'}
            {view === 'follows' && <span className="cb-render-more" title="render() says more after these instructions; the inspector shows what"> + render()</span>}
          </div>
        )}
        <ToolChips chips={tools} width={236} rows={wait ? 1 : 2} testPrefix={`stage-${stage.name}`} />
        {codeNotes && codeNotes.length > 0 && (
          // A tool here moves the call in a way no edge can draw: say so, the reasons in the tooltip.
          <div className="cb-code-note" title={codeNotes.join('\n')} data-testid={`stage-code-note-${stage.name}`}>
            {codeNotes.some((n) => n.includes('not resolved')) ? 'sets the stage in code: not resolved' : 'sets a stage that does not exist'}
          </div>
        )}
        {endMark && (
          <div className="cb-ends" title={endMark.explanation} data-testid={`stage-ends-${stage.name}`}>
            <span aria-hidden="true">■</span> {endMark.label}
          </div>
        )}
        <div className="cb-far-kind" aria-hidden="true">{wait ? 'wait stage' : 'turn stage'}{endMark ? ` · ${endMark.label}` : ''}</div>
      </div>
      <Handle type="source" position={Position.Right} className="cb-handle" style={handleStyle} />
    </div>
  );
});
