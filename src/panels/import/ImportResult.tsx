import { lazy, Suspense, useMemo, useState } from 'react';
import type { ImportFix } from '../../runtimes/block-agent/format';
import { TARGET_LABEL } from '../../model';
import type { AgentDocument, Tool } from '../../model';
import type { AppStore } from '../../store';
import { useApp } from '../../store/context';
import { FILE_FORMAT_LABEL } from '../../formats/file-format';
import type { ImportOutcome, Located } from './run-import';

interface Props {
  outcome: ImportOutcome;
  /** Errors what was read would bring into the project (lint): said first, and no line claims all is well while there are any. */
  problems: Located[];
  /** The text that was read, for the excerpt under an error. */
  source: string;
  busy: boolean;
  store: AppStore;
  addImportedTools: typeof import('./run-import').addImportedTools;
  onReveal(line?: number, column?: number): void;
  onFix(fix: ImportFix): void;
  onOpenNew(doc: AgentDocument): void;
  onReplace(doc: AgentDocument): void;
  onAddTools(tools: Tool[]): void;
  /** Named versions a .zip brought (versions/): they join the new project's history when it opens as one. */
  versions?: number;
  /** Shows the differences on the canvas instead (store.startCompare), closing the dialog; nothing is imported. */
  onCompareOnCanvas?(doc: AgentDocument): void;
}

const ImportCompare = lazy(() => import('./ImportCompare'));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function where(item: Located): string | undefined {
  if (item.line !== undefined) return `Line ${item.line}${item.column !== undefined ? `, column ${item.column}` : ''}`;
  return item.path || undefined;
}

/** The line an error points at, tabs made visible, with a caret under the column. */
function Excerpt({ source, line, column }: { source: string; line: number; column?: number }) {
  const text = source.split(/\r?\n/)[line - 1];
  if (text === undefined) return null;
  const shown = text.replace(/\t/g, '⇥');
  const gutter = `${line} | `;
  return (
    <pre className="import-excerpt" data-testid="import-excerpt">
      {gutter}{shown.length > 160 ? `${shown.slice(0, 160)}…` : shown}
      {column !== undefined && `\n${' '.repeat(gutter.length + Math.max(0, column - 1))}^`}
    </pre>
  );
}

