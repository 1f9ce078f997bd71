import { useEffect } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import { hydrateLlmSettings } from '../../run/llm-settings-storage';
import { llmLabel } from '../../run/run-settings';
import { LlmSettingsDialog } from './LlmSettingsDialog';

/** ⚙ LLM in the top bar: names the model runs use and opens its settings. */
export function LlmSettingsButton() {
  const store = useStoreApi();
  const llm = useApp((s) => s.llm);
  const open = useApp((s) => s.llmSettingsOpen);
  useEffect(() => hydrateLlmSettings(store), [store]);
  return (
    <>
      <button data-testid="open-llm-settings" onClick={() => store.getState().setLlmSettingsOpen(true)} title={`The model the simulator calls: ${llmLabel(llm)}`}>
        ⚙ LLM
      </button>
      {open && <LlmSettingsDialog />}
    </>
  );
}
