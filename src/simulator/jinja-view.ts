// A Pinecall class in Python whose view the importer kept whole (class-code/kept-view.ts, kind
// 'jinja': `{% for %}`, filters, conditions on the state): what it renders for the state now, as
// pinecall 0.11.24 renders it (pinecall/_view.py `rendered`). The template runs in the template
// sandbox (sandbox/templates.ts: QuickJS, a deadline, only data in and text out), where
// scripts/jinja-guest/py-view.js gives each step Python's meaning — StrictUndefined,
// trim_blocks and lstrip_blocks, str() of each value — over the scope the SDK gives it: every
// field by its name (None when unset), `stage`, the class's properties, `call` (Line(): a phone
// call, as the prompt's channel block), `resumed` (false: a simulated call is never handed over)
// and `remembers(text)`. Then `tidy`, the SDK's. What the SDK computes and Callboard cannot — a
// property (Python code), the facts `remembers` searches (Pinecall's memory) — comes from the
// document's mock answers, or the render stops and names it, as a tool's needs do.
import type { AgentDocument } from '../model';
import { helperMocksOf } from './class-code/mocks';
import { describeTemplateError } from './sandbox/template-errors';
import type { RenderOptions, TemplateFailure } from './sandbox/templates';
import type { MockNeed, ViewResult } from './types';

/** What the template sandbox offers a Python view (sandbox/templates.ts `renderPythonView`). */
export interface PythonViewSandbox {
  renderPythonView(source: string, input: string, options?: RenderOptions): { answer: string } | { failure: TemplateFailure; error: string };
}

/** Python's whitespace (str.isspace), which JavaScript's \s is not. */
const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// eslint-disable-next-line no-control-regex -- \x1c-\x1e are line boundaries to Python's splitlines
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
const TRAILING = new RegExp(`[${SPACE}]+$`, 'u');
const ENDS = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'gu');

/** pinecall `_view.tidy`: each line's trailing spaces off, runs of blank lines cut to one, the ends stripped. */
export function tidy(text: string): string {
  const lines = text.split(LINE_BREAK);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(TRAILING, '')).join('\n').replace(/\n{3,}/g, '\n\n').replace(ENDS, '');
}

