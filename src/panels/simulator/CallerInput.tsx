import { memo, useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/context';
import type { ControllerView, RunController } from '../../run/controller';
import { factsOf } from '../../runtimes/facts';

/** The caller's line (Enter sends), or, on a Block Agent wait stage, the answer to its token. */
export const CallerInput = memo(function CallerInput({ controller, draft, queued }: { controller: RunController; draft: ControllerView['draft']; queued: ControllerView['queued'] }) {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const running = useApp((s) => s.running);
  const ended = useApp((s) => s.session?.ended ?? false);
  const started = useApp((s) => s.session !== null);
  const canPlay = useApp((s) => s.steps.length > 0 && !s.running);
  const waitToken = useApp((s) => {
    if (!factsOf(s.doc.target).answersWaits || !s.session) return null;
    const stage = s.doc.stages.find((st) => st.id === s.session!.stageId);
    return stage?.kind === 'wait' ? stage.waitToken || null : null;
  });

  // "Restart from here" hands the restarted caller line back, ready to edit or send again.
  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    input.current?.focus();
  }, [draft]);

  const say = () => {
    const line = text.trim();
    if (!line || ended || queued !== null) return;
    setText('');
    // While a step is in flight the controller holds the line and sends it when the step ends.
    void controller.send({ kind: 'say', text: line });
  };
  const answerWait = () => {
    const value = answer.trim();
    if (!value || running || !waitToken) return;
    setAnswer('');
    void controller.send({ kind: 'wait', token: waitToken, value });
  };

  return (
    <div className="sim-inputs">
      {waitToken && !ended && (
        <form className="sim-wait" onSubmit={(e) => (e.preventDefault(), answerWait())} data-testid="sim-wait">
          <label>
            The call waits for <code>{waitToken}</code>:
            <input data-testid="sim-wait-input" value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder={`Value of ${waitToken}, e.g. verified`} />
          </label>
          <button type="submit" disabled={running || !answer.trim()}>Answer</button>
        </form>
      )}
      <form className="sim-caller" onSubmit={(e) => (e.preventDefault(), say())}>
        <input
          ref={input}
          data-testid="sim-input"
          aria-label="Caller line"
          value={text}
          disabled={ended}
          onChange={(e) => setText(e.target.value)}
          placeholder={ended ? 'The call has ended: Reset to start again' : started ? "The caller's next line (Enter sends)" : 'Type as the caller to start a run'}
          autoComplete="off"
        />
        <button type="submit" className="primary" data-testid="sim-send" disabled={ended || queued !== null || !text.trim()}>Send</button>
        <button type="button" className="sim-play-open" data-testid="sim-play-open" disabled={!canPlay} onClick={() => controller.openPlay()} title="Answer the last step in the model's place: pick a tool and its arguments, or write the reply; the step runs again with your answer">
          Play the model
        </button>
      </form>
      {queued !== null && (
        <div className="sim-queued" data-testid="sim-queued">
          Sends when the agent has finished: <q>{queued}</q>
        </div>
      )}
    </div>
  );
});
