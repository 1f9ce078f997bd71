// The Save dialog's form: a proposed test as text fields a person edits (lists one item a line,
// waits as TOKEN = value, objects as JSON) and back. Reading the form says which field is wrong and
// what to write there; the schema check (test-json.ts) runs after.
import type { ConversationTest, PlayedTurn, TestExpectations } from '../../model';
import { syntaxWhere, type TestProblem } from './test-json';

export interface TestForm {
  name: string;
  /** Caller lines, one a line. */
  input: string;
  /** `TOKEN = value`, one a line. */
  waits: string;
  /** JSON objects; empty means none. */
  call: string;
  state: string;
  /** The stage (by name) the call opens on; empty: the entry stage. */
  startStage: string;
  mocks: string;
  /** The model's turns a person played ("Play the model"): a JSON array; empty means none. */
  model: string;
  tools: string;
  notTools: string;
  says: string;
  not: string;
  stage: string;
  expectState: string;
}

export type FormField = keyof TestForm;

export const FIELD_LABELS: Record<FormField, string> = {
  name: 'Name',
  input: 'Caller lines',
  waits: 'Waits',
  call: 'Call facts',
  state: 'Initial state',
  startStage: 'Starts at stage',
  mocks: 'Tool mocks',
  model: 'Played model turns',
  tools: 'Tools called',
  notTools: 'Tools not called',
  says: 'Says',
  not: 'Never says',
  stage: 'Final stage',
  expectState: 'Final state',
};

const lines = (items: readonly string[] | undefined) => (items ?? []).join('\n');
const json = (value: Record<string, unknown> | undefined) => (value && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '');

export function formFromTest(test: ConversationTest): TestForm {
  const e = test.expect;
  return {
    name: test.name,
    input: lines(test.input),
    waits: Object.entries(test.waits ?? {}).map(([token, value]) => `${token} = ${value}`).join('\n'),
    call: json(test.call),
    // The form has one Initial state: a test's start.state is shown in it, over its state.
    state: json(test.start?.state ? { ...test.state, ...test.start.state } : test.state),
    startStage: test.start?.stage ?? '',
    mocks: json(test.mocks),
    model: test.model?.length ? JSON.stringify(test.model, null, 2) : '',
    tools: lines(e.tools),
    notTools: lines(e.not_tools),
    says: lines(e.says),
    not: lines(e.not),
    stage: e.stage ?? '',
    expectState: json(e.state),
  };
}

/** The played turns' text: a JSON array (each entry is checked by the schema after), or empty for none. */
function playedTurns(text: string, problems: (TestProblem & { field: FormField })[]): PlayedTurn[] | undefined {
  if (text.trim() === '') return undefined;
  const example = '[{"step": 3, "tools": [{"name": "book", "arguments": {"slot": "Mon-0"}}], "says": "Booked."}]';
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.length ? (value as PlayedTurn[]) : undefined;
  } catch (error) {
    problems.push({ field: 'model', path: 'model', message: `${FIELD_LABELS.model}: not valid JSON (${syntaxWhere(text, error)}); write an array such as ${example}, or leave it empty` });
    return undefined;
  }
  problems.push({ field: 'model', path: 'model', message: `${FIELD_LABELS.model}: write a JSON array such as ${example}, or leave it empty` });
  return undefined;
}

export type FormRead = { ok: true; test: ConversationTest } | { ok: false; problems: (TestProblem & { field: FormField })[] };

/** The test the form describes; empty optional fields leave their key out. */
export function testFromForm(form: TestForm): FormRead {
  const problems: (TestProblem & { field: FormField })[] = [];
  const object = (field: FormField, example: string): Record<string, unknown> | undefined => {
    const text = form[field].trim();
    if (text === '') return undefined;
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch (error) {
      problems.push({ field, path: field, message: `${FIELD_LABELS[field]}: not valid JSON (${syntaxWhere(text, error)}); write an object such as ${example}, or leave it empty` });
      return undefined;
    }
    problems.push({ field, path: field, message: `${FIELD_LABELS[field]}: write a JSON object such as ${example}, or leave it empty` });
    return undefined;
  };
  const list = (field: FormField) => form[field].split('\n').map((l) => l.trim()).filter((l) => l !== '');

  const waits: Record<string, string> = {};
  form.waits.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const eq = line.indexOf('=');
    if (eq <= 0) {
      problems.push({ field: 'waits', path: 'waits', message: `Waits, line ${index + 1}: write TOKEN = value (for example ehr_lookup = verified)` });
      return;
    }
    waits[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  });

  const call = object('call', '{"today": "2025-03-04"}');
  const state = object('state', '{"visit": "checkup"}');
  const mocks = object('mocks', '{"free_slots": []}');
  const expectState = object('expectState', '{"booking_when": "Tuesday 10:30"}');
  const model = playedTurns(form.model, problems);
  const input = list('input');
  if (input.length === 0 && Object.keys(waits).length === 0) {
    problems.push({ field: 'input', path: 'input', message: 'Caller lines: write at least one line the caller says, one a line' });
  }
  if (problems.length > 0) return { ok: false, problems };

  const expect: TestExpectations = {};
  const put = (key: 'tools' | 'not_tools' | 'says' | 'not', field: FormField) => {
    const items = list(field);
    if (items.length > 0) expect[key] = items;
  };
  put('tools', 'tools');
  put('not_tools', 'notTools');
  put('says', 'says');
  put('not', 'not');
  if (form.stage.trim() !== '') expect.stage = form.stage.trim();
  if (expectState) expect.state = expectState;

  // Keys in the format's order, so the saved JSON reads like a golden file.
  const test: ConversationTest = {
    name: form.name.trim(),
    ...(state && { state }),
    ...(form.startStage.trim() !== '' && { start: { stage: form.startStage.trim() } }),
    ...(call && { call }),
    input,
    ...(Object.keys(waits).length > 0 && { waits }),
    ...(mocks && { mocks }),
    ...(model && { model }),
    expect,
  };
  return { ok: true, test };
}

/** Which form field a schema problem's path (inside the test) belongs to. */
export function fieldOfPath(path: string): FormField {
  const [, top, sub] = path.split('/');
  if (top === 'expect') return ({ tools: 'tools', not_tools: 'notTools', says: 'says', not: 'not', stage: 'stage', state: 'expectState' } as const)[sub as 'tools'] ?? 'tools';
  if (top === 'start') return sub === 'state' ? 'state' : 'startStage';
  return (['name', 'input', 'waits', 'call', 'state', 'mocks', 'model'] as const).find((f) => f === top) ?? 'name';
}
