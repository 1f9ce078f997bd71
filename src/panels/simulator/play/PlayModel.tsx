import { useMemo, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { useApp } from '../../../store/context';
import type { RunController } from '../../../run/controller';
import { answerOf, draftOf, type PlayDraft, type PlayField } from './play-form';
import { offerOf } from './offer';
import './play-model.css';

/**
 * "Play the model" on the last step: the tools the model was offered there, each with a form from
 * its parameters' JSON Schema, pre-filled with what the rules read, and a reply box. Submitting runs
 * the step again with this answer in the model's place. Loaded only when opened.
 */
export default function PlayModel({ controller }: { controller: RunController }) {
  const last = useApp((s) => s.steps.at(-1));
  const running = useApp((s) => s.running);
  const offer = useMemo(() => (last ? offerOf(last) : null), [last]);
  const [draft, setDraft] = useState<PlayDraft | null>(() => (offer ? draftOf(offer) : null));
  const [problems, setProblems] = useState<{ field: string; message: string }[]>([]);
  if (!offer || !draft || !last) return null;

  const setField = (tool: string, name: string, text: string) => {
    setDraft((d) => d && { ...d, fields: { ...d.fields, [tool]: (d.fields[tool] ?? []).map((f) => (f.name === name ? { ...f, text } : f)) } });
    setProblems((p) => p.filter((x) => x.field !== name));
  };
  const submit = () => {
    const read = answerOf(draft);
    if (!read.ok) return setProblems(read.problems);
    setProblems([]);
    void controller.play(read.answer);
  };
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;
  const line = last.input.kind === 'say' ? last.input.text : last.input.kind === 'wait' ? `${last.input.token} = ${last.input.value}` : 'the agent opens the call';

  return (
    <Dialog as="section" className="dialog pm" label="Play the model" data-testid="play-model" onClose={() => controller.closePlay()}>
      <header className="pm-head">
        <h2>Play the model</h2>
        <span className="pm-step">step {offer.step}: “{line}”</span>
      </header>
      {offer.undecided && (
        <p className="pm-why" data-testid="play-why">
          The offline model could not read “{offer.undecided.line}”: {offer.undecided.why}. Answer as the model would: the step runs again with your answer.
        </p>
      )}
      <form className="pm-form" onSubmit={(e) => (e.preventDefault(), submit())}>
        <fieldset className="pm-tools">
          <legend>Tool to call ({offer.tools.length} offered here)</legend>
          <label className="pm-tool">
            <input type="radio" name="pm-tool" data-testid="play-tool-none" checked={draft.tool === null} onChange={() => (setDraft({ ...draft, tool: null }), setProblems([]))} />
            <span>No tool</span>
          </label>
          {offer.tools.map((tool) => (
            <div key={tool.name} className="pm-tool-block">
              <label className="pm-tool">
                <input type="radio" name="pm-tool" data-testid="play-tool" data-tool={tool.name} checked={draft.tool === tool.name} onChange={() => setDraft({ ...draft, tool: tool.name })} />
                <code>{tool.name}</code>
                <span className="pm-muted">{tool.description}</span>
              </label>
              {draft.tool === tool.name && (
                <div className="pm-fields" data-testid="play-fields">
                  {(draft.fields[tool.name] ?? []).length === 0 && <span className="pm-muted">No parameters.</span>}
                  {(draft.fields[tool.name] ?? []).map((field) => (
                    <Field key={field.name} tool={tool.name} field={field} problem={problemOf(field.name)} onChange={(text) => setField(tool.name, field.name, text)} />
                  ))}
                </div>
              )}
            </div>
          ))}
        </fieldset>
        <label className="pm-says">
          <span>What the agent says{draft.tool ? ' (optional: after the tool, the model reads its result)' : ''}</span>
          <textarea data-testid="play-says" rows={2} value={draft.says} aria-invalid={problemOf('says') ? true : undefined} onChange={(e) => (setDraft({ ...draft, says: e.target.value }), setProblems((p) => p.filter((x) => x.field !== 'says')))} />
          {problemOf('says') && <span className="pm-problem" role="alert">{problemOf('says')}</span>}
        </label>
        <div className="pm-actions">
          <span className="pm-muted">The step runs again from before it, with your answer; it is marked “played by you”.</span>
          <span className="spacer" />
          <button type="button" data-testid="play-cancel" onClick={() => controller.closePlay()}>Cancel</button>
          <button type="submit" className="primary" data-testid="play-submit" disabled={running}>Answer as the model</button>
        </div>
      </form>
    </Dialog>
  );
}

/** One parameter: a choice for an enum or a boolean, a text field otherwise (JSON for arrays, objects and numbers). */
function Field({ tool, field, problem, onChange }: { tool: string; field: PlayField; problem?: string; onChange(text: string): void }) {
  const id = `play-${tool}-${field.name}`;
  const options = field.type === 'boolean' ? ['true', 'false'] : field.enumText ? field.enumText.split(',').map((v) => v.trim()).filter(Boolean) : null;
  const common = { id, 'data-testid': 'play-field', 'data-field': field.name, 'aria-invalid': problem ? true : undefined, 'aria-describedby': `${id}-hint` } as const;
  return (
    <div className="pm-field">
      <label htmlFor={id}>
        <code>{field.name}</code>
        {field.required && <span className="pm-required" title="required"> *</span>}
        <span className="pm-type">{field.type === 'array' && field.itemsType ? `${field.itemsType}[]` : field.type}</span>
      </label>
      {options ? (
        <select {...common} value={field.text} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {options.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      ) : (
        <input {...common} value={field.text} spellCheck={false} onChange={(e) => onChange(e.target.value)} placeholder={field.type === 'string' ? '' : 'JSON'} />
      )}
      <span className="pm-hint" id={`${id}-hint`}>{problem ?? (field.description || ' ')}</span>
    </div>
  );
}
