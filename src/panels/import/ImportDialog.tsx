import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type { PortableVersion } from '../../formats/version-files';
import { newId } from '../../model/ids';
import { formatBytes } from '../../model/limits';
import { useServices } from '../../store/context';
import { detectFormat, FILE_FORMAT_LABEL, kindOf, type FileFormat } from '../../formats/file-format';
import { ImportResult } from './ImportResult';
import type { BundleFile } from '../../formats/bundle';
import type { ImportOutcome, Located } from './run-import';
import { Dialog } from '../../ui/Dialog';
import type { FolderRead } from './read-folder';
import type { FolderTexts } from '../../run/workers/pinecall-client';
import './import.css';

type RunModule = typeof import('./run-import');
let runModule: Promise<RunModule> | undefined;
const loadRunner = () => (runModule ??= import('./run-import'));

/** A file or a folder handed to the dialog from outside (a drop on the window); `seq` tells two drops of one file apart. */
export interface IncomingFile {
  file?: File;
  folder?: FileSystemDirectoryEntry;
  seq: number;
}

interface Props {
  incoming: IncomingFile | null;
  onClose(): void;
}

/** `problems`: the errors the read agent (or tools) would bring into the project, shown before anything else. */
/** `versions`: the named versions a .zip brought, for the new project's history. */
type Status = { state: 'idle' } | { state: 'working'; format: FileFormat } | { state: 'done'; outcome: ImportOutcome; problems: Located[]; mod: RunModule; versions?: PortableVersion[] };

/**
 * A text longer than this is read but not put in the textarea: Chromium lays a textarea's whole text
 * out at once, and a 3 MB file (one line of it) held the page without a frame for 1-2 s. Far past
 * any agent worth editing here; its errors still give their lines and columns.
 */
export const SHOWN_TEXT_LIMIT = 512 * 1024;

const ACCEPT = '.yaml,.yml,.tsx,.ts,.json,.txt,.zip,text/yaml,application/json,application/zip';

