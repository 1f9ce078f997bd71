import { lazy, Suspense, useEffect } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import { hydrateLlmSettings } from '../../run/llm-settings-storage';
import { llmLabel } from '../../run/run-settings';

// The dialog loads when first opened: the first paint is on a budget (.size-limit.mjs).
const LlmSettingsDialog = lazy(() => import('./LlmSettingsDialog').then((m) => ({ default: m.LlmSettingsDialog })));

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
      {open && (
        <Suspense fallback={null}>
          <LlmSettingsDialog />
        </Suspense>
      )}
    </>
  );
}