function LocatedList({ items, testId, onReveal, kind }: { items: Located[]; testId: string; kind: 'error' | 'warning'; onReveal(line?: number, column?: number): void }) {
  return (
    <ul className={`import-list ${kind}`} data-testid={`${testId}s`}>
      {items.map((item, index) => (
        <li key={index}>
          <button className="import-item" data-testid={testId} data-line={item.line} onClick={() => onReveal(item.line, item.column)} disabled={item.line === undefined} title={item.line !== undefined ? 'Show it in the text' : undefined}>
            {where(item) && <span className="where">{where(item)}</span>}
            <span className="message">{item.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ImportResult(props: Props) {
  const { outcome } = props;
  if (outcome.kind === 'error') return <ErrorView {...props} outcome={outcome} />;
  if (outcome.kind === 'tools') return <ToolsView {...props} outcome={outcome} />;
  return <AgentView {...props} outcome={outcome} />;
}

function ErrorView({ outcome, source, onReveal, onFix }: Props & { outcome: Extract<ImportOutcome, { kind: 'error' }> }) {
  const first = outcome.errors.find((e) => e.line !== undefined);
  return (
    <div className="import-errors" data-testid="import-error-view">
      <div className="import-status sev-error">
        Nothing was imported: the {FILE_FORMAT_LABEL[outcome.format]} has {plural(outcome.errors.length, 'error')}.{' '}
        <span className="import-muted">The open agent is unchanged.</span>
      </div>
      <LocatedList items={outcome.errors} testId="import-error" kind="error" onReveal={onReveal} />
      {first && <Excerpt source={source} line={first.line!} column={first.column} />}
      {outcome.fix && (
        <div className="import-actions">
          <button className="primary" data-testid="import-fix" onClick={() => onFix(outcome.fix!)}>{outcome.fix.label}</button>
          <span className="import-muted">rewrites the text above, then reads it again</span>
        </div>
      )}
    </div>
  );
}

/** The errors of what was read, before its summary: where each is and what to write instead. */
function Problems({ problems, source, onReveal, what }: { problems: Located[]; source: string; what: string; onReveal(line?: number, column?: number): void }) {
  if (problems.length === 0) return null;
  const first = problems.find((p) => p.line !== undefined);
  return (
    <div className="import-errors" data-testid="import-problems-box">
      <div className="import-status sev-error" data-testid="import-problems-status">
        {what} {problems.length === 1 ? 'has 1 error' : `has ${problems.length} errors`} to fix.{' '}
        <span className="import-muted">It can still be imported; the Problems panel keeps each error until it is fixed, and fixing the text here reads it again.</span>
      </div>
      <LocatedList items={problems} testId="import-problem" kind="error" onReveal={onReveal} />
      {first && <Excerpt source={source} line={first.line!} column={first.column} />}
    </div>
  );
}

function Warnings({ items, onReveal, empty }: { items: Located[]; empty: string; onReveal(line?: number, column?: number): void }) {
  return (
    <>
      <div className="panel-title import-section">Warnings {items.length > 0 && `(${items.length})`}</div>
      {items.length === 0 ? <div className="import-muted import-none" data-testid="import-no-warnings">{empty}</div> : <LocatedList items={items} testId="import-warning" kind="warning" onReveal={onReveal} />}
    </>
  );
}

function AgentView({ outcome, problems, source, busy, onReveal, onOpenNew, onReplace, versions = 0, onCompareOnCanvas }: Props & { outcome: Extract<ImportOutcome, { kind: 'agent' }> }) {
  const openName = useApp((s) => s.doc.name);
  const [comparing, setComparing] = useState(false);
  const { doc } = outcome;
  const counts: [string, number, string][] = [
    ['blocks', doc.blocks.length, 'block'],
    ['stages', doc.stages.length, 'stage'],
    // A Pinecall class's code sets the stage along edges of its own (runtimes/pinecall/format/stage-flow.ts): counted, so a class whose tools move the call never reads as "0 edges".
    ['edges', doc.edges.length + (outcome.codeEdges ?? 0), 'edge'],
    ['tools', doc.tools.length, 'tool'],
    ['state', doc.state.length, 'state field'],
    // Conversation tests come with a JSON save, or from a .zip's tests/*.golden.json.
    ...((doc.tests?.length ?? 0) > 0 ? [['tests', doc.tests!.length, 'test'] as [string, number, string]] : []),
  ];
  return (
    <div className="import-preview" data-testid="import-preview">
      <Problems problems={problems} source={source} onReveal={onReveal} what="The agent" />
      <div className="import-summary">
        <span className="import-muted">Agent</span>
        <strong data-testid="import-agent-name">{doc.name}</strong>
        <span className="import-chip">{TARGET_LABEL[doc.target]}</span>
        <span className="import-muted">from {FILE_FORMAT_LABEL[outcome.format]}</span>
      </div>
      <ul className="import-counts">
        {counts.map(([key, n, one]) => (
          <li key={key} data-testid={`import-count-${key}`} data-count={n}>
            <b>{n}</b> {n === 1 ? one : `${one}s`}
            {key === 'edges' && outcome.codeEdges ? <span className="import-muted"> ({outcome.codeEdges} set in code)</span> : null}
          </li>
        ))}
      </ul>
      {doc.stages.length > 0 && (
        <div className="import-names" title={doc.stages.map((s) => s.name).join(', ')}>
          <span className="import-muted">Stages</span> {doc.stages.map((s) => s.name).join(', ')}
        </div>
      )}
      {doc.tools.length > 0 && (
        <div className="import-names" title={doc.tools.map((t) => t.name).join(', ')}>
          <span className="import-muted">Tools</span> {doc.tools.map((t) => t.name).join(', ')}
        </div>
      )}
      {/* "Everything has a place" only when nothing is wrong at all: never beside errors. */}
      <Warnings items={outcome.warnings} onReveal={onReveal} empty={problems.length === 0 ? 'None: everything in the text has a place in the agent.' : 'No other warnings: the errors above are all.'} />
      {versions > 0 && (
        <div className="import-muted import-versions" data-testid="import-versions">
          {plural(versions, 'named version')} came with it: “Open as new project” keeps {versions === 1 ? 'it' : 'them'} in its Versions tab.
        </div>
      )}
      {comparing && (
        <Suspense fallback={<div className="import-muted" role="status">Comparing…</div>}>
          <ImportCompare imported={doc} onCanvas={onCompareOnCanvas && (() => onCompareOnCanvas(doc))} />
        </Suspense>
      )}
      <div className="import-actions">
        <button className="primary" data-testid="import-open-new" disabled={busy} onClick={() => onOpenNew(doc)}>Open as new project</button>
        <button data-testid="import-replace" disabled={busy} onClick={() => onReplace(doc)} title={`Replace “${openName}” with the imported agent; Ctrl Z undoes it`}>
          Replace the open agent
        </button>
        <button data-testid="import-compare-open" aria-expanded={comparing} onClick={() => setComparing((c) => !c)} title={`What importing would change in “${openName}”, before anything is replaced`}>
          {comparing ? 'Hide the differences' : 'Compare with the open agent'}
        </button>
        <span className="import-muted import-replace-note">Undo brings “{openName}” back</span>
      </div>
    </div>
  );
}

function ToolsView({ outcome, problems, source, busy, onReveal, onAddTools, addImportedTools }: Props & { outcome: Extract<ImportOutcome, { kind: 'tools' }> }) {
  const doc = useApp((s) => s.doc);
  // What adding would do to the agent as it is now: renames and duplicates are said before the click.
  const planned = useMemo(() => addImportedTools(doc, outcome.tools, { kind: 'all' }), [addImportedTools, doc, outcome.tools]);
  const n = planned.added.length;
  return (
    <div className="import-preview" data-testid="import-tools-preview">
      <Problems problems={problems} source={source} onReveal={onReveal} what={outcome.tools.length === 1 ? 'The tool' : 'The tools'} />
      <div className="import-summary">
        <strong>{plural(outcome.tools.length, 'tool')}</strong>
        <span className="import-muted">a list of Block Agent tools, not a whole agent: they can join “{doc.name}”, offered in every block</span>
      </div>
      <div className="import-names" data-testid="import-tool-names">
        <span className="import-muted">Tools</span> {outcome.tools.map((t) => t.name).join(', ')}
      </div>
      <Warnings
        items={[...outcome.warnings, ...planned.warnings.map((message) => ({ message }))]}
        onReveal={onReveal}
        empty={problems.length === 0 ? 'None: each tool is new to the agent.' : 'No other warnings: the errors above are all.'}
      />
      <div className="import-actions">
        <button className="primary" data-testid="import-add-tools" disabled={busy || n === 0} onClick={() => onAddTools(outcome.tools)}>
          {n === 0 ? 'Nothing to add' : `Add ${plural(n, 'tool')} to the open agent`}
        </button>
        <span className="import-muted">undo takes them out again</span>
      </div>
    </div>
  );
}
