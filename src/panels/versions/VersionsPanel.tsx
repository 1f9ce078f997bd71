import { useCallback, useEffect, useMemo, useState } from 'react';
import { diffAgents, summarizeDifferences } from '../../model/diff';
import type { AgentDocument } from '../../model';
import { useApp, useServices } from '../../store/context';
import type { Version, VersionInfo } from '../../store/versions/repository';
import { DiffList } from '../diff/DiffList';
import './versions.css';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The open project's versions (issue 15): automatic ones (one per minute of editing, thinned with
 * age) and named ones ("Save version…", with a note). A version opens read-only as its
 * differences from the open agent; Restore brings it back as one undo step; "New project" opens it
 * beside this one.
 */
export default function VersionsPanel() {
  const { store, projects, versions } = useServices();
  const doc = useApp((s) => s.doc);
  const readOnly = useApp((s) => s.access.mode !== 'edit');
  const [list, setList] = useState<VersionInfo[]>([]);
  const [opened, setOpened] = useState<Version | null>(null);
  const [note, setNote] = useState('');
  const [naming, setNaming] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  const refresh = useCallback(async () => { if (versions) setList(await versions.list(doc.id)); }, [versions, doc.id]);
  // Reloaded when the project changes and after each automatic version settles (a light poll: the recorder writes in the background).
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  const differences = useMemo(() => (opened ? diffAgents(opened.doc, doc) : []), [opened, doc]);
  if (!versions) return <div className="empty-state">Versions are not available in this window.</div>;

  const saveNamed = async () => {
    try {
      await versions.saveNamed(store.getState().doc, note);
      setNote('');
      setNaming(false);
      setMessage({ kind: 'status', text: 'Version saved.' });
      await refresh();
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  const open = async (info: VersionInfo) => setOpened((await versions.get(doc.id, info.id)) ?? null);
  const restore = (version: Version) => {
    const restored: AgentDocument = { ...structuredClone(version.doc), id: doc.id };
    store.getState().apply(() => restored, { label: `restore the version of ${when(version.at)}` });
    setMessage({ kind: 'status', text: `Restored the version of ${when(version.at)} (Undo brings the agent back as it was).` });
  };
  const asNewProject = async (version: Version) => {
    await projects.openDocument({ ...structuredClone(version.doc), id: crypto.randomUUID(), name: `${version.doc.name} (${when(version.at)})` });
  };

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
                <span className="versions-when">{when(v.at)}</span>
                {v.kind === 'named' ? <span className="versions-named">{v.note ?? 'named'}</span> : <span className="versions-auto">auto</span>}
                <span className="versions-summary">{v.summary}</span>
              </button>
            </li>
          ))}
          {list.length === 0 && <li className="empty-state">No versions yet: edits are kept as versions after a pause; "Save version…" names one.</li>}
        </ul>
        {opened && (
          <section className="versions-detail" aria-label="Version" data-testid="version-detail">
            <div className="versions-detail-bar">
              <strong>{when(opened.at)}{opened.note ? ` · ${opened.note}` : ''}</strong>
              <span>{differences.length ? `Open agent vs this version: ${summarizeDifferences(differences)}` : 'Same as the open agent'}</span>
              <button onClick={() => restore(opened)} disabled={readOnly || differences.length === 0} data-testid="version-restore">Restore</button>
              <button className="ghost" onClick={() => void asNewProject(opened)}>New project from it</button>
              <button onClick={() => store.getState().startCompare(opened.doc, `the version of ${when(opened.at)}${opened.note ? ` (${opened.note})` : ''}`)} data-testid="version-compare">Compare on canvas</button>
            </div>
            <DiffList differences={diffAgents(opened.doc, doc)} openable />
          </section>
        )}
      </div>
    </div>
  );
}
