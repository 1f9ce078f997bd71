// Regular expressions from the document, run in QuickJS with a deadline (the contract is
// model/bounded-pattern.ts). QuickJS's regex engine asks the runtime's interrupt handler while it
// backtracks, so a deadline stops ^(a+)+$ and O(n^14) alike; V8's RegExp on the host cannot be
// stopped at all.
//
// Cost: the offline model tests patterns many times per step (every candidate value, every line),
// so one runtime and context is kept and reused (a call is a function call, ~20 µs, not a fresh
// runtime), the guest keeps the compiled RegExp per (source, flags), and the host keeps the answers
// per (source, flags, text). A run that was stopped (deadline, memory, stack) discards the runtime:
// the next run starts clean. Answers that depend on the moment (a deadline on a busy machine) are
// not kept.
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { BoundedPatterns, PatternRun } from '../../model/bounded-pattern';

/** A schema pattern matches in microseconds; 100 ms is ample on a busy machine and short enough for a page. */
export const DEFAULT_PATTERN_TIMEOUT_MS = 100;
const MEMORY_BYTES = 16 * 1024 * 1024;
const STACK_BYTES = 128 * 1024;
const CACHE_ENTRIES = 2000;
const REGEX_CACHE_ENTRIES = 200;

// `exec` from the first character, whatever flags are given (a `g` or `y` regex keeps lastIndex).
const GUEST = `(function () {
  var cache = new Map();
  globalThis.__exec = function (source, flags, text) {
    var key = flags + '/' + source;
    var re = cache.get(key);
    if (re === undefined) {
      re = new RegExp(source, flags);
      if (cache.size >= ${REGEX_CACHE_ENTRIES}) cache.clear();
      cache.set(key, re);
    }
    re.lastIndex = 0;
    var m = re.exec(text);
    return m === null ? null : String(m[0]);
  };
})();`;

function messageOf(dumped: unknown): string {
  if (typeof dumped === 'string') return dumped;
  if (dumped && typeof dumped === 'object') {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return typeof name === 'string' && name !== 'Error' ? `${name}: ${message}` : message;
  }
  return String(dumped);
}

interface Loaded {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
}

export class PatternSandbox implements BoundedPatterns {
  private loaded: Loaded | undefined;
  private deadline = 0;
  private timedOut = false;
  private readonly answers = new Map<string, PatternRun>();
  /** Set when a runtime could not be freed: QuickJS then aborts its WASM instance, so use a new one. */
  broken = false;

  constructor(
    private readonly quickjs: QuickJSWASMModule,
    readonly timeoutMs = DEFAULT_PATTERN_TIMEOUT_MS,
  ) {}

  private load(): Loaded {
    if (this.loaded) return this.loaded;
    const runtime = this.quickjs.newRuntime();
    runtime.setMemoryLimit(MEMORY_BYTES);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(() => {
      if (Date.now() <= this.deadline) return false;
      this.timedOut = true;
      return true;
    });
    const context = runtime.newContext();
    this.deadline = Date.now() + 10_000;
    const out = context.evalCode(GUEST, 'patterns.js');
    if (out.error) {
      const message = messageOf(context.dump(out.error));
      out.error.dispose();
      context.dispose();
      runtime.dispose();
      throw new Error(`the pattern sandbox did not load: ${message}`);
    }
    out.value.dispose();
    this.loaded = { runtime, context };
    return this.loaded;
  }

  private discard(): void {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (!loaded) return;
    try {
      loaded.context.dispose();
      loaded.runtime.dispose();
    } catch {
      this.broken = true;
    }
  }

  exec = (source: string, flags: string, text: string, timeoutMs = this.timeoutMs): PatternRun => {
    const key = `${flags}/${source.length}:${source}\u0000${text}`;
    const hit = this.answers.get(key);
    if (hit) return hit;
    const run = this.execFresh(source, flags, text, timeoutMs);
    // A deadline or the memory limit depends on the moment and the limit given: not kept.
    if (!('failed' in run) || run.failed === 'invalid') {
      if (this.answers.size >= CACHE_ENTRIES) this.answers.delete(this.answers.keys().next().value as string);
      this.answers.set(key, run);
    }
    return run;
  };

  private execFresh(source: string, flags: string, text: string, timeoutMs: number): PatternRun {
    if (this.broken) return { failed: 'error', message: 'the pattern sandbox failed earlier' };
    const { context } = this.load();
    this.timedOut = false;
    this.deadline = Date.now() + Math.max(0, timeoutMs);
    const fn = context.getProp(context.global, '__exec');
    const args = [context.newString(source), context.newString(flags), context.newString(text)];
    let run: PatternRun;
    try {
      const out = context.callFunction(fn, context.undefined, ...args);
      if (out.error) {
        const message = messageOf(context.dump(out.error));
        out.error.dispose();
        if (this.timedOut) run = { failed: 'timeout', message: `took longer than ${timeoutMs} ms` };
        else if (/^SyntaxError\b/.test(message)) run = { failed: 'invalid', message: message.replace(/^SyntaxError: /, '') };
        else run = { failed: 'error', message };
      } else {
        run = { matched: context.typeof(out.value) === 'string' ? context.getString(out.value) : null };
        out.value.dispose();
      }
    } finally {
      for (const handle of args) handle.dispose();
      fn.dispose();
    }
    // Stopped midway (deadline, memory, stack): the interpreter may be in any state, so start clean.
    if ('failed' in run && run.failed !== 'invalid') this.discard();
    return run;
  }
}

let shared: Promise<PatternSandbox> | undefined;

/**
 * The thread's pattern sandbox (page worker, page, Node process), over a QuickJS module of its own,
 * so that a broken template or tool run cannot take it down, nor it them; replaced when broken.
 */
export async function preparePatternSandbox(): Promise<PatternSandbox> {
  const current = shared ? await shared.catch(() => undefined) : undefined;
  if (current && !current.broken) return current;
  shared = newQuickJSWASMModule().then((quickjs) => new PatternSandbox(quickjs));
  shared.catch(() => (shared = undefined));
  return shared;
}
