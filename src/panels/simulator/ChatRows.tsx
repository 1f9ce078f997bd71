import { memo } from 'react';
import type { AgentDocument } from '../../model';
import type { ChatItem } from '../../run/chat-items';
import type { AppState } from '../../store/types';
import { authorName } from '../../simulator/author-name';
import { useStoreApi } from '../../store/context';
import { ToolCallRow } from './ToolCallRow';
import { CutText } from '../CutText';
import { SHOWN_CHARACTERS } from '../cut-text';
import type { ChatBlockItems } from './chat-blocks';

type SimFocus = AppState['simFocus'];

const RUNTIME_SOURCE = { announce: 'announce', confirm: 'confirm', looping: 'looping', action: 'tts_say' } as const;

const isFocused = (focus: SimFocus, item: ChatItem) =>
  focus !== null && item.turn === focus.step && (focus.tool === undefined || (item.kind === 'tool' && item.name === focus.tool) || (item.kind === 'runtime' && item.tool === focus.tool));

/** A block of steps' rows. Memoised: an earlier block's props stay the same while the run goes on. */
export const ChatBlock = memo(function ChatBlock({ block, doc, focus, onRestart }: { block: ChatBlockItems; doc: AgentDocument; focus: SimFocus; onRestart(index: number): void }) {
  return (
    <div className="sim-block">
      {block.items.map((item) => (
        <ChatRow key={item.key} item={item} by={item.kind === 'stage' ? authorName(doc, item.via) : ''} focused={isFocused(focus, item)} onRestart={onRestart} />
      ))}
    </div>
  );
});

/**
 * One row. Memoised, and the same while a step runs: every step changes the session a few times,
 * and re-rendering hundreds of rows each time made a turn's cost grow with the run.
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
          <span className="sim-text">{item.text.length > SHOWN_CHARACTERS ? <CutText text={item.text} className="sim-text-cut" fileName="agent-line.txt" /> : item.text}</span>
        </div>
      );
    case 'runtime':
      return (
        <div className={`sim-line runtime${cls}`} data-testid={`sim-runtime-${item.source}`} data-turn={item.turn}>
          <span className="sim-who" title={`Said by the runtime, not the model: ${item.tool}'s ${item.source}`}>
            {RUNTIME_SOURCE[item.source]} · {item.tool}
          </span>
          <span className="sim-text">{item.text.length > SHOWN_CHARACTERS ? <CutText text={item.text} className="sim-text-cut" fileName="runtime-line.txt" /> : item.text}</span>
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
    case 'played':
      return <div className={`sim-note played${cls}`} data-testid="sim-played" data-turn={item.turn}>{item.text}</div>;
  }
});
