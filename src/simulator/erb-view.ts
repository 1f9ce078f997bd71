// A Pinecall class in Ruby whose view the importer kept whole (class-code/kept-view.ts, kind
// 'erb': an `elsif` chain, a loop, `case stage`, conditions on the state): what it renders for
// the state now, as the pinecall gem (0.0.4, lib/pinecall/view.rb) renders it — `ERB.new(template,
// trim_mode: "-")` with the state's names in scope, then `tidy`. Ruby does not run here: the
// template sandbox (sandbox/templates.ts: QuickJS, a deadline, only data in and text out)
// interprets ERB and the subset of Ruby a view uses (scripts/jinja-guest/erb-*.js), Ruby 3.1's
// meaning of each step, and refuses the rest by name. The scope is `Prompt.reading_for`'s: every
// field (nil when unset), `stage` (a Symbol), the derived fields, `resumed` (false: a simulated
// call is never handed over), `call` ({ channel: "web" }, the gem's own when no line is given)
// and `remembers?(text)`. A derived field (`state(:x) { … }`, Ruby) and the remembered facts come
// from the document's mock answers, or the render stops and names them, as a tool's needs do.
import type { AgentDocument } from '../model';
import { keptRubyText } from './class-code/kept-view';
import { helperMocksOf } from './class-code/mocks';
import type { RenderOptions, ViewAnswer } from './sandbox/templates';
import type { MockNeed, ViewResult } from './types';

/** What the template sandbox offers a Ruby view (sandbox/templates.ts `renderRubyView`). */
export interface RubyViewSandbox {
  renderRubyView(source: string, input: string, options?: RenderOptions): ViewAnswer;
}

// Ruby's String#rstrip and #strip: ASCII white space (and, at the end, NUL).
const TRAILING = /[\t\n\v\f\r \0]+$/;
const ENDS = /^[\t\n\v\f\r ]+|[\t\n\v\f\r \0]+$/g;

/** pinecall `View#tidy`: `text.lines.map { |l| l.rstrip + "\n" }.join.gsub(/\n{3,}/, "\n\n").strip`. */
export function tidyRuby(text: string): string {
  const lines = text.split(/(?<=\n)/);
  return lines.map((line) => `${line.replace(TRAILING, '')}\n`).join('').replace(/\n{3,}/g, '\n\n').replace(ENDS, '');
}

