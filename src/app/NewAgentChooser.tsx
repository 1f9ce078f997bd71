import { useState } from 'react';
import type { ProjectsController } from '../store';
import { AGENT_TEMPLATES, documentFrom, templateRuntime, type AgentTemplate } from './new-agent';

/** The project menu's "New agent": the empty agent, the sample, or one of the two seed shapes. */
export function NewAgentChooser({ controller, onDone }: { controller: ProjectsController; onDone: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (template: AgentTemplate) => {
    setBusy(template.id);
    setError(null);
    try {
      await controller.openDocument(await documentFrom(template));
      onDone();
    } catch (thrown) {
      setError(`Could not start from ${template.label}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="new-agent" role="group" aria-labelledby="new-agent-title" data-testid="new-agent-chooser">
      <div className="new-agent-title" id="new-agent-title">Start from</div>
      {AGENT_TEMPLATES.map((t) => (
        <button key={t.id} type="button" className="new-agent-option" data-testid={`new-agent-${t.id}`} disabled={busy !== null} onClick={() => void choose(t)}>
          <span className="new-agent-label">{t.label}<span className="new-agent-runtime"> · {templateRuntime(t)}</span></span>
          <span className="new-agent-description">{busy === t.id ? 'Opening…' : t.description}</span>
        </button>
      ))}
      {error && <div className="sev-error" role="alert">{error}</div>}
    </div>
  );
}
