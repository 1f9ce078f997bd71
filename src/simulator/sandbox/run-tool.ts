import { newQuickJSWASMModule, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { LoggedFact, MockNeed } from '../types';
import { installAgentCode, needMessage, needsOf, type AgentCode } from './agent-code';
import { transpileTool } from './transpile';
import { PRELUDE, RUNNER } from './guest';
import { diffWrites } from './writes';
import { openGuarded } from './guarded';

/**
 * One tool run. From AgentCode: `helpers` (class-body source of the helper methods and getters,
 * bound on `this`), `declarations` (the file's top-level code, run before the tool under the same
 * deadline) and `stubs` (what cannot run here, with its mock answers).
 */
export interface RunToolInput extends AgentCode {
  /** The TypeScript method body of the tool. */
  body: string;
  /** Parameter names, in the order the method declares them. */
  params: string[];
  /** The model's arguments by name. */
  args: Record<string, unknown>;
  /** The session state; the tool sees a JSON copy as `this`. */
  state: Record<string, unknown>;
  /** Facts the user set (today's date, the caller's number…); the tool sees a copy as `this.call`. */
  call: Record<string, unknown>;
  /** The tool's timeout; the tool is interrupted once it has run this long. */
  timeoutMs: number;
  /** QuickJS heap limit for this call. */
  memoryBytes?: number;
  /** Used in the timeout message the model reads. */
  toolName?: string;
}

/** `needs-mock`: the tool called a stub that has no mock answer (even if it caught the throw). */
export type RunToolErrorKind = 'thrown' | 'timeout' | 'memory' | 'syntax' | 'needs-mock';

/** `logged`: what the body put through `this.log`, in order, also when it failed after (absent when nothing). */
export type RunToolResult =
  | { ok: true; result: unknown; writes: Record<string, unknown>; logs: string[]; logged?: LoggedFact[] }
  | { ok: false; error: string; kind: RunToolErrorKind; needs?: MockNeed[]; writes: Record<string, unknown>; logs: string[]; logged?: LoggedFact[] };

export const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;
// Measured: with no limit (or 512 KB) endless recursion overflows the host's own stack first (a
// host RangeError that leaks the runtime, or kills Node); at 256 KB QuickJS throws its catchable
// "stack overflow" and cleans up. 128 KB leaves margin for hosts with a smaller stack (workers).
const MAX_STACK_BYTES = 128 * 1024;
// Logs cross into the host; a tool logging in a loop must not grow the host's memory without end.
const MAX_LOG_LINES = 200;
const MAX_LOG_CHARS = 2000;
// After a timeout the snapshot of the state still has to run inside the guest; it gets this long.
const SNAPSHOT_GRACE_MS = 50;

let modulePromise: Promise<QuickJSWASMModule> | undefined;

/**
 * Load the QuickJS WASM module once per process/page (the cold start); every call then gets its
 * own runtime and context, which costs well under a millisecond.
 */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  // Our own instance rather than the library-wide getQuickJS(), so it can be replaced (below).
  modulePromise ??= newQuickJSWASMModule();
  return modulePromise;
}

/**
 * A runtime that cannot be freed cleanly (QuickJS asserts on leaked objects, which aborts the
 * WASM instance) must not poison later calls: forget the instance and load a fresh one next time.
 */
function disposeOrReset(dispose: () => void): void {
  try {
    dispose();
  } catch {
    modulePromise = undefined;
  }
}

/** What `context.dump` gives for a thrown value, reduced to the message the model reads. */
function messageOf(dumped: unknown): string {
  if (typeof dumped === 'string') return dumped;
  if (dumped && typeof dumped === 'object' && typeof (dumped as { message?: unknown }).message === 'string') {
    return (dumped as { message: string }).message;
  }
  try {
    return JSON.stringify(dumped) ?? String(dumped);
  } catch {
    return String(dumped);
  }
}

