import { useState } from 'react';
import { guessWords, type ChatItem, type ShownGuess } from '../../run/chat-items';
import { MockNeedActions } from '../inspector/MockNeedActions';
import { CutText } from '../CutText';
import { headOf } from '../cut-text';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

const STATUS_LABEL: Record<ToolItem['status'], string> = {
  running: 'running…',
  ok: 'ok',
  'check-failed': 'arguments refused',
  error: 'threw',
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * The offline model's guesses in a call, on one line under its head: a value read on weak evidence
 * must not pass for one read for sure (issue 32). The row opens to each with how its kind measured.
 */
function GuessLine({ guesses }: { guesses: ShownGuess[] }) {
  return (
    <div className="sim-tool-brief guess" data-testid="sim-tool-guess">
      <b>Guessed</b> {guesses.map(guessWords).join('; ')}
    </div>
  );
}

/** One tool call: a compact line that opens to its arguments, the argument check, and the result or error. */
export function ToolCallRow({ item, focused }: { item: ToolItem; focused: boolean }) {
  const [open, setOpen] = useState(false);
  // One line, cut with an ellipsis by CSS: laying out more than its first part would only cost.
  const argsLine = headOf(typeof item.args === 'string' ? item.args : JSON.stringify(item.args), 1_000);
  return (
    <div className={`sim-tool status-${item.status}${focused ? ' focused' : ''}`} data-testid={`sim-tool-${item.name}`} data-status={item.status}>
      <button className="sim-tool-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="sim-tool-caret">{open ? '▾' : '▸'}</span>
        <span className="sim-tool-name">{item.name}</span>
        <span className="sim-tool-args">{argsLine}</span>
        <span className="sim-tool-status">{item.needs ? 'needs a mock' : STATUS_LABEL[item.status]}</span>
      </button>
      {item.guesses && <GuessLine guesses={item.guesses} />}
      {!open && item.status === 'check-failed' && <div className="sim-tool-brief">{item.check}</div>}
      {!open && item.status === 'error' && <div className="sim-tool-brief">{item.error}</div>}
      {item.needs && <MockNeedActions tool={item.name} needs={item.needs} className="sim-tool-needs" />}
      {open && (
        <dl className="sim-tool-detail" data-testid={`sim-tool-detail-${item.name}`}>
          <dt>Arguments</dt>
          <dd><CutText text={asText(item.args)} fileName={`${item.name}-arguments.json`} /></dd>
          {item.guesses && (
            <>
              <dt title="Read on a kind of evidence that was wrong more than one time in ten on agents the rules were not written from">Guessed</dt>
              <dd data-testid={`sim-tool-guessed-${item.name}`}>
                {item.guesses.map((g) => (
                  <div key={g.param}>
                    {guessWords(g)} ({g.measured})
                  </div>
                ))}
                <div className="muted">Not sure: Play the model on the last step to correct it, or Restart from an earlier line.</div>
              </dd>
            </>
          )}
          <dt>Check</dt>
          <dd className={item.status === 'check-failed' ? 'bad' : ''}>{item.check}</dd>
          {item.error !== undefined && (
            <>
              <dt>Error</dt>
              <dd className="bad">{item.error}</dd>
            </>
          )}
          {item.status === 'ok' && (
            <>
              <dt>Result</dt>
              <dd><CutText text={asText(item.result ?? null)} testId={`sim-tool-result-${item.name}`} fileName={`${item.name}-result.txt`} /></dd>
            </>
          )}
          {item.modelReads !== undefined && (
            <>
              <dt title="The tool's preview cuts what the model reads">Model reads</dt>
              <dd><CutText text={item.modelReads} fileName={`${item.name}-model-reads.txt`} /></dd>
            </>
          )}
          {item.logs.length > 0 && (
            <>
              <dt>Logs</dt>
              <dd><CutText text={item.logs.join('\n')} fileName={`${item.name}-logs.txt`} /></dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
