import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useApp, useStoreApi } from '../../store/context';
import { chatItems, type ChatItem } from '../../run/chat-items';
import { failureOf, type ControllerView, type RunController, type RunNotice } from '../../run/controller';
import type { StepFailure } from '../../simulator/types';
import { authorName } from '../../simulator/author-name';
import { ToolCallRow } from './ToolCallRow';

const RUNTIME_SOURCE = { announce: 'announce', confirm: 'confirm', looping: 'looping' } as const;

/** The conversation as the runtime kept it, with the step in flight streaming at the bottom. */
export function ChatView({ controller, notice, pending }: { controller: RunController; notice: RunNotice | null; pending: ControllerView['pending'] }) {
  const doc = useApp((s) => s.doc);
  const session = useApp((s) => s.session);
  const steps = useApp((s) => s.steps);
  const running = useApp((s) => s.running);
  const streaming = useApp((s) => s.streaming);
  const focus = useApp((s) => s.simFocus);
  const agentOpens = useApp((s) => s.doc.opening === 'agent');
  const kept = useRef(new Map<string, { json: string; item: ChatItem }>());
  const items = useMemo(() => sameItemsKept(kept.current, chatItems(doc, session, steps)), [doc, session, steps]);
  const failure = failureOf(session);
  const scroller = useRef<HTMLDivElement>(null);

  // Follow the conversation as it grows, unless the user scrolled up to read.
  const atBottom = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [items, streaming, failure, notice, pending]);
  // A change-log entry or step picked elsewhere is brought into view.
  useEffect(() => {
    if (focus) scroller.current?.querySelector('.focused')?.scrollIntoView({ block: 'nearest' });
  }, [focus]);

  const onRestart = useCallback((index: number) => controller.restartFrom(index), [controller]);
  const isFocused = (item: ChatItem) =>
    focus !== null && item.turn === focus.step && (focus.tool === undefined || (item.kind === 'tool' && item.name === focus.tool) || (item.kind === 'runtime' && item.tool === focus.tool));

  return (
    <div
      className="sim-chat"
      ref={scroller}
      data-testid="sim-chat"
      data-running={running || undefined}
      aria-live="polite"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
    >
      {items.length === 0 && !running && !pending && !streaming && !notice && (
        <div className="sim-empty" data-testid="sim-empty">
          {agentOpens
            ? 'Type as the caller to start a run: this agent speaks first (Who speaks first: the agent), so it greets before your line.'
            : 'Type as the caller to start a run, or press Agent opens to let the agent speak first.'}
        </div>
      )}
      {items.map((item) => (
        <ChatRow key={item.key} item={item} by={item.kind === 'stage' ? authorName(doc, item.via) : ''} focused={isFocused(item)} onRestart={onRestart} />
      ))}
      {pending && (session?.transcript.length ?? 0) <= pending.linesBefore && (
        <div className="sim-line caller" data-testid="sim-caller-line">
          <span className="sim-who">Caller</span>
          <span className="sim-text">{pending.text}</span>
        </div>
      )}
      {streaming && (
        <div className="sim-line agent streaming" data-testid="sim-streaming">
          <span className="sim-who">Agent</span>
          <span className="sim-text">{streaming}<span className="sim-cursor" aria-hidden>▍</span></span>
        </div>
      )}
      {running && !streaming && <div className="sim-thinking" data-testid="sim-thinking">…</div>}
      {failure && !running && (
        <div className={`sim-banner ${failure.kind === 'aborted' ? 'stopped' : 'failed'}`} role="alert" data-testid="sim-failure">
          <FailureText failure={failure} />
          {failure.retry && <button data-testid="sim-retry" onClick={() => void controller.retry()}>Retry</button>}
        </div>
      )}
      {notice && <div className={`sim-banner ${notice.kind === 'error' ? 'failed' : 'note'}`} data-testid="sim-notice">{notice.text}</div>}
      {session?.ended && <div className="sim-note" data-testid="sim-ended">The call has ended.</div>}
    </div>
  );
}

/**
 * The items, each replaced by the object kept from the last build when it is the same: chatItems
 * builds every item afresh, and a new object would re-render its (memoised) row. `kept` is left
 * holding this build's items.
 */
function sameItemsKept(kept: Map<string, { json: string; item: ChatItem }>, items: ChatItem[]): ChatItem[] {
  const out = items.map((item) => {
    const json = JSON.stringify(item);
    const before = kept.get(item.key);
    return before && before.json === json ? before : { json, item };
  });
  kept.clear();
  for (const entry of out) kept.set(entry.item.key, entry);
  return out.map((entry) => entry.item);
}

/**
 * One row. Memoised, and the same while a step runs (the restart buttons hide by CSS then, off
 * `data-running`): every step changes the session a few times, and re-rendering hundreds of rows
 * each time made a turn's cost grow with the run.
 */
const ChatRow = memo(function ChatRow({ item, by, focused, onRestart }: { item: ChatItem; by: string; focused: boolean; onRestart(index: number): void }) {
  const store = useStoreApi();
  const cls = focused ? ' focused' : '';
  switch (item.kind) {
    case 'caller':
      return (
        <div className={`sim-line caller${cls}`} data-testid="sim-caller-line" data-turn={item.turn}>
          <span className="sim-who">Caller</span>
          <span className="sim-text">{item.text}</span>
          {item.stepIndex !== null && (
            <button className="ghost sim-restart" data-testid="sim-restart" onClick={() => onRestart(item.stepIndex!)} title="Go back to just before this line: the state, the stage and the log as they were then">
              Restart from here
            </button>
          )}
          {item.stepIndex !== null && (
            <button className="ghost sim-restart" data-testid="sim-replay" onClick={() => store.getState().openReplay(item.stepIndex!)} title="Run the same lines again from here on the document as it is now, and compare the two runs">
              Replay from here
            </button>
          )}
        </div>
      );
    case 'agent':
      return (
        <div className={`sim-line agent${cls}`} data-testid="sim-agent-line" data-turn={item.turn}>
          <span className="sim-who">Agent</span>
          <span className="sim-text">{item.text}</span>
        </div>
      );
    case 'runtime':
      return (
        <div className={`sim-line runtime${cls}`} data-testid={`sim-runtime-${item.source}`} data-turn={item.turn}>
          <span className="sim-who" title={`Said by the runtime, not the model: ${item.tool}'s ${item.source}`}>
            {RUNTIME_SOURCE[item.source]} · {item.tool}
          </span>
          <span className="sim-text">{item.text}</span>
        </div>
      );
    case 'tool':
      return <ToolCallRow item={item} focused={focused} />;
    case 'stage':
      return (
        <div className={`sim-note stage${cls}`} data-testid="sim-stage-change">
          → stage <b>{item.to}</b> <span className="muted">from {item.from || '—'}, by {by}</span>
        </div>
      );
    case 'limit':
      return <div className="sim-note limit" data-testid="sim-limit">{item.text}</div>;
  }
});

/** Why the step stopped, in the user's terms; Retry is offered only where the engine can pick the step up. */
function FailureText({ failure }: { failure: StepFailure }) {
  if (failure.kind === 'aborted' && failure.retry) return <span><b>Stopped.</b> The call in flight was abandoned; what ran before it stays. Retry sends it again.</span>;
  if (failure.kind === 'aborted') return <span><b>Stopped.</b> {failure.message} What ran before it stays; send another line or Restart from here.</span>;
  if (failure.kind === 'budget') return <span><b>The agent&apos;s code ran out of time.</b> {failure.message}</span>;
  return <span><b>The model call failed.</b> {failure.message}</span>;
}
