// The agent's own code beside a tool or a getter, installed in a QuickJS context before it runs:
// stubs for what cannot run in a browser (with their mock answers), then the file's top-level
// declarations, one by one. Synchronous, so the getter sandbox (derive.ts) can use it too; the
// context's deadline already runs (the caller set its interrupt handler), so a top-level loop is
// stopped like the tool itself would be.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import type { MockNeed } from '../types';
import { brokenDeclaration, END_OF_FILE, fileDeclaration, STUBS } from './guest-agent';
import { JSX_RUNTIME } from './guest-view';
import { transpileDeclaration } from './transpile';

/** A name the sandbox stubs; `mock` is the JSON text of its answer, absent when there is none. */
export interface StubSpec extends MockNeed {
  /** Whether the code calls it (`agendaFor(…)`): then the mock is what a call returns, else the value itself. */
  called: boolean;
  /** A namespace import (`import * as cal`): its members are stubs of their own (`cal.agendaFor`). */
  namespace?: boolean;
  mock?: string;
}

/** A top-level declaration: its TypeScript source and the names it declares. */
export interface DeclarationCode {
  names: string[];
  assignable: string[];
  source: string;
}

/** A view component or runtime function of `@pinecall/agents` the file imports: the guest's own (guest-view.ts), under the name the file uses. */
export interface ViewImport {
  local: string;
  /** Its name in `@pinecall/agents` (PINECALL_VIEW_NAMES). */
  name: string;
}

export interface AgentCode {
  /** Class-body source of the helper methods and getters, bound on `this`. */
  helpers?: string;
  declarations?: DeclarationCode[];
  stubs?: StubSpec[];
  views?: ViewImport[];
}

export type Installed = { ok: true; take?: QuickJSHandle } | { ok: false; error: QuickJSHandle };

/**
 * Installs the JSX runtime, `code.stubs`, `code.views` and `code.declarations` in `context`.
 * `take` (absent without stubs) returns the names needed since it was last called, as JSON text. A declaration that does not
 * transpile or parse, or that throws, breaks only its own names; an error comes back only when
 * the deadline or the memory limit stopped the installation (the caller classifies it).
 */
export function installAgentCode(context: QuickJSContext, code: AgentCode, keep: (handle: QuickJSHandle) => QuickJSHandle, timedOut: () => boolean): Installed {
  const declarations = code.declarations ?? [];
  if (declarations.length && !code.stubs) {
    // The declarations' helpers (`__file`) come with the stubs: install an empty set.
    return installAgentCode(context, { ...code, stubs: [] }, keep, timedOut);
  }
  // JSX anywhere in the agent's code (a render(), a component, a helper) builds Pinecall's element tree.
  const runtime = context.evalCode(JSX_RUNTIME, 'jsx.js');
  if (runtime.error) return { ok: false, error: keep(runtime.error) };
  keep(runtime.value);
  let take: QuickJSHandle | undefined;
  if (code.stubs) {
    context.setProp(context.global, '__stubs', keep(context.newString(JSON.stringify({ stubs: code.stubs }))));
    const stubs = context.evalCode(STUBS, 'stubs.js');
    if (stubs.error) return { ok: false, error: keep(stubs.error) };
    take = keep(stubs.value);
  }
  for (const view of code.views ?? []) {
    const defined = context.evalCode(`globalThis.__views.define(${JSON.stringify(view.local)}, ${JSON.stringify(view.name)});`, 'views.js');
    if (defined.error) return { ok: false, error: keep(defined.error) };
    keep(defined.value);
  }
  for (const declaration of declarations) {
    const js = transpileDeclaration(declaration.source);
    const script = js.ok ? fileDeclaration(js.code, declaration.names, declaration.assignable) : brokenDeclaration(declaration.names, js.error);
    const out = context.evalCode(script, 'file.js');
    if (!out.error) {
      keep(out.value);
      continue;
    }
    const error = keep(out.error);
    if (timedOut()) return { ok: false, error };
    // QuickJS refused what TypeScript accepted: the names break, the rest goes on.
    const broken = context.evalCode(brokenDeclaration(declaration.names, messageOf(context, error)), 'file.js');
    if (broken.error) return { ok: false, error: keep(broken.error) };
    keep(broken.value);
  }
  if (take) {
    const end = context.evalCode(END_OF_FILE, 'file.js');
    if (end.error) return { ok: false, error: keep(end.error) };
    keep(end.value);
    // What the file's own top level called is no tool's need until a tool touches the name.
    const cleared = context.callFunction(take, context.undefined);
    if (cleared.error) return { ok: false, error: keep(cleared.error) };
    keep(cleared.value);
  }
  return { ok: true, take };
}

function messageOf(context: QuickJSContext, handle: QuickJSHandle): string {
  try {
    const dumped: unknown = context.dump(handle);
    if (dumped && typeof dumped === 'object' && typeof (dumped as { message?: unknown }).message === 'string') return (dumped as { message: string }).message;
    return String(dumped);
  } catch {
    return 'it could not be read';
  }
}

/** The helper names `take` returned since it was last called, as needs. */
export function needsOf(context: QuickJSContext, take: QuickJSHandle | undefined, stubs: readonly StubSpec[], keep: (handle: QuickJSHandle) => QuickJSHandle): MockNeed[] {
  if (!take) return [];
  const out = context.callFunction(take, context.undefined);
  if (out.error) {
    keep(out.error);
    return [];
  }
  const text = keep(out.value);
  if (context.typeof(text) !== 'string') return [];
  return (JSON.parse(context.getString(text)) as string[]).map((helper) => needFor(helper, stubs));
}

/** A helper name the stubs recorded, as a need (a namespace's member `cal.x` takes `cal`'s module). */
export function needFor(helper: string, stubs: readonly StubSpec[]): MockNeed {
  const spec = stubs.find((s) => s.helper === helper) ?? stubs.find((s) => s.namespace && helper.startsWith(`${s.helper}.`));
  return { helper, kind: spec?.kind ?? 'import', from: spec?.from ?? '', ...(spec?.why ? { why: spec.why } : {}) };
}

/** The sentence a need is said with, for a tool (`book`) or a getter (`the getter identified`). */
export function needMessage(owner: string, needs: readonly MockNeed[]): string {
  const named = needs.map((n) => (n.kind === 'import' ? `${n.helper} (imported from ${JSON.stringify(n.from)}${n.why ? `: ${n.why}` : ''})` : `this.${n.helper} (${n.from})`));
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0];
  return `${owner} needs ${list}, which cannot run in the simulator; give it a mock answer`;
}
