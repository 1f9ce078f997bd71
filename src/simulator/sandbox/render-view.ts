// A Pinecall class's kept view rendered for one state, inside QuickJS: its `render()` method (or
// `@render(Component)`, called with the instance) on a `this` made of the state and the call facts,
// with the helper methods, getters, the file's top-level code and the stubs beside it, as a tool
// has them; the tree it returns is rendered to text by Pinecall's rules (guest-view.ts). Synchronous
// over a loaded module, as the getters are (derive.ts): the engine builds the prompt inline. A
// fresh runtime and context per call, one deadline, small memory and stack limits; only JSON
// goes in, only the text comes out.
import type { QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';
import type { MockNeed, ViewResult } from '../types';
import { installAgentCode, needMessage, needsOf, type AgentCode } from './agent-code';
import { PRELUDE } from './guest';
import { BIND } from './guest-agent';
import { RENDER_VIEW } from './guest-view';
import { transpileTool, transpileView } from './transpile';
import { closeGuarded, isPoisoned, openGuarded } from './guarded';

export type ViewSource = { kind: 'method'; source: string } | { kind: 'component'; name: string };

export interface RenderViewInput extends AgentCode {
  view: ViewSource;
  state: Readonly<Record<string, unknown>>;
  call: Readonly<Record<string, unknown>>;
  timeoutMs: number;
  memoryBytes?: number;
}

const DEFAULT_MEMORY_BYTES = 16 * 1024 * 1024;
const STACK_BYTES = 128 * 1024;
/** A prompt's view is prose; past this it is a runaway loop's output, not a prompt. */
export const MAX_VIEW_CHARS = 200_000;

/** Evaluates to the view's text (JSON), after BIND made `this` of `input.state`. */
const RUN = `(() => {
  const { stringify, parse } = JSON;
  const defineProperty = Object.defineProperty;
  const input = parse(globalThis.__input);
  delete globalThis.__input;
  const self = input.state;
  ${BIND}
  ${RENDER_VIEW}
  return stringify(text);
})()`;

function described(dumped: unknown): { name: string; message: string } {
  if (dumped && typeof dumped === 'object') {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : JSON.stringify(dumped) };
  }
  return { name: '', message: String(dumped) };
}

const failed = (failure: NonNullable<ViewResult['failure']>, error: string, needs?: MockNeed[]): ViewResult => ({ text: '', error, failure, ...(needs?.length ? { needs } : {}) });

/** Renders `input.view` for `input.state`; never throws (a failure is a result with `error`). */
export function renderViewCode(quickjs: QuickJSWASMModule, input: RenderViewInput): ViewResult {
  if (isPoisoned(quickjs)) return failed('thrown', 'the view sandbox failed earlier; load it again');
  const helpers = transpileTool('', [], input.helpers);
  if (!helpers.ok) return failed('syntax', helpers.error);
  const view = input.view.kind === 'method' ? transpileView(input.view.source) : undefined;
  if (view && !view.ok) return failed('syntax', view.error);
  const guarded = openGuarded(quickjs, { timeoutMs: input.timeoutMs, memoryBytes: input.memoryBytes ?? DEFAULT_MEMORY_BYTES, stackBytes: STACK_BYTES });
  const { context, keep } = guarded;
  const stubs = input.stubs ?? [];
  let take: QuickJSHandle | undefined;
  const failWith = (error: QuickJSHandle): ViewResult => {
    let dumped: unknown;
    try {
      dumped = context.dump(error);
    } catch {
      dumped = 'unknown error';
    }
    const { name, message } = described(dumped);
    if (guarded.timedOut) return failed('timeout', `render() took longer than ${input.timeoutMs} ms`);
    if (name === 'InternalError' && message === 'out of memory') return failed('memory', 'render() ran out of memory');
    // A stub without a mock answer threw (or was caught and something else threw): say what it needs.
    const needs = needsOf(context, take, stubs, keep);
    if (needs.length) return failed('needs-mock', needMessage('render()', needs), needs);
    return failed(name === 'SyntaxError' ? 'syntax' : 'thrown', message);
  };
  try {
    // What a view logs to the console is not kept: it renders before every model call.
    context.setProp(context.global, '__log', keep(context.newFunction('__log', () => {})));
    const prelude = context.evalCode(PRELUDE, 'prelude.js');
    if (prelude.error) return failWith(keep(prelude.error));
    keep(prelude.value);
    const installed = installAgentCode(context, { ...input, stubs }, keep, () => guarded.timedOut);
    if (!installed.ok) return failWith(installed.error);
    take = installed.take;
    const defined = context.evalCode(helpers.code, 'helpers.js');
    if (defined.error) return failWith(keep(defined.error));
    keep(defined.value);
    if (view?.ok) {
      const viewDefined = context.evalCode(view.code, 'view.js');
      if (viewDefined.error) return failWith(keep(viewDefined.error));
      keep(viewDefined.value);
    }
    const payload = { state: input.state, call: input.call, view: input.view.kind === 'method' ? { kind: 'method' } : input.view };
    context.setProp(context.global, '__input', keep(context.newString(JSON.stringify(payload))));
    const out = context.evalCode(RUN, 'render.js');
    if (out.error) return failWith(keep(out.error));
    const text = keep(out.value);
    if (guarded.timedOut) return failed('timeout', `render() took longer than ${input.timeoutMs} ms`);
    // Read from the stubs' record, so a render that caught a stub's throw still says what it needed.
    const needs = needsOf(context, take, stubs, keep);
    if (needs.length) return failed('needs-mock', needMessage('render()', needs), needs);
    const rendered = JSON.parse(context.getString(text)) as string;
    if (rendered.length > MAX_VIEW_CHARS) return failed('thrown', `render() gave ${rendered.length} characters, more than the ${MAX_VIEW_CHARS} a prompt's view may hold`);
    return { text: rendered };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failed(/out of memory/i.test(message) ? 'memory' : 'thrown', message);
  } finally {
    closeGuarded(quickjs, guarded);
  }
}

