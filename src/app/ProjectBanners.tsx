import { useState } from 'react';
import { useApp, useServices } from '../store/context';
import type { BrokenProject, ProjectAccess } from '../store/types';
import { downloadText } from '../panels/export/save';
import { ViewingBanner } from './ViewingBanner';
import './project-banners.css';

/**
 * Banners above the workspace for what could cost the user work: this agent is open (or was
 * changed) in another tab, a version is open read-only, or a saved project could not be read.
 * Each says what happened, what this tab is doing about it (not saving), and offers the ways out.
 */
export function ProjectBanners() {
  const access = useApp((s) => s.access);
  const broken = useApp((s) => s.brokenProjects);
  return (
    <>
      {access.mode === 'read-only' && <AccessBanner access={access} />}
      <ViewingBanner />
      {broken.map((project) => <BrokenBanner key={project.id} project={project} />)}
    </>
  );
}

type ReadOnly = Extract<ProjectAccess, { mode: 'read-only' }>;

function AccessBanner({ access }: { access: ReadOnly }) {
  const { projects } = useServices();
  const name = useApp((s) => s.doc.name) || 'This agent';
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const keepsChanges = access.unsaved ? ' Your changes in this tab are kept only by Open a copy.' : '';
  const refused = useApp((s) => s.refusedEdits);

  if (access.why === 'changed-elsewhere') {
    return (
      <div className="project-banner warning" role="alert" data-testid="tab-conflict-banner" data-why={access.why}>
        <span>
          <strong>“{name}” was changed in another tab or window</strong> since this tab loaded it. Saving here
          would overwrite those changes, so this tab has stopped saving.
        </span>
        <button className="primary" disabled={busy} onClick={run(projects.loadSaved)}>Load the saved version</button>
        <button disabled={busy} onClick={run(projects.openCopy)}>Keep mine as a copy</button>
        <button disabled={busy} onClick={run(projects.overwriteWithMine)} title="The other tab's changes are lost">Overwrite with mine</button>
      </div>
    );
  }

  const headline = access.why === 'taken-over'
    ? <><strong>“{name}” was taken over by another tab.</strong> This tab has stopped saving so it does not overwrite the work there.</>
    : access.acknowledged
      ? <><strong>Read-only:</strong> “{name}” is being edited in another tab. This tab takes no edits: Take over here to edit, or Open a copy.{refused > 0 && <span data-testid="edit-refused"> That edit was not made.</span>}</>
      : <><strong>“{name}” is open in another tab.</strong> Editing it here too would overwrite the changes made there, so this tab is not saving.</>;
  return (
    <div className={`project-banner ${access.acknowledged ? 'note' : 'warning'}`} role={access.acknowledged ? 'status' : 'alert'} data-testid="tab-conflict-banner" data-why={access.why}>
      <span>{headline}{keepsChanges}</span>
      <button className="primary" disabled={busy} onClick={run(projects.takeOver)} title="Edit here with the latest saved version; the other tab stops saving">Take over here</button>
      {!access.acknowledged && access.why === 'open-elsewhere' && (
        <button disabled={busy} onClick={() => projects.stayReadOnly()}>Open read-only</button>
      )}
      <button disabled={busy} onClick={run(projects.openCopy)} title="A new project with this tab's version, saved separately">Open a copy</button>
    </div>
  );
}

function BrokenBanner({ project }: { project: BrokenProject }) {
  const { projects } = useServices();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    try {
      const file = await projects.recoverBroken(project.id);
      downloadText(file.text, file.fileName, file.type);
    } catch (cause) {
      setError(`Could not read it at all: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  };
  return (
    <div className="project-banner danger" role="alert" data-testid="broken-project-banner" data-project-id={project.id}>
      <span>
        <strong>The saved project “{project.name}” could not be read.</strong> It is kept as it is; the other
        projects open normally. Download what can be read, fix it, and open it with Import.
        <details>
          <summary>What is wrong ({project.problems.length})</summary>
          <ul>{project.problems.slice(0, 8).map((p) => <li key={p} className="mono">{p}</li>)}</ul>
        </details>
        {error && <div role="alert">{error}</div>}
      </span>
      <button className="primary" onClick={() => void download()} data-testid="broken-project-download">Download what can be read</button>
      <button className="ghost" onClick={() => projects.dismissBroken(project.id)} aria-label={`Dismiss the message about ${project.name}`}>Dismiss</button>
    </div>
  );
}
