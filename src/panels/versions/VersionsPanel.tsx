import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { diffAgents, summarizeDifferences } from '../../model/diff';
import { useApp, useServices } from '../../store/context';
import type { Version, VersionInfo } from '../../store/versions/repository';
import { DiffList } from '../diff/DiffList';
import { readComparedFile } from '../tests/compare-file';
import { TARGET_LABEL } from '../../model/loss';
import { restoreVersion, versionLabel, versionTime } from '../../store/versions/actions';
import type { AgentDocument } from '../../model';
import './versions.css';

/** What an opened version is compared with: the open agent, another version by its id, or a file. */
const OPEN_AGENT = '';
const A_FILE = 'file';

/** The other side of the comparison: a version, or a file read with the importer (always the "after"). */
type Other = { id: string; version?: Version; file?: { name: string; doc?: AgentDocument; error?: string } };

/**
 * The open project's versions (issue 15): automatic ones (one per minute of editing, thinned with
 * age) and named ones ("Save version…", with a note). An opened version shows its differences
 * from the open agent or from another version; "Open read-only" shows it in the whole workspace;
 * Restore brings it back as one undo step; "New project" opens it beside this one.
 */
export default function VersionsPanel() {
  const { store, projects, versions } = useServices();
  // While a version is open read-only the document is that version: the open agent is kept aside.
  const current = useApp((s) => s.viewing?.live ?? s.doc);
  const viewing = useApp((s) => s.viewing);
  const readOnly = useApp((s) => s.access.mode !== 'edit');
  const [list, setList] = useState<VersionInfo[]>([]);
  const [opened, setOpened] = useState<Version | null>(null);
  const [other, setOther] = useState<Other>({ id: OPEN_AGENT });
  const fileInput = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const [naming, setNaming] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  const refresh = useCallback(async () => { if (versions) setList(await versions.list(current.id)); }, [versions, current.id]);
  // Reloaded when the project changes and after each automatic version settles (a light poll: the recorder writes in the background).
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  // The newer side is "after": the open agent, or whichever of two versions was saved later.
  const sides = useMemo(() => {
    if (!opened) return null;
    if (other.id === A_FILE) return other.file?.doc ? { before: opened, after: { doc: other.file.doc, label: `the file ${other.file.name}`, mine: false } } : null;
    if (!other.version) return { before: opened, after: null };
    const [earlier, later] = opened.at <= other.version.at ? [opened, other.version] : [other.version, opened];
    return { before: earlier, after: { doc: later.doc, label: versionLabel(later), mine: later === opened } };
  }, [opened, other]);
  const differences = useMemo(() => (sides ? diffAgents(sides.before.doc, sides.after?.doc ?? current) : []), [sides, current]);
  // Restore needs the version to differ from the open agent: the list's diff when that is what it shows.
  const sameAsOpen = useMemo(() => !opened || (sides && !sides.after ? differences.length === 0 : diffAgents(opened.doc, current).length === 0), [opened, sides, differences, current]);
  if (!versions) return <div className="empty-state">Versions are not available in this window.</div>;

  const saveNamed = async () => {
    try {
      await versions.saveNamed(store.getState().viewing?.live ?? store.getState().doc, note);
      setNote('');
      setNaming(false);
      setMessage({ kind: 'status', text: 'Version saved.' });
      await refresh();
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  const open = async (info: VersionInfo) => {
    setOpened((await versions.get(current.id, info.id)) ?? null);
    setOther({ id: OPEN_AGENT });
  };
  const compareWith = async (id: string) => {
    setOther({ id });
    if (id === A_FILE) fileInput.current?.click();
    else if (id !== OPEN_AGENT) setOther({ id, version: await versions.get(current.id, id) });
  };
  const chooseFile = async (picked: File) => {
    setOther({ id: A_FILE, file: { name: picked.name } });
    setOther({ id: A_FILE, file: { name: picked.name, ...(await readComparedFile(picked)) } });
  };
  const restore = (version: Version) => {
    restoreVersion(store, version.doc, versionLabel(version));
    setMessage({ kind: 'status', text: `Restored ${versionLabel(version)} (Undo brings the agent back as it was).` });
  };
  const asNewProject = async (version: Version) => {
    await projects.openDocument({ ...structuredClone(version.doc), id: crypto.randomUUID(), name: `${version.doc.name} (${versionTime(version.at)})` });
  };
  const compareOnCanvas = () => {
    if (!sides) return;
    // With the open agent: its canvas, the version overlaid. Two versions: the later one is
    // shown read-only and the earlier one overlaid on it.
    if (sides.after) store.getState().viewVersion(sides.after.doc, sides.after.label);
    else store.getState().closeViewing();
    store.getState().startCompare(sides.before.doc, versionLabel(sides.before));
  };
  const viewingThis = viewing !== null && opened !== null && viewing.label === versionLabel(opened);

  return (
    <div className="versions" data-testid="versions-panel">
      <div className="versions-bar">
        {naming ? (
          <form className="versions-name" onSubmit={(e) => { e.preventDefault(); void saveNamed(); }}>
            <label>Note <input autoFocus value={note} onChange={(e) => setNote(e.target.value)} placeholder="what this version is" data-testid="version-note" /></label>
            <button type="submit" className="primary" data-testid="version-save">Save</button>
            <button type="button" className="ghost" onClick={() => setNaming(false)}>Cancel</button>
          </form>
        ) : (
          <button onClick={() => setNaming(true)} disabled={readOnly} data-testid="version-save-open">Save version…</button>
        )}
        <span className="versions-count">{list.length} version{list.length === 1 ? '' : 's'}</span>
        {message && <span role={message.kind === 'error' ? 'alert' : 'status'} className={`versions-message ${message.kind}`}>{message.text}</span>}
      </div>
      <div className="versions-body">
        <ul className="versions-list" aria-label="Versions">
          {list.map((v) => (
            <li key={v.id} className={opened?.id === v.id ? 'selected' : ''} data-testid="version-row">
              <button className="ghost versions-open" onClick={() => void open(v)} aria-pressed={opened?.id === v.id}>
                <span className="versions-when">{versionTime(v.at)}</span>
                {v.kind === 'named' ? <span className="versions-named">{v.note ?? 'named'}</span> : <span className="versions-auto">auto</span>}
                <span className="versions-target">{TARGET_LABEL[v.target]}</span>
                <span className="versions-summary">{v.summary}</span>
              </button>
            </li>
          ))}
          {list.length === 0 && <li className="empty-state">No versions yet: edits are kept as versions after a pause; "Save version…" names one.</li>}
        </ul>
        {opened && (
          <section className="versions-detail" aria-label="Version" data-testid="version-detail">
            <div className="versions-detail-bar">
              <strong>{versionTime(opened.at)}{opened.note ? ` · ${opened.note}` : ''}</strong>
              <label className="versions-with">
                compared with
                <select value={other.id} onChange={(e) => void compareWith(e.target.value)} data-testid="version-compare-with">
                  <option value={OPEN_AGENT}>the open agent</option>
                  {list.filter((v) => v.id !== opened.id).map((v) => <option key={v.id} value={v.id}>{versionTime(v.at)} · {v.note ?? 'auto'}</option>)}
                  <option value={A_FILE}>a file…</option>
                </select>
                <input ref={fileInput} type="file" hidden data-testid="version-compare-file" accept=".yaml,.yml,.tsx,.ts,.json,.zip"
                  onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void chooseFile(f); }} />
              </label>
              {other.file && <span className={other.file.error ? 'versions-message error' : ''} data-testid="version-compare-file-name">{other.file.name}{other.file.doc ? '' : other.file.error ? `: ${other.file.error}` : ': reading…'}</span>}
              <span data-testid="version-diff-summary">{!sides ? 'Choose the file to compare with.' : differences.length ? `${sides?.before === opened ? 'this version' : 'that version'} → ${!sides?.after ? 'the open agent' : sides.after.mine ? 'this version' : other.file ? 'the file' : 'that version'}: ${summarizeDifferences(differences)}` : 'No differences'}</span>
              <button onClick={() => store.getState().viewVersion(opened.doc, versionLabel(opened))} disabled={viewingThis} data-testid="version-view">Open read-only</button>
              <button onClick={() => restore(opened)} disabled={readOnly || sameAsOpen} data-testid="version-restore">Restore</button>
              <button className="ghost" onClick={() => void asNewProject(opened)}>New project from it</button>
              <button onClick={compareOnCanvas} disabled={!sides} data-testid="version-compare">Compare on canvas</button>
            </div>
            {sides && <DiffList differences={differences} openable={!sides.after && !viewing} />}
          </section>
        )}
      </div>
    </div>
  );
}
