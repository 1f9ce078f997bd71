// One QuickJS runtime and context under a deadline, a memory limit and a stack limit, with the
// handles it hands out kept for disposal: what a tool run, the getters and a view each open. Our
// own interrupt handler instead of shouldInterruptAfterDeadline, to know for sure that an
// interrupt (an uncatchable InternalError inside) came from the deadline.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';

export interface GuardedLimits {
  timeoutMs: number;
  memoryBytes: number;
  stackBytes: number;
}

export interface Guarded {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  /** Remembers a handle so that dispose() frees it. */
  keep(handle: QuickJSHandle): QuickJSHandle;
  /** Whether the deadline interrupted the guest (or the host said it ran out of time). */
  readonly timedOut: boolean;
  markTimedOut(): void;
  /** A new deadline `ms` from now (a tool's own run starts after its file's code ran; a snapshot gets a grace). */
  restartDeadline(ms: number): void;
  /** Frees the handles, the context and the runtime; throws when QuickJS asserts on a leak. */
  dispose(): void;
}

export function openGuarded(quickjs: QuickJSWASMModule, limits: GuardedLimits): Guarded {
  const runtime = quickjs.newRuntime();
  let deadline = Date.now() + limits.timeoutMs;
  let timedOut = false;
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  runtime.setInterruptHandler(() => {
    if (Date.now() <= deadline) return false;
    timedOut = true;
    return true;
  });
  const context = runtime.newContext();
  const handles: QuickJSHandle[] = [];
  return {
    runtime,
    context,
    keep(handle) {
      handles.push(handle);
      return handle;
    },
    get timedOut() {
      return timedOut;
    },
    markTimedOut() {
      timedOut = true;
    },
    restartDeadline(ms) {
      deadline = Date.now() + ms;
    },
    dispose() {
      for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
      context.dispose();
      runtime.dispose();
    },
  };
}

// A module whose runtime could not be freed cleanly (QuickJS asserts on leaked objects, which
// aborts the WASM instance) is never used again, by the getters, a view or anything else.
const poisoned = new WeakSet<QuickJSWASMModule>();

/** Whether a runtime of `quickjs` failed to free cleanly: the caller must load a fresh module. */
export function isPoisoned(quickjs: QuickJSWASMModule): boolean {
  return poisoned.has(quickjs);
}

/** Frees what `guarded` holds; a failure marks the module as never to be used again. */
export function closeGuarded(quickjs: QuickJSWASMModule, guarded: Guarded): void {
  try {
    guarded.dispose();
  } catch {
    poisoned.add(quickjs);
  }
}
