import { useState } from 'react';
import type { Tool, ToolScope } from '../../../model';
import { docstringOneLine } from '../../../model/docstring';
import { updateEntity } from '../../../model/ops';
import { getOwn } from '../../../model/own';
import { ImplementationEditor } from '../../../editors/ImplementationEditor';
import { KeptBodyView } from '../../../editors/KeptBodyView';
import { codeSpotOfPath } from '../../../model/code-flow';
import { useRevealRequest } from '../reveal';
import { useCommit, useEndGesture } from '../commit';
import { ChipsControl } from '../fields';
import type { SectionProps } from '../types';
import { factsOf } from '../../../runtimes/facts';

/**
 * Under the docstring: the description the model is sent. Pinecall keeps one line of the docstring
 * (its lines joined, up to the first @tag: model/docstring.ts); a Block Agent file sends the
 * description as written, line breaks and all (the OpenAI tools export).
 */
export function DocstringPreview({ entity: tool, doc }: SectionProps<Tool>) {
  const sent = factsOf(doc.target).descriptionSent;
  const text = sent.oneLine ? docstringOneLine(tool.description) : tool.description.trim();
  return (
    <>
      <div className={`oneline${sent.oneLine ? '' : ' as-written'}`} data-testid="docstring-oneline">
        {text ? <q>{text}</q> : <span className="insp-error">Nothing: without a docstring no model can choose this tool. Write one line above.</span>}
      </div>
      <div className="insp-hint" data-testid="docstring-rule">
        {sent.hint}
      </div>
    </>
  );
}

const SCOPE_KINDS: { kind: ToolScope['kind']; label: string }[] = [
  { kind: 'all', label: 'Everywhere' },
  { kind: 'blocks', label: 'In blocks' },
  { kind: 'stages', label: 'In stages' },
];

/** Where the tool is offered: everywhere, in some blocks, or in some stages (chips). */
export function ScopeEditor({ entity: tool, doc }: SectionProps<Tool>) {
  const commit = useCommit();
  const scope = tool.scope;
  const write = (next: ToolScope) => commit((d) => updateEntity(d, 'tool', tool.id, { scope: next }));
  const switchTo = (kind: ToolScope['kind']) => {
    if (kind === scope.kind) return;
    if (kind === 'all') write({ kind: 'all' });
    // Switching keeps what the old scope meant, as far as the new one can say it.
    else if (kind === 'blocks') {
      const blockIds = scope.kind === 'stages' ? [...new Set(scope.stageIds.map((id) => doc.stages.find((s) => s.id === id)?.blockId).filter((b): b is string => !!b))] : [];
      write({ kind: 'blocks', blockIds });
    } else {
      const stageIds = scope.kind === 'blocks' ? doc.stages.filter((s) => scope.blockIds.includes(s.blockId)).map((s) => s.id) : [];
      write({ kind: 'stages', stageIds });
    }
  };
  return (
    <div className="scope-editor">
      <div className="segmented small" role="radiogroup" aria-label="Scope">
        {SCOPE_KINDS.map((k) => (
          <button key={k.kind} type="button" role="radio" aria-checked={scope.kind === k.kind} onClick={() => switchTo(k.kind)}>
            {k.label}
          </button>
        ))}
      </div>
      {scope.kind === 'blocks' && (
        <ChipsControl
          value={scope.blockIds}
          ariaLabel="Blocks"
          options={doc.blocks.map((b) => ({ value: b.id, label: b.name }))}
          placeholder="No blocks yet."
          onWrite={(blockIds) => write({ kind: 'blocks', blockIds })}
        />
      )}
      {scope.kind === 'stages' && (
        <ChipsControl
          value={scope.stageIds}
          ariaLabel="Stages"
          options={doc.stages.map((s) => ({ value: s.id, label: s.name }))}
          placeholder="No stages yet."
          onWrite={(stageIds) => write({ kind: 'stages', stageIds })}
        />
      )}
    </div>
  );
}

/** An mcp server's headers; credentials are `{{secret:NAME}}` references, never values. */
export function HeadersEditor({ entity: tool }: SectionProps<Tool>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const [draftKey, setDraftKey] = useState('');
  const mcp = tool.mcp;
  if (!mcp) return null;
  const entries = Object.entries(mcp.headers);
  const write = (headers: Record<string, string>, history: 'push' | 'gesture' = 'push') =>
    commit((d) => updateEntity(d, 'tool', tool.id, { mcp: { ...mcp, headers } }), history);
  const rename = (from: string, to: string) => {
    if (!to.trim() || to === from || to in mcp.headers) return;
    write(Object.fromEntries(entries.map(([k, v]) => [k === from ? to.trim() : k, v])));
  };
  return (
    <div className="headers-editor">
      {entries.map(([key, value]) => (
        <div className="kv-row" key={key}>
          <input className="mono" defaultValue={key} aria-label="Header name" onBlur={(e) => rename(key, e.target.value)} />
          <input
            className="mono"
            value={value}
            aria-label={`${key} value`}
            placeholder="{{secret:NAME}}"
            onChange={(e) => write({ ...mcp.headers, [key]: e.target.value }, 'gesture')}
            onBlur={endGesture}
          />
          <button type="button" className="ghost" aria-label={`Remove header ${key}`} onClick={() => write(Object.fromEntries(entries.filter(([k]) => k !== key)))}>×</button>
        </div>
      ))}
      <div className="kv-row">
        <input
          className="mono"
          value={draftKey}
          placeholder="Header name"
          aria-label="New header name"
          onChange={(e) => setDraftKey(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draftKey.trim() && !(draftKey.trim() in mcp.headers)) {
              write({ ...mcp.headers, [draftKey.trim()]: '' });
              setDraftKey('');
            }
          }}
        />
        <button
          type="button"
          disabled={!draftKey.trim() || draftKey.trim() in mcp.headers}
          onClick={() => {
            write({ ...mcp.headers, [draftKey.trim()]: '' });
            setDraftKey('');
          }}
        >
          Add header
        </button>
      </div>
    </div>
  );
}

/** The Code tab: the implementation body in TypeScript. */
export function CodeTab({ entity: tool, doc }: SectionProps<Tool>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  // A code edge opened on the canvas: the cursor goes to the assignment it was read from.
  const reveal = useRevealRequest();
  const spot = reveal && codeSpotOfPath(reveal.rest);
  if (tool.kind === 'mcp') {
    return <div className="empty-state">An mcp tool runs on its server, so it has no implementation here. Its simulated results are set in Options.</div>;
  }
  // A class read from Python or Ruby keeps the body in that language, which nothing here runs: shown as written.
  const keptIn = doc.language === 'python' || doc.language === 'ruby' ? doc.language : undefined;
  const keptBody = keptIn ? getOwn((doc.preserved?.[keptIn === 'python' ? 'pinecallPython' : 'pinecallRuby'] as { bodies?: Record<string, string> } | undefined)?.bodies, tool.name) : undefined;
  if (keptIn && keptBody !== undefined) {
    return <KeptBodyView key={tool.id} toolId={tool.id} toolName={tool.name} body={keptBody} language={keptIn} revealAt={spot && reveal ? { ...spot, tick: reveal.tick } : undefined} />;
  }
  return (
    <ImplementationEditor
      key={tool.id}
      doc={doc}
      tool={tool}
      onChange={(body) => commit((d) => updateEntity(d, 'tool', tool.id, { implementation: body === '' ? undefined : body }), 'gesture')}
      onBlur={endGesture}
      revealAt={spot && reveal ? { ...spot, tick: reveal.tick } : undefined}
    />
  );
}
