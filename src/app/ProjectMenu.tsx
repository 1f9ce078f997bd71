import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useApp } from '../store/context';
import type { ProjectsController } from '../store';
import { projectDetail } from './project-detail';

// The templates' chooser loads with the first "New agent": it is not part of the first paint.
const NewAgentChooser = lazy(() => import('./NewAgentChooser').then((m) => ({ default: m.NewAgentChooser })));

/** The project list: new, open, rename, duplicate, delete (all saved in this browser). */
export function ProjectMenu({ controller, onClose, choosingAtFirst = false }: { controller: ProjectsController; onClose: () => void; choosingAtFirst?: boolean }) {
  const projects = useApp((s) => s.projects);
  const currentId = useApp((s) => s.doc.id);
  const broken = useApp((s) => s.brokenProjects);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(choosingAtFirst);
  const now = Date.now();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);

  const commitRename = async (id: string) => {
    if (draft.trim()) await controller.rename(id, draft.trim());
    setRenaming(null);
  };

  return (
    <div className="menu" ref={ref} data-testid="project-menu" style={{ top: '110%', left: 0 }}>
      <div className="menu-row">
        <button className="primary" data-testid="project-new" aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>New agent</button>
        <span className="save-status">{projects.length} saved in this browser</span>
      </div>
      {choosing && (
        <Suspense fallback={<div className="save-status new-agent">Loading the templates…</div>}>
          <NewAgentChooser controller={controller} onDone={onClose} />
        </Suspense>
      )}
      <div className="menu-sep" />
      {projects.map((p) => (
        <div key={p.id} className={`menu-row${p.id === currentId ? ' current' : ''}`} data-testid="project-row" data-project-name={p.name}>
          {renaming === p.id ? (
            <input
              autoFocus
              aria-label="Project name"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void commitRename(p.id);
                if (e.key === 'Escape') setRenaming(null);
              }}
              onBlur={() => void commitRename(p.id)}
              style={{ flex: 1 }}
            />
          ) : (
            <span className="name" title="Open" onClick={() => { void controller.open(p.id); onClose(); }}>
              {p.name}
              <span className="project-detail" data-testid="project-detail">{projectDetail(p, now)}</span>
              {broken.some((b) => b.id === p.id) && <span className="sev-error" title="This saved project could not be read; see the banner"> (unreadable)</span>}
            </span>
          )}
          {confirmDelete === p.id ? (
            <>
              <button className="primary" style={{ background: 'var(--danger)', borderColor: 'var(--danger)' }} onClick={() => { void controller.remove(p.id); setConfirmDelete(null); }}>Delete</button>
              <button onClick={() => setConfirmDelete(null)}>Keep</button>
            </>
          ) : (
            <>
              <button className="ghost" title="Rename" aria-label={`Rename ${p.name}`} onClick={() => { setRenaming(p.id); setDraft(p.name); }}>Rename</button>
              <button className="ghost" title="Duplicate" aria-label={`Duplicate ${p.name}`} onClick={() => { void controller.duplicate(p.id); onClose(); }}>Duplicate</button>
              <button className="ghost" title="Delete" aria-label={`Delete ${p.name}`} onClick={() => setConfirmDelete(p.id)}>Delete</button>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
