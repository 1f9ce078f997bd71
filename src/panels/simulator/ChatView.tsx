import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { formatSize } from '../../model/size';
import { headOf, SHOWN_CHARACTERS } from '../cut-text';
import { useApp } from '../../store/context';
import { chatItems, type ChatItem } from '../../run/chat-items';
import { failureOf, type ControllerView, type RunController, type RunNotice } from '../../run/controller';
import type { StepFailure } from '../../simulator/types';
import { ChatBlock } from './ChatRows';
import { blocksKept, focusIn, sameItemsKept, type ChatBlockItems } from './chat-blocks';
import { undecidedOf } from './play/offer';

/**
 * The conversation as the runtime kept it, with the step in flight streaming at the bottom.
 * Memoised: the simulator panel re-renders on its own state (the toolbar), which leaves the chat as it was.
 */
export const ChatView = memo(function ChatView({ controller, notice, pending }: { controller: RunController; notice: RunNotice | null; pending: ControllerView['pending'] }) {
  const doc = useApp((s) => s.doc);
  const session = useApp((s) => s.session);
  const steps = useApp((s) => s.steps);
  const running = useApp((s) => s.running);
  const streaming = useApp((s) => s.streaming);
  const streamedBytes = useApp((s) => s.streamedBytes);
  const focus = useApp((s) => s.simFocus);
  const agentOpens = useApp((s) => s.doc.opening === 'agent');
  const kept = useRef(new Map<string, ChatItem>());
  const keptBlocks = useRef(new Map<string, ChatBlockItems>());
  const items = useMemo(() => sameItemsKept(kept.current, chatItems(doc, session, steps)), [doc, session, steps]);
  const blocks = useMemo(() => blocksKept(keptBlocks.current, items), [items]);
  const failure = failureOf(session);
  const undecided = useMemo(() => undecidedOf(steps), [steps]);
  const scroller = useRef<HTMLDivElement>(null);

  // Follow the conversation as it grows, unless the user scrolled up to read. In the next frame,
  // before it is drawn: reading the height forces the page's layout at once, and a step commits
  // the chat several times in a frame (the line sent, the streamed text, the answer).
  const atBottom = useRef(true);
  // A scroll the page reports between a change and the frame that follows it (the browser keeping
  // a row in place as the chat grew, or the last follow, reported a frame late) measures the chat
  // half-grown: it must not read as the user leaving the end, as it could not when the chat
  // followed at once. So while a follow waits for its frame, and at the place it scrolled to, the
  // chat is still at its end.
  const following = useRef(false);
  const followedTo = useRef<number | null>(null);
  useEffect(() => {
    if (!atBottom.current) return;
    following.current = true;
    const frame = requestAnimationFrame(() => {
      following.current = false;
      const el = scroller.current;
      if (!el) return;
      el.scrollTop = el.scrollHeight;
      followedTo.current = el.scrollTop;
    });
    return () => {
      following.current = false;
      cancelAnimationFrame(frame);
    };
  }, [items, streaming, failure, notice, pending]);
  // A change-log entry or step picked elsewhere is brought into view.
  useEffect(() => {
    if (focus) scroller.current?.querySelector('.focused')?.scrollIntoView({ block: 'nearest' });
  }, [focus]);

  const onRestart = useCallback((index: number) => controller.restartFrom(index), [controller]);

  return (
    <div
      className="sim-chat"
      ref={scroller}
      data-testid="sim-chat"
      data-running={running || undefined}
      aria-live="polite"
      onScroll={(e) => {
        const el = e.currentTarget;
        if (following.current || el.scrollTop === followedTo.current) return;
        followedTo.current = null;
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
      {blocks.map((block) => (
        <ChatBlock key={block.key} block={block} doc={doc} focus={focusIn(block, focus)} onRestart={onRestart} />
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
          <span className="sim-text">
            {/* An answer streaming past what a line shows is laid out no further: it ends cut in the transcript anyway. */}
            {headOf(streaming)}
            {streaming.length > SHOWN_CHARACTERS && <span className="sim-streamed-more" data-testid="sim-streamed-more"> … {formatSize(streamedBytes)} so far</span>}
            <span className="sim-cursor" aria-hidden>▍</span>
          </span>
        </div>
      )}
      {running && !streaming && <div className="sim-thinking" data-testid="sim-thinking">…</div>}
      {failure && !running && (
        <div className={`sim-banner ${failure.kind === 'aborted' ? 'stopped' : 'failed'}`} role="alert" data-testid="sim-failure">
          <FailureText failure={failure} />
          {failure.retry && <button data-testid="sim-retry" onClick={() => void controller.retry()}>Retry</button>}
        </div>
      )}
      {undecided && !running && !failure && !session?.ended && (
        <div className="sim-banner offer" role="status" data-testid="sim-undecided">
          <span>
            <b>{undecided.held ? 'The offline model held back a guess on' : 'The offline model could not read'}</b> “{undecided.line}”: {undecided.why}. You can answer in its place.
          </span>
          <button data-testid="sim-play-offer" onClick={() => controller.openPlay()}>Play the model</button>
        </div>
      )}
      {notice && <div className={`sim-banner ${notice.kind === 'error' ? 'failed' : 'note'}`} data-testid="sim-notice">{notice.text}</div>}
      {session?.ended && <div className="sim-note" data-testid="sim-ended">The call has ended.</div>}
    </div>
  );
});

/** Why the step stopped, in the user's terms; Retry is offered only where the engine can pick the step up. */
function FailureText({ failure }: { failure: StepFailure }) {
  if (failure.kind === 'aborted' && failure.retry) return <span><b>Stopped.</b> The call in flight was abandoned; what ran before it stays. Retry sends it again.</span>;
  if (failure.kind === 'aborted') return <span><b>Stopped.</b> {failure.message} What ran before it stays; send another line or Restart from here.</span>;
  if (failure.kind === 'budget') return <span><b>The agent&apos;s code ran out of time.</b> {failure.message}</span>;
  return <span><b>The model call failed.</b> {failure.message}</span>;
}