const DERIVED = /^state\s*\(?\s*:([A-Za-z_]\w*[?!]?)\s*\)?\s*(?:\{|do\b)/;

/** The class's derived fields (`state(:x) { … }`, `state :x do … end`, kept among its members): the gem puts each in the view's scope. */
export function rubyDerivedFields(doc: AgentDocument): string[] {
  const members = (doc.preserved?.pinecallRuby as { members?: unknown } | undefined)?.members;
  if (!Array.isArray(members)) return [];
  const fields = new Set(doc.state.map((f) => f.name));
  const out: string[] = [];
  for (const member of members) {
    const name = typeof member === 'string' ? DERIVED.exec(member.trim())?.[1] : undefined;
    if (name && !fields.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

const SYMBOL_DEFAULT = /^[ \t]*state[ \t]*\(?[ \t]*:([A-Za-z_]\w*[?!]?)[ \t]*,[ \t]*(?::[A-Za-z_"]|%i\[)/gm;

/**
 * The fields whose default the class writes as a symbol (`state :kind, :full`, `%i[a b]`): the
 * document holds their values as text, and the gem holds Symbols there, so the view reads them as
 * Symbols (`kind == :full`).
 */
export function rubySymbolFields(doc: AgentDocument): string[] {
  const text = keptRubyText(doc, 'pinecallRuby') ?? '';
  const names = new Set(doc.state.map((f) => f.name));
  return [...text.matchAll(SYMBOL_DEFAULT)].map((m) => m[1]).filter((name) => names.has(name));
}

/** The facts `remembers?` searches: the mock answer of `remembers?` — a list of facts, or true or false for every question — else nothing (a need). */
function rememberedOf(mock: unknown): { facts: string[] } | { answer: boolean } | null {
  if (Array.isArray(mock)) return { facts: mock.map((fact) => (typeof fact === 'string' ? fact : JSON.stringify(fact))) };
  if (typeof mock === 'boolean') return { answer: mock };
  return null;
}

/** The view's scope as data (the guest builds Ruby's values from it). */
export function rubyViewInput(doc: AgentDocument, state: Readonly<Record<string, unknown>>): string {
  const fields: Record<string, unknown> = {};
  const set = (into: Record<string, unknown>, name: string, value: unknown) => Object.defineProperty(into, name, { value, enumerable: true, writable: true, configurable: true });
  for (const field of doc.state) set(fields, field.name, Object.hasOwn(state, field.name) && state[field.name] !== undefined ? state[field.name] : null);
  const mocks = helperMocksOf(doc);
  const derived: Record<string, unknown> = {};
  for (const name of rubyDerivedFields(doc)) set(derived, name, Object.hasOwn(mocks, name) ? { value: mocks[name] } : null);
  return JSON.stringify({
    fields,
    floats: doc.state.filter((f) => f.type === 'number').map((f) => f.name),
    symbols: rubySymbolFields(doc),
    stage: doc.stages.length && Object.hasOwn(state, 'stage') && typeof state.stage === 'string' ? state.stage : null,
    derived,
    resumed: false,
    channel: 'web',
    remembered: rememberedOf(Object.hasOwn(mocks, 'remembers?') ? mocks['remembers?'] : undefined),
  });
}

/** What the view rendered: its text (tidied), the names it needs, Ruby's exception, or why Callboard does not render it. */
export type ErbViewAnswer =
  | { text: string }
  | { needs: MockNeed[] }
  | { raises: string }
  | { unreadable: string }
  | { unsupported: string }
  | { failed: ViewAnswerFailure; error: string };

type ViewAnswerFailure = Extract<ViewAnswer, { failure: unknown }>['failure'];

type GuestAnswer =
  | { text: string }
  | { error: { kind: 'needs'; names: string[] } | { kind: 'ruby'; type: string; message: string } | { kind: 'unsupported' | 'syntax'; message: string } };

function needOf(name: string): MockNeed {
  return name === 'remembers?'
    ? { helper: 'remembers?', kind: 'world', from: "the facts Pinecall's memory recalls about the caller: a list of strings, or true or false" }
    : { helper: name, kind: 'world', from: 'a derived field of the class (state(:x) { … }), in Ruby' };
}

/** A template rendered over the scope `input` describes (rubyViewInput's shape), then tidied. */
export function rubyTemplateAnswer(sandbox: RubyViewSandbox, source: string, input: string, options: RenderOptions = {}): ErbViewAnswer {
  const out = sandbox.renderRubyView(source, input, options);
  if ('failure' in out) return { failed: out.failure, error: out.error };
  const answer = JSON.parse(out.answer) as GuestAnswer;
  if ('text' in answer) return { text: tidyRuby(answer.text) };
  const { error } = answer;
  switch (error.kind) {
    case 'needs': return { needs: error.names.map(needOf) };
    case 'ruby': return { raises: `${error.type}: ${error.message}` };
    case 'syntax': return { unreadable: error.message };
    default: return { unsupported: error.message };
  }
}

/** The kept view of `doc` rendered for `state` (the class's snapshot: the fields and `stage`). */
export const erbViewAnswer = (sandbox: RubyViewSandbox, source: string, doc: AgentDocument, state: Readonly<Record<string, unknown>>, options: RenderOptions = {}): ErbViewAnswer =>
  rubyTemplateAnswer(sandbox, source, rubyViewInput(doc, state), options);

function needsMessage(needs: MockNeed[]): string {
  const named = needs.map((n) => `${n.helper} (${n.from})`);
  return `the ERB view needs ${named.join(' and ')}, which the simulator cannot compute; give it a mock answer`;
}

/** Renders a kept ERB view for `state` as the step and the inspector take it; never throws. */
export function renderErbView(sandbox: RubyViewSandbox, source: string, doc: AgentDocument, state: Readonly<Record<string, unknown>>, options: RenderOptions = {}): ViewResult {
  const answer = erbViewAnswer(sandbox, source, doc, state, options);
  if ('text' in answer) return { text: answer.text };
  if ('needs' in answer) return { text: '', error: needsMessage(answer.needs), failure: 'needs-mock', needs: answer.needs };
  if ('raises' in answer) return { text: '', error: `the ERB view raises ${answer.raises}, as the gem's render does`, failure: 'thrown' };
  if ('unreadable' in answer) return { text: '', error: `the ERB view could not be read: ${answer.unreadable}`, failure: 'syntax' };
  if ('unsupported' in answer) return { text: '', error: `Callboard does not render this ERB view (Ruby does not run here; it interprets a subset): ${answer.unsupported}`, failure: 'thrown' };
  const failure = answer.failed === 'output' || answer.failed === 'syntax' ? 'thrown' : answer.failed;
  return { text: '', error: `the ERB view could not be rendered: ${answer.error}`, failure };
}
