import { useEffect } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { hydrateLlmSettings } from './LlmSettingsStorage';
import { LlmSettingsDialog, llmLabel, setLlmSettingsOpen, useLlmSettingsOpen } from './LlmSettingsDialog';

/** ⚙ LLM in the top bar: names the model runs use and opens its settings. */
export function LlmSettingsButton() {
  const store = useStoreApi();
  const llm = useApp((s) => s.llm);
  const open = useLlmSettingsOpen();
  useEffect(() => hydrateLlmSettings(store), [store]);
  return (
    <>
      <button data-testid="open-llm-settings" onClick={() => setLlmSettingsOpen(true)} title={`The model the simulator calls: ${llmLabel(llm)}`}>
        ⚙ LLM
      </button>
      {open && <LlmSettingsDialog />}
    </>
  );
}
