// The class's getters computed for one state, inside QuickJS: synchronous over a loaded module
// (as predicates are, sandbox-evaluate.ts), because the engine decides visibility and fills the
// prompt inline. A fresh runtime and context per call, a deadline for all the getters together,
// small memory and stack limits; the state and the call facts go in as JSON, the values come out
// as JSON. The getters see what a tool sees: `this.call`, the helper methods, the file's top-level
// code and the stubs (with their mocks).
import type { QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';
import type { Derived, MockNeed } from '../types';
import { installAgentCode, needFor, type AgentCode } from './agent-code';
import { PRELUDE } from './guest';
import { DERIVE } from './guest-agent';
import { transpileTool } from './transpile';
import { closeGuarded, isPoisoned, openGuarded } from './guarded';

export interface DeriveInput extends AgentCode {
  state: Readonly<Record<string, unknown>>;
  call: Readonly<Record<string, unknown>>;
  /** The getters to read, in order. */
  getters: string[];
  timeoutMs: number;
  memoryBytes?: number;
}

export type DeriveResult = ({ ok: true } & Derived) | { ok: false; kind: 'timeout' | 'memory' | 'syntax' | 'thrown'; error: string };

const DEFAULT_MEMORY_BYTES = 16 * 1024 * 1024;
const STACK_BYTES = 128 * 1024;

function described(dumped: unknown): { name: string; message: string } {
  if (dumped && typeof dumped === 'object') {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : JSON.stringify(dumped) };
  }
  return { name: '', message: String(dumped) };
}

/** Reads `input.getters` on a `this` made of `input.state`; never throws (a failure is a result). */
export function deriveGetters(quickjs: QuickJSWASMModule, input: DeriveInput): DeriveResult {
  if (isPoisoned(quickjs)) return { ok: false, kind: 'thrown', error: 'the getter sandbox failed earlier; load it again' };
  const helpers = transpileTool('', [], input.helpers);
  if (!helpers.ok) return { ok: false, kind: 'syntax', error: helpers.error };
  const guarded = openGuarded(quickjs, { timeoutMs: input.timeoutMs, memoryBytes: input.memoryBytes ?? DEFAULT_MEMORY_BYTES, stackBytes: STACK_BYTES });
  const { context, keep } = guarded;
  const failWith = (error: QuickJSHandle): DeriveResult => {
    let dumped: unknown;
    try {
      dumped = context.dump(error);
    } catch {
      dumped = 'unknown error';
    }
    const { name, message } = described(dumped);
    if (guarded.timedOut) return { ok: false, kind: 'timeout', error: `the getters took longer than ${input.timeoutMs} ms` };
    if (name === 'InternalError' && message === 'out of memory') return { ok: false, kind: 'memory', error: 'the getters ran out of memory' };
    return { ok: false, kind: name === 'SyntaxError' ? 'syntax' : 'thrown', error: message };
  };
  try {
    // Getters may log; what they log is not kept (they run on every model call, not once).
    context.setProp(context.global, '__log', keep(context.newFunction('__log', () => {})));
    const prelude = context.evalCode(PRELUDE, 'prelude.js');
    if (prelude.error) return failWith(keep(prelude.error));
    keep(prelude.value);
    // Stubs always (an empty list too): DERIVE reads `take` around each getter.
    const installed = installAgentCode(context, { ...input, stubs: input.stubs ?? [] }, keep, () => guarded.timedOut);
    if (!installed.ok) return failWith(installed.error);
    const defined = context.evalCode(helpers.code, 'helpers.js');
    if (defined.error) return failWith(keep(defined.error));
    keep(defined.value);
    const payload = { state: input.state, call: input.call, getters: input.getters };
    context.setProp(context.global, '__input', keep(context.newString(JSON.stringify(payload))));
    if (installed.take) context.setProp(context.global, '__take', installed.take);
    const out = context.evalCode(DERIVE, 'derive.js');
    if (out.error) return failWith(keep(out.error));
    const text = keep(out.value);
    if (guarded.timedOut) return { ok: false, kind: 'timeout', error: `the getters took longer than ${input.timeoutMs} ms` };
    const read = JSON.parse(context.getString(text)) as { values: Record<string, unknown>; errors: Record<string, string>; needs: Record<string, string[]> };
    const needs: Record<string, MockNeed[]> = {};
    // Read from the stubs' record, so a getter that caught the stub's throw still says what it needed.
    for (const [getter, names] of Object.entries(read.needs)) needs[getter] = names.map((helper) => needFor(helper, input.stubs ?? []));
    return { ok: true, values: read.values, errors: read.errors, needs };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: /out of memory/i.test(message) ? 'memory' : 'thrown', error: message };
  } finally {
    closeGuarded(quickjs, guarded);
  }
}

export { isPoisoned } from './guarded';