export function ImportDialog({ incoming, onClose }: Props) {
  const { store, projects, versions: versionRepository } = useServices();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [forced, setForced] = useState<FileFormat | 'auto'>('auto');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const latestRun = useRef(0);
  /** The tests/*.golden.json of the last .zip opened: they join the agent read from its text, even after an edit. */
  const goldens = useRef<BundleFile[]>([]);
  /** The versions/ files of the last .zip opened (named versions and their index). */
  const versionFiles = useRef<BundleFile[]>([]);
  /** The agent's folder of the last .zip or folder opened (its base class, its helpers): a Pinecall agent imports from it. */
  const folder = useRef<FolderTexts | undefined>(undefined);
  const folderInput = useRef<HTMLInputElement>(null);

  const detected = detectFormat(text, fileName ?? undefined);
  const format = forced === 'auto' ? detected : forced;

  /** Scrolls the textarea to an error's line and, on a click, puts the caret at its column so the user can fix it there. */
  const reveal = useCallback((line?: number, column?: number, focus = true) => {
    const area = textarea.current;
    if (!area || !line) return;
    const lines = area.value.split('\n');
    const offset = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + Math.max(0, (column ?? 1) - 1);
    if (focus) {
      area.focus();
      area.setSelectionRange(offset, Math.min(offset + 1, area.value.length));
    }
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 16;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
    area.scrollLeft = 0;
  }, []);

  const run = useCallback(async (source: string, name: string | null, as: FileFormat) => {
    const token = ++latestRun.current;
    if (!source.trim()) {
      setStatus({ state: 'idle' });
      return;
    }
    setStatus({ state: 'working', format: as });
    const mod = await loadRunner();
    let outcome: ImportOutcome;
    let versions: PortableVersion[] = [];
    try {
      outcome = mod.withBundleTests(await mod.runImport(source, as, { fileName: name ?? undefined, folder: folder.current }), goldens.current);
      outcome = mod.withRefusedEntries(outcome, folder.current?.refused);
      ({ outcome, versions } = mod.withBundleVersions(outcome, versionFiles.current));
    } catch (error) {
      outcome = { kind: 'error', format: as, errors: [{ message: `the import failed: ${error instanceof Error ? error.message : String(error)}` }] };
    }
    let problems: Located[];
    try {
      problems = await mod.importProblems(outcome, source, store.getState().doc);
    } catch (error) {
      problems = [{ message: `the agent could not be checked: ${error instanceof Error ? error.message : String(error)}` }];
    }
    // A newer run (another file, an edit) wins; this result is stale.
    if (token !== latestRun.current) return;
    setStatus({ state: 'done', outcome, problems, mod, versions });
    const first = (outcome.kind === 'error' ? outcome.errors : problems).find((e) => e.line !== undefined);
    if (first) reveal(first.line, first.column, false);
  }, [reveal, store]);

  const loadFile = useCallback(async (file: File) => {
    goldens.current = [];
    versionFiles.current = [];
    folder.current = undefined;
    if (/\.zip$/i.test(file.name)) {
      const mod = await loadRunner();
      // Read, listed and inflated within limits in a worker (formats/zip.ts): only the texts come back.
      const bundle = await mod.unzipBundle(file);
      setForced('auto');
      if (!bundle.ok) {
        setText('');
        setFileName(file.name);
        setStatus({ state: 'done', outcome: { kind: 'error', format: 'json', errors: [{ message: `${file.name}: ${bundle.message}` }] }, problems: [], mod });
        return;
      }
      goldens.current = bundle.goldens;
      versionFiles.current = bundle.versions;
      folder.current = mod.folderTexts(bundle.agent, bundle.siblings, bundle.refused);
      const agentName = bundle.agent.path.slice(bundle.agent.path.lastIndexOf('/') + 1);
      setText(bundle.agent.text);
      setFileName(`${file.name} › ${bundle.agent.path}`);
      await run(bundle.agent.text, agentName, detectFormat(bundle.agent.text, agentName));
      return;
    }
    const content = await file.text();
    setText(content);
    setFileName(file.name);
    setForced('auto');
    await run(content, file.name, detectFormat(content, file.name));
  }, [run]);

  /** A folder (chosen or dropped): read as a .zip of it would be (formats/folder-agent.ts picks the agent). */
  const loadFolder = useCallback(async (read: (mod: RunModule) => Promise<FolderRead>) => {
    goldens.current = [];
    versionFiles.current = [];
    folder.current = undefined;
    setForced('auto');
    const mod = await loadRunner();
    const got = await read(mod);
    const picked = got.ok ? mod.pickFolderAgent(got.name, got.files) : got;
    if (!picked.ok) {
      setText('');
      setFileName(null);
      setStatus({ state: 'done', outcome: { kind: 'error', format: 'json', errors: [{ message: picked.message }] }, problems: [], mod });
      return;
    }
    goldens.current = picked.goldens;
    folder.current = mod.folderTexts(picked.agent, picked.siblings, got.ok ? got.refused : []);
    const agentName = picked.agent.path.slice(picked.agent.path.lastIndexOf('/') + 1);
    setText(picked.agent.text);
    setFileName(`${got.ok ? got.name : ''}/${picked.agent.path}`);
    await run(picked.agent.text, agentName, detectFormat(picked.agent.text, agentName));
  }, [run]);

  useEffect(() => {
    const dropped = incoming?.folder;
    if (dropped) void loadFolder((mod) => mod.readDroppedFolder(dropped));
    else if (incoming?.file) void loadFile(incoming.file);
  }, [incoming, loadFile, loadFolder]);

  // The drop itself is handled at the window (ImportButton), which hands the file over as `incoming`.
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
  };

  const finish = async (action: () => void | Promise<void>) => {
    setBusy(true);
    try {
      await action();
      onClose();
    } finally {
      setBusy(false);
    }
  };


  return (
    <Dialog
      backdropClassName="overlay import-overlay"
      className={`dialog import-dialog${dragging ? ' dragging' : ''}`}
      labelledBy="import-title"
      data-testid="import-dialog"
      onClose={onClose}
      // Esc from anywhere: the focus may be on the page after a button turned disabled.
      escape="anywhere"
      // Opened by a drop, the caret has no business in the paste field: the dialog itself takes focus.
      initialFocus={incoming ? 'dialog' : textarea}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="import-header">
        <h2 id="import-title">Import an agent</h2>
        <button className="ghost" onClick={onClose} aria-label="Close" title="Close (Esc)">✕</button>
      </div>
      <p className="import-hint">
        A Block Agent YAML file, a Pinecall class (<code>agent.tsx</code>), a Callboard JSON save, or a <code>.zip</code> of an agent with its <code>tests/*.golden.json</code>. Nothing changes until you choose what to do with it.
      </p>
      <div className="import-source">
        <div className="import-drop" data-testid="import-drop">
          <span>Drop a file here, or</span>
          <button onClick={() => fileInput.current?.click()} data-testid="import-choose-file">Choose a file…</button>
          <button onClick={() => folderInput.current?.click()} data-testid="import-choose-folder" title="A Pinecall agent's folder: the agent with its base class and helpers">Choose a folder…</button>
          <input
            ref={folderInput}
            type="file"
            hidden
            data-testid="import-folder-input"
            // Not in React's types: set as a plain attribute.
            {...{ webkitdirectory: '' }}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (files.length) void loadFolder((mod) => mod.readChosenFolder(files));
            }}
          />
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="import-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void loadFile(file);
            }}
          />
          {fileName && <span className="import-file" data-testid="import-file-name" title={fileName}>{fileName}</span>}
        </div>
        {text.length > SHOWN_TEXT_LIMIT ? (
          <div className="import-text import-text-large" data-testid="import-text-large" role="note">
            <p>
              {fileName ?? 'The text'} is {formatBytes(text.length)}: too long to show and edit here (at most {formatBytes(SHOWN_TEXT_LIMIT)}).
              It is read as it is; the lines and columns below are the file's. Fix it in your editor, or start again with a smaller text.
            </p>
            <button className="ghost" data-testid="import-text-clear" onClick={() => { setText(''); setFileName(null); setStatus({ state: 'idle' }); }}>
              Clear, to paste a text
            </button>
          </div>
        ) : (
        <textarea
          ref={textarea}
          className="import-text"
          data-testid="import-paste"
          aria-label="Agent text to import"
          placeholder="…or paste the text here: a whole agent, or a list of Block Agent tools (- type: function …)"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFileName(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void run(text, fileName, format);
            }
          }}
        />
        )}
        <div className="import-run-row">
          <label className="import-format">
            Format
            <select data-testid="import-format" value={forced} onChange={(e) => setForced(e.target.value as FileFormat | 'auto')}>
              <option value="auto">{text.trim() ? `Detected: ${FILE_FORMAT_LABEL[detected]}` : 'Detect from the text'}</option>
              {(Object.keys(FILE_FORMAT_LABEL) as FileFormat[]).map((f) => <option key={f} value={f}>{FILE_FORMAT_LABEL[f]}</option>)}
            </select>
          </label>
          <span className="spacer" />
          <span className="kbd" title="Read the text">Ctrl Enter</span>
          <button data-testid="import-run" disabled={!text.trim() || status.state === 'working'} onClick={() => void run(text, fileName, format)}>
            Read the text
          </button>
        </div>
      </div>
      <div className="import-result" aria-live="polite">
        {status.state === 'idle' && <div className="empty-state">Choose, drop or paste an agent to see what it holds before anything changes.</div>}
        {status.state === 'working' && (
          <div className="empty-state" data-testid="import-working">
            {kindOf(status.format).reading ?? `Reading the ${FILE_FORMAT_LABEL[status.format]}…`}
          </div>
        )}
        {status.state === 'done' && (
          <ImportResult
            outcome={status.outcome}
            problems={status.problems}
            source={text}
            busy={busy}
            store={store}
            addImportedTools={status.mod.addImportedTools}
            onReveal={reveal}
            onFix={(fix) => {
              const fixed = fix.apply(text);
              setText(fixed);
              void run(fixed, fileName, format);
            }}
            versions={status.versions?.length ?? 0}
            onCompareOnCanvas={(doc) => {
              store.getState().startCompare(doc, 'the imported agent');
              onClose();
            }}
            onOpenNew={(doc) => finish(async () => {
              const taken = new Set([store.getState().doc.id, ...store.getState().projects.map((p) => p.id)]);
              // Importing a save of a project that is already here opens a copy, never overwrites it.
              const opened = taken.has(doc.id) ? { ...doc, id: newId() } : doc;
              await projects.openDocument(opened);
              // The .zip's named versions become the new project's history (with their times and notes).
              // A history past the byte budget keeps what fitted: the project itself is already open.
              if (status.versions?.length) await versionRepository?.importNamed(opened.id, status.versions).catch(() => undefined);
            })}
            onReplace={(doc) => finish(() => {
              store.getState().apply((current) => ({ ...doc, id: current.id }), { history: 'push', label: 'import (replace the open agent)' });
              store.getState().select(null);
            })}
            onAddTools={(tools) => finish(() => {
              let added: string[] = [];
              store.getState().apply((current) => {
                const result = status.mod.addImportedTools(current, tools, { kind: 'all' });
                added = result.added.map((t) => t.id);
                return result.added.length > 0 ? result.doc : current;
              }, { history: 'push', label: 'add imported tools' });
              const last = added[added.length - 1];
              if (last) store.getState().select({ kind: 'tool', id: last }, { reveal: true });
            })}
          />
        )}
      </div>
      <div className="import-footer">
        <button onClick={onClose} data-testid="import-cancel">Cancel</button>
      </div>
    </Dialog>
  );
}
