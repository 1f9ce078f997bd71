import { useMemo } from 'react';
import type { AgentDifference } from '../../model/diff';
import type { AgentDocument } from '../../model';
import { modelView, modelViewChanges } from '../../formats/model-view';
import { LazyDiffEditor } from '../../editors/LazyDiffEditor';

/**
 * "What the model sees" (issue 15): per stage, the prompt and the OpenAI tools JSON before and
 * after, each in a read-only diff editor; stages the change leaves alone are listed, collapsed.
 */
export function ModelSees({ base, doc, differences }: { base: AgentDocument; doc: AgentDocument; differences: readonly AgentDifference[] }) {
  const changes = useMemo(() => modelViewChanges(base, doc, differences), [base, doc, differences]);
  const unchanged = useMemo(() => {
    const touched = new Set(changes.map((c) => c.stage));
    return modelView(doc).map((v) => v.stage).filter((name) => !touched.has(name));
  }, [changes, doc]);
  return (
    <div className="cb-model-sees" data-testid="model-sees">
      {changes.length === 0 && <p className="empty-state">The model sees the same prompts and tools in every stage.</p>}
      {changes.map((change) => {
        const title = change.was ? `${change.was} → ${change.stage}` : change.stage;
        const status = !change.old ? 'added' : !change.new ? 'removed' : 'changed';
        const promptChanged = change.old?.prompt !== change.new?.prompt;
        const toolsChanged = change.old?.tools !== change.new?.tools;
        return (
          <details key={title} open className="cb-model-stage" data-testid="model-sees-stage" data-stage={change.stage}>
            <summary>
              Stage {title} <span className={`diff-mark diff-mark-${status}`}>{status}</span>
            </summary>
            <h4>Prompt{promptChanged ? '' : ' (unchanged)'}</h4>
            {promptChanged && <LazyDiffEditor original={change.old?.prompt ?? ''} modified={change.new?.prompt ?? ''} ariaLabel={`Stage ${change.stage}: the prompt`} testId="model-sees-prompt" height={160} />}
            <h4>Tools offered (OpenAI tools JSON){toolsChanged ? '' : ' (unchanged)'}</h4>
            {toolsChanged && <LazyDiffEditor original={change.old?.tools ?? ''} modified={change.new?.tools ?? ''} language="json" hideUnchanged ariaLabel={`Stage ${change.stage}: the tools offered`} testId="model-sees-tools" height={240} />}
          </details>
        );
      })}
      {unchanged.length > 0 && (
        <details className="cb-model-unchanged" data-testid="model-sees-unchanged">
          <summary>{unchanged.length} stage{unchanged.length === 1 ? '' : 's'} unchanged</summary>
          <p>{unchanged.join(', ')}</p>
        </details>
      )}
    </div>
  );
}
