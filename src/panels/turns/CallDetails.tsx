import type { ChatMessage } from '../../simulator/types';
import type { PiiMasker } from '../../simulator/pii-mask';
import { callLabel } from './CallTimeline';
import { callFailed, formatMs, type ModelCallEntry } from './trace';

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
        <pre className="cd-pre" data-testid="call-system">{t(request.system)}</pre>
      </details>
      <details className="cd-section">
        <summary>Messages ({request.messages.length})</summary>
        <ol className="cd-messages">
          {request.messages.map((m, i) => <Message key={i} message={m} mask={mask} />)}
        </ol>
      </details>
      <details open className="cd-section" data-testid="call-tools">
        <summary>Tools offered ({request.tools.length})</summary>
        {request.tools.length === 0 ? (
          <div className="cd-muted">No tools on this call.</div>
        ) : (
          request.tools.map((tool) => (
            <details key={tool.name} className="cd-tool" data-testid="offered-tool" data-tool={tool.name}>
              <summary><code>{tool.name}</code> <span className="cd-muted">{tool.description}</span></summary>
              <pre className="cd-pre" data-testid="tool-schema">{json(tool.parameters)}</pre>
            </details>
          ))
        )}
      </details>
      {response && (
        <details open className="cd-section">
          <summary>Answer</summary>
          {response.text && <pre className="cd-pre cd-answer" data-testid="call-answer">{t(response.text)}</pre>}
          {response.toolCalls.map((tc) => (
            <div key={tc.id} className="cd-toolcall" data-testid="call-answer-tool"><code>{tc.name}</code> <code className="cd-muted">{t(tc.arguments)}</code></div>
          ))}
          {!response.text && response.toolCalls.length === 0 && <div className="cd-muted">No text and no tool call.</div>}
        </details>
      )}
      {response?.wire && (
        <>
          <details className="cd-section" data-testid="wire-request">
            <summary>Raw request (wire JSON)</summary>
            <pre className="cd-pre">{t(json(response.wire.request))}</pre>
          </details>
          <details className="cd-section" data-testid="wire-response">
            <summary>Raw response (wire JSON)</summary>
            <pre className="cd-pre">{t(json(response.wire.response))}</pre>
          </details>
        </>
      )}
    </div>
  );
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
        <pre className="cd-pre">{t(message.content)}</pre>
      </li>
    );
  }
  return (
    <li className={`cd-msg ${message.role}`}>
      <span className="cd-role">{message.role === 'user' ? 'caller' : 'agent'}</span>
      <div>
        {message.content && <pre className="cd-pre">{t(message.content)}</pre>}
        {message.role === 'assistant' &&
          message.toolCalls?.map((tc) => (
            <div key={tc.id} className="cd-toolcall"><code>{tc.name}</code> <code className="cd-muted">{t(tc.arguments)}</code></div>
          ))}
      </div>
    </li>
  );
}