const PROPERTY = /^(?:[ \t]*(?:#[^\n]*|@[^\n]*)\n)*?[ \t]*@property[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*|@[^\n]*)\n)*[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/;

/** The class's public properties (`@property def name(self)` among its kept members): the SDK puts each in the view's scope. */
export function pythonProperties(doc: AgentDocument): string[] {
  const members = (doc.preserved?.pinecallPython as { members?: unknown } | undefined)?.members;
  if (!Array.isArray(members)) return [];
  const fields = new Set(doc.state.map((f) => f.name));
  const out: string[] = [];
  for (const member of members) {
    const name = typeof member === 'string' ? PROPERTY.exec(member)?.[1] : undefined;
    if (name && !name.startsWith('_') && !fields.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** What `remembers` searches: the mock answer of `remembers` — a list of facts, or true or false for every question — else nothing (a need). */
function rememberedOf(mock: unknown): { facts: string[] } | { answer: boolean } | null {
  if (Array.isArray(mock)) return { facts: mock.map((fact) => (typeof fact === 'string' ? fact : JSON.stringify(fact))) };
  if (typeof mock === 'boolean') return { answer: mock };
  return null;
}

/**
 * The view's scope as data (the guest builds the values): the fields with the stage (a field the
 * state lacks is None, as the SDK's store opens every declared field), which fields are floats
 * (JSON keeps no `2.0`), each property's mock answer (or null: a need), the remembered facts.
 */
export function pythonViewInput(doc: AgentDocument, state: Readonly<Record<string, unknown>>): string {
  const fields: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  for (const field of doc.state) set(field.name, Object.hasOwn(state, field.name) && state[field.name] !== undefined ? state[field.name] : null);
  if (Object.hasOwn(state, 'stage') && !doc.state.some((f) => f.name === 'stage')) set('stage', state.stage);
  const mocks = helperMocksOf(doc);
  const derived: Record<string, { value: unknown } | null> = {};
  for (const name of pythonProperties(doc)) Object.defineProperty(derived, name, { value: Object.hasOwn(mocks, name) ? { value: mocks[name] } : null, enumerable: true });
  return JSON.stringify({
    fields,
    floats: doc.state.filter((f) => f.type === 'number').map((f) => f.name),
    derived,
    remembered: rememberedOf(Object.hasOwn(mocks, 'remembers') ? mocks.remembers : undefined),
  });
}

/** What the view rendered: its text (tidied), the names it needs, the SDK's exception as the SDK words it, or why Callboard does not render it. */
export type JinjaViewAnswer =
  | { text: string }
  | { needs: MockNeed[] }
  | { raises: string }
  | { unreadable: string }
  | { unsupported: string }
  | { failed: TemplateFailure; error: string };

type GuestAnswer =
  | { text: string }
  | { error: { kind: 'needs'; names: string[] } | { kind: 'python'; type: string; message: string } | { kind: 'unsupported' | 'syntax'; message: string } };

function needOf(name: string): MockNeed {
  return name === 'remembers'
    ? { helper: 'remembers', kind: 'world', from: "the facts Pinecall's memory recalls about the caller: a list of strings, or true or false" }
    : { helper: name, kind: 'world', from: 'a property of the class, in Python' };
}

/** A template rendered over the scope `input` describes (pythonViewInput's shape), then tidied. */
export function pythonTemplateAnswer(sandbox: PythonViewSandbox, source: string, input: string, options: RenderOptions = {}): JinjaViewAnswer {
  // Jinja2's lexer reads \r\n and \r as \n (and the SDK reads the file in text mode).
  const template = source.replace(/\r\n?/g, '\n');
  const out = sandbox.renderPythonView(template, input, options);
  if ('failure' in out) return { failed: out.failure, error: out.error };
  const answer = JSON.parse(out.answer) as GuestAnswer;
  if ('text' in answer) return { text: tidy(answer.text) };
  const { error } = answer;
  switch (error.kind) {
    case 'needs': return { needs: error.names.map(needOf) };
    case 'python': return { raises: `${error.type}: ${error.message}` };
    case 'syntax': return { unreadable: describeTemplateError(template, error.message) };
    default: return { unsupported: error.message };
  }
}

/** The kept view of `doc` rendered for `state` (the class's snapshot: the fields and `stage`). */
export const jinjaViewAnswer = (sandbox: PythonViewSandbox, source: string, doc: AgentDocument, state: Readonly<Record<string, unknown>>, options: RenderOptions = {}): JinjaViewAnswer =>
  pythonTemplateAnswer(sandbox, source, pythonViewInput(doc, state), options);

function needsMessage(needs: MockNeed[]): string {
  const named = needs.map((n) => (n.helper === 'remembers' ? `remembers() (${n.from})` : `${n.helper} (${n.from})`));
  return `the Jinja view needs ${named.join(' and ')}, which the simulator cannot compute; give it a mock answer`;
}

/** Renders a kept Jinja view for `state` as the step and the inspector take it; never throws. */
export function renderJinjaView(sandbox: PythonViewSandbox, source: string, doc: AgentDocument, state: Readonly<Record<string, unknown>>, options: RenderOptions = {}): ViewResult {
  const answer = jinjaViewAnswer(sandbox, source, doc, state, options);
  if ('text' in answer) return { text: answer.text };
  if ('needs' in answer) return { text: '', error: needsMessage(answer.needs), failure: 'needs-mock', needs: answer.needs };
  if ('raises' in answer) return { text: '', error: `the Jinja view raises ${answer.raises}, as the SDK's render does (a live call logs render.failed and keeps the view it sent before)`, failure: 'thrown' };
  if ('unreadable' in answer) return { text: '', error: `the Jinja view could not be read: ${answer.unreadable}`, failure: 'syntax' };
  if ('unsupported' in answer) return { text: '', error: `Callboard cannot render the Jinja view as the SDK does: ${answer.unsupported}`, failure: 'thrown' };
  const failure = answer.failed === 'output' || answer.failed === 'syntax' ? 'thrown' : answer.failed;
  return { text: '', error: `the Jinja view could not be rendered: ${answer.error}`, failure };
}
