// Predicates (`when` sources and expression conditions) evaluated inside QuickJS, never on the host.
//
// Design: `Evaluate` is synchronous (the engine decides visibility and edges inline), but loading
// the QuickJS WASM module is asynchronous. Once loaded, the release-sync module's runtimes and
// contexts are fully synchronous, so `prepareSandboxEvaluate()` loads the module once up front
// (await it before the first step) and returns a synchronous `Evaluate`. Each call gets a fresh
// runtime and context (well under a millisecond), a short deadline enforced by QuickJS's interrupt
// handler, and small memory/stack limits. Only a JSON copy of the state goes in, only the string
// 'true' / 'false' comes out. A throw, a timeout or a non-boolean-able result is reported by
// throwing an Error: the engine (prompt.ts, edges.ts) takes it as false and writes a trace note.
import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';
import { DEFAULT_PREDICATE_TIMEOUT_MS, OutOfTime } from './budget';
import type { Evaluate } from './types';

export { DEFAULT_PREDICATE_TIMEOUT_MS } from './budget';
const MEMORY_BYTES = 8 * 1024 * 1024;
const STACK_BYTES = 128 * 1024;

/**
 * Evaluated in sloppy mode so that `with` makes the state fields free identifiers for an expression
 * condition (`searches >= 3`), and with the state as `this`, as the exported class reads it
 * (`this.searches >= 3`); a `when` source evaluates to a function, which is then called with its
 * own JSON copy of the state. A field whose value is undefined (JSON leaves it out) is declared
 * again, so that it reads undefined as in the class, not a ReferenceError. Names start with `__`
 * so that a field cannot shadow them.
 */
function guestCode(source: string): string {
  return `(function () {
  var __json = globalThis.__state; delete globalThis.__state;
  var __keys = JSON.parse(globalThis.__keys); delete globalThis.__keys;
  var __scope = JSON.parse(__json);
  for (var __i = 0; __i < __keys.length; __i++) {
    if (!Object.prototype.hasOwnProperty.call(__scope, __keys[__i])) Object.defineProperty(__scope, __keys[__i], { value: undefined, writable: true, enumerable: true, configurable: true });
  }
  var __value;
  (function () { with (__scope) { __value = (
${source}
); } }).call(__scope);
  if (typeof __value === 'function') __value = __value(JSON.parse(__json));
  if (__value && typeof __value.then === 'function') throw new Error('a predicate must return a value, not a promise');
  return __value ? 'true' : 'false';
})()`;
}

function messageOf(dumped: unknown): string {
  if (typeof dumped === 'string') return dumped;
  if (dumped && typeof dumped === 'object' && typeof (dumped as { message?: unknown }).message === 'string') return (dumped as { message: string }).message;
  try {
    return JSON.stringify(dumped) ?? String(dumped);
  } catch {
    return String(dumped);
  }
}

/** A synchronous Evaluate over an already loaded QuickJS module. */
export function sandboxEvaluate(quickjs: QuickJSWASMModule, timeoutMs = DEFAULT_PREDICATE_TIMEOUT_MS): Evaluate {
  let broken = false;
  return (source, state, options = {}) => {
    if (broken) throw new Error('the predicate sandbox failed earlier; prepare it again');
    const ms = options.timeoutMs ?? timeoutMs;
    const runtime = quickjs.newRuntime();
    const deadline = Date.now() + ms;
    let timedOut = false;
    runtime.setMemoryLimit(MEMORY_BYTES);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(() => {
      if (Date.now() <= deadline) return false;
      timedOut = true;
      return true;
    });
    const context = runtime.newContext();
    try {
      const json = context.newString(JSON.stringify(state ?? {}));
      context.setProp(context.global, '__state', json);
      json.dispose();
      const keys = context.newString(JSON.stringify(Object.keys(state ?? {})));
      context.setProp(context.global, '__keys', keys);
      keys.dispose();
      const out = context.evalCode(guestCode(source), 'predicate.js');
      if (out.error) {
        let dumped: unknown;
        try {
          dumped = context.dump(out.error);
        } catch {
          dumped = 'unknown error';
        }
        out.error.dispose();
        if (timedOut) throw new OutOfTime(`took longer than ${ms} ms`);
        throw new Error(messageOf(dumped));
      }
      const text = context.typeof(out.value) === 'string' ? context.getString(out.value) : 'false';
      out.value.dispose();
      return text === 'true';
    } finally {
      try {
        context.dispose();
        runtime.dispose();
      } catch {
        broken = true;
      }
    }
  };
}

/** Loads a QuickJS module of its own (once per call of this function) and returns a synchronous Evaluate. */
export async function prepareSandboxEvaluate(timeoutMs = DEFAULT_PREDICATE_TIMEOUT_MS): Promise<Evaluate> {
  return sandboxEvaluate(await newQuickJSWASMModule(), timeoutMs);
}
