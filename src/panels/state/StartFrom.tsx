import type { AgentDocument } from '../../model';
import { useApp, useStoreApi } from '../../store/context';
import { useRunController } from '../simulator/useRunController';
import { factsOf } from '../../runtimes/facts';

/** A stage as the picker names it: Block Agent stages are turns inside blocks, so the block leads. */
function optionLabel(doc: AgentDocument, stageId: string): string {
  const stage = doc.stages.find((s) => s.id === stageId)!;
  const block = factsOf(doc.target).stagesInBlocks ? doc.blocks.find((b) => b.id === stage.blockId) : undefined;
  return `${block ? `${block.name} › ` : ''}${stage.name}${stageId === doc.entryStageId ? ' (entry)' : ''}`;
}

/** The stage the next run opens on: the one picked, while it exists, else the entry. */
export function useStartStage(): string | null {
  return useApp((s) => (s.startStageId && s.doc.stages.some((st) => st.id === s.startStageId) ? s.startStageId : s.doc.entryStageId));
}

/**
 * "Simulate from here": pick the stage a run opens on; the state grid below holds the values it
 * opens with. The button opens the run at once (the chat says where and with what); a stage picked
 * without it applies to the next run typed.
 */
export function StartFrom() {
  const store = useStoreApi();
  const controller = useRunController();
  const doc = useApp((s) => s.doc);
  const start = useStartStage();
  // A run opened here and not yet stepped follows the picker: it has not started to differ.
  const presetOpen = useApp((s) => s.session !== null && s.steps.length === 0);

  const pick = (stageId: string) => {
    store.getState().setSim({ startStageId: stageId });
    if (presetOpen) controller.simulateFrom(stageId);
  };

  if (doc.stages.length === 0) return null;
  return (
    <div className="st-start" data-testid="state-start">
      <label>
        <span>Start at</span>
        <select value={start ?? ''} onChange={(e) => pick(e.target.value)} data-testid="state-start-stage" aria-label={factsOf(doc.target).stagesInBlocks ? 'Start at block and turn' : 'Start at stage'}>
          {doc.stages.map((s) => (
            <option key={s.id} value={s.id}>{optionLabel(doc, s.id)}</option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="state-simulate-from-here" onClick={() => controller.simulateFrom(start)} title="Start a new run on this stage with the values below (the run open now is reset)">
        Simulate from here
      </button>
    </div>
  );
}
