import { useState } from 'react';
import type { ChatMessage } from '../../simulator/types';
import { closedIn } from '../../simulator/open-tools';
import type { PiiMasker } from '../../simulator/pii-mask';
import { callLabel } from './CallTimeline';
import { CutText } from '../CutText';
import { headOf } from '../cut-text';
import { callFailed, formatMs, type ModelCallEntry } from './trace';
import { measuredText } from '../../simulator/offline/evidence-strength';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Everything one model call was sent and answered. The trace holds no headers, so no key can show;
 * the caller's pii is masked in every text (`mask`), unless the user revealed this step.
 */
export function CallDetails({ call, mask }: { call: ModelCallEntry; mask: PiiMasker }) {
  const { request, response } = call;
  const t = mask.text;
  const usage = response?.usage;
  return (
    <div className="cd" data-testid="call-details" data-call={call.call}>
      <div className="cd-head">
        <strong>Call {call.call}</strong>
        <span className="cd-tag">{callLabel(call)}</span>
        {response?.played && <span className="cd-tag cd-played" data-testid="call-played" title="No model was called: a person gave this answer (Play the model)">played by you</span>}
        {response?.undecided && <span className="cd-tag cd-undecided" data-testid="call-undecided" title={`The offline model's rules could not read "${t(response.undecided.line)}": ${t(response.undecided.why)}`}>rules undecided</span>}
        {response?.guesses?.length ? (
          <span className="cd-tag cd-undecided" data-testid="call-guessed" title={`Written on evidence under the strict bar, so guesses: ${response.guesses.map((g) => `${g.tool}.${g.param} (${measuredText(g.kinds)})`).join('; ')}`}>
            {response.guesses.length} guessed
          </span>
        ) : null}
        <span className="cd-meta">tool_choice {request.toolChoice}</span>
        {request.temperature !== undefined && <span className="cd-meta">temperature {request.temperature}</span>}
        <span className="cd-meta" data-testid="call-latency">{formatMs(call.ms)}</span>
        <span className="cd-meta" data-testid="call-tokens">
          {usage ? `${usage.inputTokens ?? '?'} in / ${usage.outputTokens ?? '?'} out tokens` : 'tokens not reported'}
        </span>
      </div>
      {callFailed(call) && <div className="cd-error" role="alert">The call failed: {t(call.error ?? '')}</div>}
      {!callFailed(call) && call.error !== undefined && <div className="cd-warning" role="status">Answered, not acted on: {t(call.error)}</div>}
      {response?.notes && response.notes.length > 0 && (
        <ul className="cd-notes" data-testid="call-notes">
          {response.notes.map((note, i) => <li key={i}>{t(note)}</li>)}
        </ul>
      )}
      <details open className="cd-section">
        <summary>System prompt</summary>
        <CutText className="cd-pre" testId="call-system" text={t(request.system)} fileName="system-prompt.txt" label="System prompt" /> 
      </details>
      <details className="cd-section">
        <summary>Messages ({request.messages.length})</summary>
        <ol className="cd-messages">
          {request.messages.map((m, i) => <Message key={i} message={m} mask={mask} />)}
        </ol>
      </details>
      {request.afterHistory && request.afterHistory.length > 0 && (
        <details open className="cd-section" data-testid="call-after-history">
          <summary>After the history</summary>
          {request.afterHistory.map((text, i) => <CutText key={i} className="cd-pre" text={t(text)} fileName="after-history.txt" label="Sent after the history" />)}
        </details>
      )}
      <details open className="cd-section" data-testid="call-tools">
        <summary>{toolsSummary(request)}</summary>
        {request.tools.length === 0 ? (
          <div className="cd-muted">No tools on this call.</div>
        ) : (
          request.tools.map((tool) => (
            <details key={tool.name} className="cd-tool" data-testid="offered-tool" data-tool={tool.name} data-closed={closedIn(request, tool.name) || undefined}>
              <summary>
                <code>{tool.name}</code>{' '}
                {closedIn(request, tool.name) && <span className="cd-tag cd-closed" title={`Sent to the model, but closed now: called, it runs nothing and the model reads "${tool.name} is not available now"`}>closed now</span>}{' '}
                <span className="cd-muted">{tool.description}</span>
              </summary>
              <pre className="cd-pre" data-testid="tool-schema">{json(tool.parameters)}</pre>
            </details>
          ))
        )}
      </details>
      {response && (
        <details open className="cd-section">
          <summary>Answer</summary>
          {response.text && <CutText className="cd-pre cd-answer" testId="call-answer" text={t(response.text)} fileName="answer.txt" />}
          {response.toolCalls.map((tc) => (
            <div key={tc.id} className="cd-toolcall" data-testid="call-answer-tool"><code>{tc.name}</code> <code className="cd-muted">{t(headOf(tc.arguments))}</code></div>
          ))}
          {!response.text && response.toolCalls.length === 0 && <div className="cd-muted">No text and no tool call.</div>}
        </details>
      )}
      {response?.wire && (
        <>
          <details className="cd-section" data-testid="wire-request">
            <summary>Raw request (wire JSON)</summary>
            <WireJson value={response.wire.request} mask={mask} fileName="request.json" />
          </details>
          <details className="cd-section" data-testid="wire-response">
            <summary>Raw response (wire JSON)</summary>
            <WireJson value={response.wire.response} mask={mask} fileName="response.json" />
          </details>
        </>
      )}
    </div>
  );
}

