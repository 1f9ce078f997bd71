import { useEffect, useState } from 'react';
import { LazyEditor } from '../../editors/LazyEditor';
import type { EditorOptions } from '../../editors/types';
import type { AgentDocument } from '../../model';
import type { ExportView } from '../../formats/export-as';
import { exportInWorker, exportQuietMs } from '../../run/workers/export-client';
import { useApp, useServices, useStoreApi } from '../../store/context';
import { afterTypingPauses } from '../../store/pending-writes';
import { useNamedVersions } from './named-versions';
import { selectPrimary } from '../../store/selectors';
import { LossList } from './LossList';
import { copyText, downloadBytes, downloadText } from './save';
import { EXPORT_FORMATS, isBundled, PREVIEW_PATHS, type ExportFormat } from './types';
import { factsOf } from '../../runtimes/facts';
import './export.css';

type FormatsModule = typeof import('./formats');

// Loaded on first open, then kept: the exporters and `yaml` are not part of the first paint.
let formatsModule: Promise<FormatsModule> | undefined;
const loadFormats = () => (formatsModule ??= import('./formats'));


/**
 * Invisible and look-alike characters are marked in every preview, whatever its size (security
 * issue 30: an instruction in tag characters or behind a right-to-left override is read by the
 * model and seen by no one), inside comments and strings too, said here rather than left to
 * Monaco's workspace-trust defaults: the TypeScript export writes the persona and every tool
 * description as doc comments.
 */
const UNICODE_HIGHLIGHT: EditorOptions['unicodeHighlight'] = {
  invisibleCharacters: true,
  ambiguousCharacters: true,
  nonBasicASCII: false,
  includeComments: true,
  includeStrings: true,
};

const PREVIEW_OPTIONS: EditorOptions = {
  unicodeHighlight: UNICODE_HIGHLIGHT,
  domReadOnly: true,
  readOnlyMessage: { value: 'The preview follows the agent; edit the agent, or copy the text.' },
  wordWrap: 'off',
  folding: true,
  renderLineHighlight: 'none',
};

/**
 * A preview past this many characters (a 500-stage agent's YAML is a megabyte) drops what Monaco
 * recomputes over the whole text after every change: folding regions (thousands of decorations
 * re-laid on each edit), sticky scroll built from them, bracket-pair colouring; and it is shown
 * uncoloured (plaintext), since re-tokenising after each change was the top script cost per key, and
 * drops the colour decorators Monaco's editor worker computes over the whole text. On a large agent
 * each cost the main thread 50-400 ms after every settled keystroke while typing elsewhere. The
 * marking of invisible and look-alike characters stays on (UNICODE_HIGHLIGHT): it is what shows a
 * hidden instruction, and its worker pass runs off the page's thread.
 */
const LARGE_PREVIEW = 200_000;
const LARGE_PREVIEW_OPTIONS: EditorOptions = {
  ...PREVIEW_OPTIONS,
  folding: false,
  stickyScroll: { enabled: false },
  bracketPairColorization: { enabled: false },
  guides: { bracketPairs: false, indentation: false },
  matchBrackets: 'never',
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  links: false,
  // Asks Monaco's editor worker about the whole megabyte after every change: a cost a preview of
  // plain text has no use for. (Unicode highlighting asks it too, and is kept: see UNICODE_HIGHLIGHT.)
  colorDecorators: false,
};

/** A download's type, by the language its kind of file is written in (formats/file-kind.ts). */
const MIME: Record<ExportView['language'], string> = { yaml: 'application/yaml', typescript: 'text/plain', python: 'text/x-python', ruby: 'text/x-ruby', json: 'application/json' };

/**
 * Recomputing an export on every keystroke of a drag is wasted work: follow the document a beat
 * behind, and while someone types, at their pauses (the send and the answer cost the page a few
 * milliseconds each, which between a fast typist's keys delayed the next key); a pause as long as
 * the export's own cost asks for, so a big agent's export does not land on the next word.
 */
function useSettledDoc(delay = 150): AgentDocument {
  const doc = useApp((s) => s.doc);
  const [settled, setSettled] = useState(doc);
  useEffect(() => {
    if (doc === settled) return;
    let cancel = () => {};
    const timer = setTimeout(() => {
      cancel = afterTypingPauses(() => setSettled(doc), exportQuietMs());
    }, delay);
    return () => {
      clearTimeout(timer);
      cancel();
    };
  }, [doc, settled, delay]);
  return settled;
}

