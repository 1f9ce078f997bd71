import { useState } from 'react';
import { useStoreApi } from '../../store/context';
import type { ConversationTest } from '../../model';
import { checkTest } from './test-json';
import { FIELD_LABELS, fieldOfPath, formFromTest, testFromForm, type FormField, type TestForm } from './test-form';
import { addTest } from './recipes';
import { Dialog } from '../../ui/Dialog';
import { guessWords, type ShownGuess } from '../../run/chat-items';

type RunGuessShown = ShownGuess & { step: number; tool: string };

type Problems = Partial<Record<FormField, string[]>>;

const HINTS: Partial<Record<FormField, string>> = {
  input: 'One line the caller says per line, in order.',
  waits: 'TOKEN = value, one a line (Block Agent wait stages).',
  call: 'this.call facts as a JSON object.',
  state: 'State values before the call opens (JSON).',
  startStage: 'The stage the call opens on, by name ("Simulate from here"); empty: the entry stage.',
  mocks: 'Tool name → the result it returns instead of running (JSON).',
  model: 'What you answered in the model\'s place, by step: replayed there, so the test runs the same on any model (JSON).',
  tools: 'Each must be called, any order; one a line.',
  notTools: 'None of these may be called; one a line.',
  says: 'Phrases some agent or runtime line contains (any case); one a line.',
  not: 'Phrases no line may contain; one a line.',
  stage: 'The stage name the call ends on.',
  expectState: 'Fields the final state must have, with these values (JSON).',
};

const MULTILINE: FormField[] = ['input', 'waits', 'call', 'state', 'mocks', 'model', 'tools', 'notTools', 'says', 'not', 'expectState'];
const CALL_FIELDS: FormField[] = ['name', 'input', 'waits', 'call', 'state', 'startStage', 'mocks', 'model'];
const EXPECT_FIELDS: FormField[] = ['tools', 'notTools', 'says', 'not', 'stage', 'expectState'];

/**
 * "Save as test": the test proposed from the finished run as a form a person checks and edits.
 * Saving is one document change (one undo step, saved with the project).
 */
export function SaveTestDialog({ proposed, guesses = [], onClose }: { proposed: ConversationTest; guesses?: RunGuessShown[]; onClose: () => void }) {
  const store = useStoreApi();
  const [form, setForm] = useState<TestForm>(() => formFromTest(proposed));
  const [problems, setProblems] = useState<Problems>({});

  const edit = (field: FormField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const save = () => {
    const read = testFromForm(form);
    const found: Problems = {};
    const note = (field: FormField, message: string) => (found[field] = [...(found[field] ?? []), message]);
    if (!read.ok) for (const p of read.problems) note(p.field, p.message);
    else {
      const checked = checkTest(store.getState().doc, read.test);
      if (checked.ok) {
        store.getState().apply(addTest(checked.test), { label: 'Save as test' });
        onClose();
        return;
      }
      for (const p of checked.problems) note(fieldOfPath(p.path), `${FIELD_LABELS[fieldOfPath(p.path)]} (${p.path}): ${p.message}`);
    }
    setProblems(found);
  };

  const field = (name: FormField) => {
    const errors = problems[name];
    const id = `save-test-${name}`;
    const common = {
      id,
      'data-testid': id,
      value: form[name],
      spellCheck: false,
      'aria-invalid': errors ? true : undefined,
      'aria-describedby': `${id}-hint`,
    };
    return (
      <div className="tt-field" key={name}>
        <label htmlFor={id}>{FIELD_LABELS[name]}</label>
        {MULTILINE.includes(name) ? (
          <textarea {...common} rows={Math.min(6, Math.max(name === 'input' ? 3 : 2, form[name].split('\n').length))} onChange={(e) => edit(name, e.target.value)} />
        ) : (
          <input {...common} onChange={(e) => edit(name, e.target.value)} autoFocus={name === 'name'} />
        )}
        <span className="tt-hint" id={`${id}-hint`}>{HINTS[name] ?? 'Letters, digits, "_", "." or "-"; also the file name tests/<name>.golden.json.'}</span>
        {errors?.map((message) => (
          <span key={message} className="tt-error" role="alert" data-testid="save-test-error">{message}</span>
        ))}
      </div>
    );
  };

  return (
    <Dialog as="form" className="dialog tt-dialog" label="Save as test" data-testid="save-test-dialog" onClose={onClose} onSubmit={(e) => (e.preventDefault(), save())}>
      <h2>Save this run as a test</h2>
      <p className="tt-intro">Proposed from what happened in the run. Edit anything before saving; the test is added to the agent and runs from the Tests tab.</p>
      {guesses.length > 0 && <GuessesNotice guesses={guesses} />}
      <div className="tt-columns">
        <fieldset>
          <legend>The call</legend>
          {CALL_FIELDS.filter((f) => f !== 'model' || proposed.model?.length).map(field)}
        </fieldset>
        <fieldset>
          <legend>Expectations</legend>
          {EXPECT_FIELDS.map(field)}
        </fieldset>
      </div>
      <div className="tt-actions">
        <span className="spacer" />
        <button type="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="primary" data-testid="save-test-save">Save test</button>
      </div>
    </Dialog>
  );
}

/**
 * The offline model's guesses in the run, named before they become expectations: a test that keeps
 * a guess as expected passes on a value nobody checked (issue 32).
 */
function GuessesNotice({ guesses }: { guesses: RunGuessShown[] }) {
  return (
    <div className="tt-guesses" role="note" data-testid="save-test-guesses">
      <b>{guesses.length === 1 ? 'One value in this run was guessed' : `${guesses.length} values in this run were guessed`}</b> by the offline model, and the expectations below take {guesses.length === 1 ? 'it' : 'them'} as {guesses.length === 1 ? 'it' : 'they'} came:
      <ul>
        {guesses.map((g) => (
          <li key={`${g.step}-${g.tool}-${g.param}`}>
            step {g.step}: {g.tool}.{guessWords(g)}
          </li>
        ))}
      </ul>
      Check each before saving, or Cancel and correct it with Play the model (it answers the last step; Restart from an earlier line to reach another).
    </div>
  );
}
