import { useState } from 'react';
import type { ChatItem } from '../../run/chat-items';
import { MockNeedActions } from '../inspector/MockNeedActions';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

const STATUS_LABEL: Record<ToolItem['status'], string> = {
  running: 'running…',
  ok: 'ok',
  'check-failed': 'arguments refused',
  error: 'threw',
};

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** One tool call: a compact line that opens to its arguments, the argument check, and the result or error. */
export function ToolCallRow({ item, focused }: { item: ToolItem; focused: boolean }) {
  const [open, setOpen] = useState(false);
  const argsLine = typeof item.args === 'string' ? item.args : JSON.stringify(item.args);
  return (
    <div className={`sim-tool status-${item.status}${focused ? ' focused' : ''}`} data-testid={`sim-tool-${item.name}`} data-status={item.status}>
      <button className="sim-tool-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="sim-tool-caret">{open ? '▾' : '▸'}</span>
        <span className="sim-tool-name">{item.name}</span>
        <span className="sim-tool-args">{argsLine}</span>
        <span className="sim-tool-status">{item.needs ? 'needs a mock' : STATUS_LABEL[item.status]}</span>
      </button>
      {!open && item.status === 'check-failed' && <div className="sim-tool-brief">{item.check}</div>}
      {!open && item.status === 'error' && <div className="sim-tool-brief">{item.error}</div>}
      {item.needs && <MockNeedActions tool={item.name} needs={item.needs} className="sim-tool-needs" />}
      {open && (
        <dl className="sim-tool-detail" data-testid={`sim-tool-detail-${item.name}`}>
          <dt>Arguments</dt>
          <dd><pre>{asText(item.args)}</pre></dd>
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
              <dd><pre>{asText(item.result ?? null)}</pre></dd>
            </>
          )}
          {item.modelReads !== undefined && (
            <>
              <dt title="The tool's preview cuts what the model reads">Model reads</dt>
              <dd><pre>{item.modelReads}</pre></dd>
            </>
          )}
          {item.logs.length > 0 && (
            <>
              <dt>Logs</dt>
              <dd><pre>{item.logs.join('\n')}</pre></dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
