import { memo, useState } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import type { ConversationTest } from '../../model';
import { SaveTestDialog } from './SaveTestDialog';
import { shownRunGuesses } from '../../run/chat-items';
import './tests.css';

/** The simulator's "Save as test": once a run has steps and none is in flight. */
export const SaveTestButton = memo(function SaveTestButton() {
  const store = useStoreApi();
  const canSave = useApp((s) => !s.running && s.session !== null && s.steps.length > 0);
  const [proposed, setProposed] = useState<{ test: ConversationTest; guesses: ReturnType<typeof shownRunGuesses> } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    try {
      // With the engine: loaded on first use, as the simulator's runtime is.
      const { proposeTest, testNameFrom } = await import('../../simulator/conversation-tests');
      const { doc, session, steps, initialState, callFacts } = store.getState();
      if (!session) return;
      const firstLine = steps.map((s) => s.input).find((i) => i.kind === 'say');
      const name = testNameFrom(firstLine?.kind === 'say' ? firstLine.text : doc.name, (doc.tests ?? []).map((t) => t.name));
      // Where the run opened: not the entry when it was started with "Simulate from here".
      const opened = steps[0]?.before.stageId;
      const startStageId = opened && opened !== doc.entryStageId ? opened : null;
      const played = steps.flatMap((s) => (s.played ? [s.played] : []));
      setProposed({ test: proposeTest(doc, { name, inputs: steps.map((s) => s.input), session, initialState, call: callFacts, startStageId, played }), guesses: shownRunGuesses(doc, session) });
    } catch (thrown) {
      setError(`Could not propose a test: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  };

  return (
    <>
      <button data-testid="sim-save-test" disabled={!canSave} onClick={() => void open()} title={error ?? 'Save this run as a conversation test: its caller lines and what should come of them'}>
        Save as test
      </button>
      {proposed && <SaveTestDialog proposed={proposed.test} guesses={proposed.guesses} onClose={() => setProposed(null)} />}
    </>
  );
});