export function ExportPanel() {
  const doc = useSettledDoc();
  const primary = useApp(selectPrimary);
  const [mod, setMod] = useState<FormatsModule | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const store = useStoreApi();
  // The format last chosen by hand (kept in the store while the tab is closed); until then the document's target decides.
  const [format, setFormat] = useState<ExportFormat>(() => store.getState().exportFormat ?? factsOf(doc.target).fileFormat);
  // A format chosen elsewhere while the tab is open (the Ctrl+K palette's "Export as …") is shown.
  const chosen = useApp((s) => s.exportFormat);
  useEffect(() => {
    if (chosen) setFormat(chosen);
  }, [chosen]);
  const [stagePick, setStagePick] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const named = useNamedVersions(useServices().versions, doc.id);

  useEffect(() => {
    let live = true;
    loadFormats().then(
      (m) => live && setMod(m),
      (error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  // The OpenAI tab shows one stage: the one picked here, else the selected stage, else the entry.
  const selectedStage = primary?.kind === 'stage' ? primary.id : undefined;
  const stageId = [stagePick, selectedStage, doc.entryStageId, doc.stages[0]?.id].find((id) => id && doc.stages.some((s) => s.id === id)) ?? null;

  // Only the OpenAI view depends on the stage: selecting on the canvas recomputes nothing else.
  const openAiStage = format === 'openai' ? stageId : null;
  // Written in a worker (run/workers/export-client.ts): the YAML of a 500-stage agent takes most of
  // a second, which on the page would block the next keystrokes. The last text stays shown until
  // the next lands; an answer for an older ask is dropped.
  // Another format or stage shows "Preparing…" rather than the previous one's text.
  const shownKey = `${format} ${openAiStage ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; result: { view: ExportView } | { error: string } } | null>(null);
  const result = answer?.key === shownKey ? answer.result : null;
  useEffect(() => {
    if (!mod) return;
    let live = true;
    const key = `${format} ${openAiStage ?? ''}`;
    let cancel = () => {};
    // Shown at a pause in typing: Monaco's update of a megabyte preview is tens of milliseconds.
    const show = (result: { view: ExportView } | { error: string }) => {
      cancel = afterTypingPauses(() => live && setAnswer({ key, result }));
    };
    exportInWorker(doc, format, openAiStage).then(
      (view) => live && view && show({ view }),
      (error: unknown) => live && show({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [mod, doc, format, openAiStage]);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  const choose = (next: ExportFormat) => {
    store.getState().setExportFormat(next);
    setFormat(next);
  };
  const view = result && 'view' in result ? result.view : undefined;
  const label = EXPORT_FORMATS.find((f) => f.id === format)!.label;
  const empty = format === 'json'
    ? 'Nothing is lost: JSON is the save format and keeps the whole agent.'
    : format === 'openai'
      ? 'This is what the model is offered in the chosen stage: names, descriptions and parameter schemas. Code, scope and options stay with the agent.'
      : `Nothing is lost: ${label} expresses the whole agent.`;

  return (
    <div className="export-panel" data-testid="export-panel">
      <div className="export-toolbar">
        <div className="segmented" role="tablist" aria-label="Export format">
          {EXPORT_FORMATS.map((f) => (
            <button key={f.id} role="tab" aria-selected={format === f.id} data-testid={`export-format-${f.id}`} onClick={() => choose(f.id)}>
              {f.label}
            </button>
          ))}
        </div>
        {format === 'openai' && (
          <label className="export-stage">
            Stage
            <select data-testid="export-stage-select" value={stageId ?? ''} onChange={(e) => setStagePick(e.target.value || null)} disabled={doc.stages.length === 0}>
              {doc.stages.length === 0 && <option value="">No stages yet</option>}
              {doc.stages.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
        )}
        <span className="export-path" data-testid="export-path" title={view?.path}>{view?.path}</span>
        <span className="export-status" role="status" data-testid="export-status">{status}</span>
        <button data-testid="export-copy" disabled={!view} onClick={async () => view && setStatus((await copyText(view.text)) ? 'Copied' : 'Copy failed: select the text and copy it')}>
          Copy
        </button>
        {isBundled(format) && ((doc.tests?.length ?? 0) > 0 || named.count > 0) && mod && (
          <button
            data-testid="export-download-with-tests"
            title="A .zip of this file and the agent's conversation tests beside it (tests/<name>.golden.json), with the project's named versions (versions/); the import dialog reads it back"
            onClick={async () => {
              try {
                const zip = mod.zipWithTests(doc, format, await named.load());
                downloadBytes(zip.bytes, zip.fileName, 'application/zip');
              } catch (error) {
                // A test's value nested past the limit (lint's value-too-deep): said, not thrown away.
                setStatus(`Not zipped: ${error instanceof Error ? error.message : String(error)}`);
              }
            }}
          >
            Download with tests
          </button>
        )}
        <button data-testid="export-download" disabled={!view} title={view ? `Save as ${view.fileName}` : undefined} onClick={() => view && downloadText(view.text, view.fileName, MIME[view.language])}>
          Download
        </button>
      </div>
      <div className="export-body">
        <div className="export-preview">
          {loadError ? (
            <div className="empty-state sev-error">The exporters could not be loaded: {loadError}. Reload the page to try again.</div>
          ) : !result ? (
            <div className="editor-loading">Preparing the export…</div>
          ) : 'error' in result ? (
            <div className="empty-state sev-error" data-testid="export-error">The export failed: {result.error}</div>
          ) : (
            <LazyEditor
              testId="export-preview"
              path={PREVIEW_PATHS[format]}
              language={view!.text.length > LARGE_PREVIEW ? 'plaintext' : view!.language}
              value={view!.text}
              readOnly
              height="100%"
              options={view!.text.length > LARGE_PREVIEW ? LARGE_PREVIEW_OPTIONS : PREVIEW_OPTIONS}
              ariaLabel={`${label} export preview (read-only)`}
            />
          )}
        </div>
        <LossList doc={doc} losses={view?.losses ?? []} notes={[...(view?.notes ?? []), ...(isBundled(format) && mod ? [mod.testsNote(doc)].filter((n): n is string => n !== null) : [])]} target={label} empty={empty} title={format === 'openai' ? 'What the model sees' : undefined} />
      </div>
    </div>
  );
}