/**
 * A raw wire body, written out only when its section is opened: a request carries every tool
 * result of the call whole (12 MB for a huge one), and stringifying and masking it for a closed
 * section cost the inspector as much as showing it.
 */
function WireJson({ value, mask, fileName }: { value: unknown; mask: PiiMasker; fileName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div ref={(el) => {
      const details = el?.closest('details');
      if (!details) return;
      const onToggle = () => setOpen(details.open);
      details.addEventListener('toggle', onToggle);
      return () => details.removeEventListener('toggle', onToggle);
    }}>
      {open && <CutText className="cd-pre" text={mask.text(json(value))} fileName={fileName} />}
    </div>
  );
}

/** "Tools offered (3)"; a runtime that sends more than it runs now: "Tools sent (9, 2 open now)". */
function toolsSummary(request: ModelCallEntry['request']): string {
  if (request.openTools === undefined) return `Tools offered (${request.tools.length})`;
  const open = request.tools.filter((tool) => !closedIn(request, tool.name)).length;
  return `Tools sent (${request.tools.length}, ${open} open now)`;
}

/** The label of a message's role: who said it, or what the runtime put there. */
function roleLabel(message: ChatMessage): string {
  if (message.role === 'user') return 'caller';
  if (message.role === 'system') return message.livekit ? 'instructions' : message.as ?? 'system';
  return 'agent';
}

function Message({ message, mask }: { message: ChatMessage; mask: PiiMasker }) {
  const t = mask.text;
  if (message.role === 'tool') {
    return (
      <li className="cd-msg tool">
        <span className="cd-role">
          tool result
          <span className="cd-role-tool" title={message.name}>{message.name}</span>
        </span>
        <CutText className="cd-pre" text={t(message.content)} fileName={`${message.name}-result.txt`} />
      </li>
    );
  }
  return (
    <li className={`cd-msg ${message.role}`}>
      <span className="cd-role">{roleLabel(message)}</span>
      <div>
        {message.content && <CutText className="cd-pre" text={t(message.content)} fileName={`${message.role}-message.txt`} />}
        {message.role === 'assistant' &&
          message.toolCalls?.map((tc) => (
            <div key={tc.id} className="cd-toolcall"><code>{tc.name}</code> <code className="cd-muted">{t(headOf(tc.arguments))}</code></div>
          ))}
      </div>
    </li>
  );
}