function nameOf(dumped: unknown): string {
  if (dumped && typeof dumped === 'object' && typeof (dumped as { name?: unknown }).name === 'string') {
    return (dumped as { name: string }).name;
  }
  return '';
}

function seconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

/** JSON state copy in, so the guest never shares an object (or a prototype) with the host. */
function jsonCopy(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value ?? {})) as Record<string, unknown>;
}

/**
 * Run a tool implementation inside a fresh QuickJS runtime. Only JSON crosses the boundary both
 * ways: the result and the writes are `JSON.stringify`d inside and parsed outside, so functions,
 * `undefined` in arrays (→ null), symbols and class instances (→ plain objects) are converted the
 * JSON way, and a tool that returns `undefined` returns `null`.
 */
export async function runToolCode(input: RunToolInput): Promise<RunToolResult> {
  const logs: string[] = [];
  // Filled when the writes are read (writesNow): a fact logged before a throw was logged all the same.
  let logged: LoggedFact[] = [];
  const withLogged = (): { logged?: LoggedFact[] } => (logged.length ? { logged } : {});
  const initial = jsonCopy(input.state);
  const callCopy = jsonCopy(input.call);
  const fail = (kind: RunToolErrorKind, error: string, writes: Record<string, unknown> = {}): RunToolResult => ({
    ok: false,
    kind,
    error,
    writes,
    logs,
    ...withLogged(),
  });

  const code = transpileTool(input.body, input.params, input.helpers);
  if (!code.ok) return fail('syntax', code.error);

  const quickjs = await loadQuickJS();
  const guarded = openGuarded(quickjs, { timeoutMs: input.timeoutMs, memoryBytes: input.memoryBytes ?? DEFAULT_MEMORY_BYTES, stackBytes: MAX_STACK_BYTES });
  const { runtime, context, keep } = guarded;

  /** Classify a thrown guest value; the deadline flag wins over whatever the guest made of it. */
  const failWith = (error: QuickJSHandle, writes: Record<string, unknown>): RunToolResult => {
    const dumped = safeDump(context, error);
    const message = messageOf(dumped);
    if (guarded.timedOut) return fail('timeout', `${input.toolName ?? 'tool'} took longer than ${seconds(input.timeoutMs)} s`, writes);
    if (nameOf(dumped) === 'InternalError' && message === 'out of memory') {
      return fail('memory', `${input.toolName ?? 'tool'} ran out of memory (limit ${input.memoryBytes ?? DEFAULT_MEMORY_BYTES} bytes)`, writes);
    }
    return fail('thrown', message, writes);
  };

  try {
    const log = keep(
      context.newFunction('__log', (level, text) => {
        if (logs.length >= MAX_LOG_LINES) return;
        const line = context.typeof(text) === 'string' ? context.getString(text) : '';
        const prefix = context.typeof(level) === 'string' ? context.getString(level) : 'log';
        logs.push((prefix === 'log' ? line : `[${prefix}] ${line}`).slice(0, MAX_LOG_CHARS));
      }),
    );
    context.setProp(context.global, '__log', log);
    const prelude = context.evalCode(PRELUDE, 'prelude.js');
    if (prelude.error) return failWith(keep(prelude.error), {});
    keep(prelude.value);
    // The file's own code runs under the tool's deadline: a top-level loop is the tool's timeout.
    const installed = installAgentCode(context, input, keep, () => guarded.timedOut);
    if (!installed.ok) return failWith(installed.error, {});
    /** A run that threw or returned after calling a stub without a mock fails for want of one. */
    const withNeeds = (result: RunToolResult): RunToolResult => {
      if (!result.ok && result.kind !== 'thrown') return result;
      const needs = needsOf(context, installed.take, input.stubs ?? [], keep);
      if (needs.length === 0) return result;
      return { ok: false, kind: 'needs-mock', needs, error: needMessage(input.toolName ?? 'tool', needs), writes: result.writes, logs, ...withLogged() };
    };

    // A SyntaxError here means TypeScript accepted something QuickJS does not parse.
    const defined = context.evalCode(code.code, 'tool.js');
    if (defined.error) {
      const dumped = safeDump(context, keep(defined.error));
      if (nameOf(dumped) === 'SyntaxError') return fail('syntax', messageOf(dumped));
      return failWith(defined.error, {});
    }
    keep(defined.value);

    const payload = { state: initial, call: callCopy, params: input.params, args: jsonCopy(input.args) };
    context.setProp(context.global, '__input', keep(context.newString(JSON.stringify(payload))));
    const prepared = context.evalCode(RUNNER, 'runner.js');
    if (prepared.error) return failWith(keep(prepared.error), {});
    const pair = keep(prepared.value);
    const run = keep(context.getProp(pair, 0));
    const snapshot = keep(context.getProp(pair, 1));
    const facts = keep(context.getProp(pair, 2));
    const readLogged = (): void => {
      const taken = context.callFunction(facts, context.undefined);
      if (taken.error) {
        keep(taken.error);
        return;
      }
      const text = keep(taken.value);
      if (context.typeof(text) === 'string') logged = JSON.parse(context.getString(text)) as LoggedFact[];
    };

    /** The state copy as the tool left it; failures keep what was written before them. */
    const writesNow = (): Record<string, unknown> => {
      if (guarded.timedOut) guarded.restartDeadline(SNAPSHOT_GRACE_MS);
      readLogged();
      const taken = context.callFunction(snapshot, context.undefined);
      if (taken.error) {
        keep(taken.error);
        return {};
      }
      const text = keep(taken.value);
      if (context.typeof(text) !== 'string') return {};
      return diffWrites(initial, JSON.parse(context.getString(text)) as Record<string, unknown>);
    };

    const started = context.callFunction(run, context.undefined);
    if (started.error) {
      const error = keep(started.error);
      return withNeeds(failWith(error, writesNow()));
    }
    const promise = keep(started.value);
    // QuickJS has no event loop of its own: run its job queue until the promise settles. With no
    // timers inside, an empty queue and a pending promise means it can never settle.
    for (;;) {
      const state = context.getPromiseState(promise);
      if (state.type === 'fulfilled') {
        const text = keep(state.value);
        const result: unknown = JSON.parse(context.getString(text));
        const writes = writesNow(); // a getter on `this` runs here: it too is stopped at the deadline
        return guarded.timedOut ? fail('timeout', `${input.toolName ?? 'tool'} took longer than ${seconds(input.timeoutMs)} s`, writes) : withNeeds({ ok: true, result, writes, logs, ...withLogged() });
      }
      if (state.type === 'rejected') return withNeeds(failWith(keep(state.error), writesNow()));
      const jobs = runtime.executePendingJobs();
      if (jobs.error) return withNeeds(failWith(keep(jobs.error), writesNow()));
      if (jobs.value === 0) {
        // An interrupt inside a promise job only rejects that job's promise: the deadline still stopped it.
        if (guarded.timedOut) return fail('timeout', `${input.toolName ?? 'tool'} took longer than ${seconds(input.timeoutMs)} s`, writesNow());
        guarded.markTimedOut();
        return fail('timeout', `${input.toolName ?? 'tool'} never finished: it awaits something that never settles`, writesNow());
      }
    }
  } catch (error) {
    // Host-side failures of the binding (e.g. the heap exhausted while creating a handle).
    const message = error instanceof Error ? error.message : String(error);
    if (/out of memory/i.test(message)) return fail('memory', `${input.toolName ?? 'tool'} ran out of memory`);
    return fail('thrown', message);
  } finally {
    disposeOrReset(() => {
      guarded.dispose();
    });
  }
}

function safeDump(context: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return context.dump(handle);
  } catch {
    return 'unknown error';
  }
}
