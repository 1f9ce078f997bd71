// One abort signal for a model call that fires on the user's Stop or when the server goes quiet
// for too long. The timeout is an idle timeout (reset on every chunk), so a long answer that keeps
// streaming is never cut, and a server that stalls mid-stream is.

export interface CallGuard {
  /** Hand this to the SDK. */
  signal: AbortSignal;
  /** Why the call was stopped, once it was. */
  reason(): 'aborted' | 'timeout' | undefined;
  /** Something arrived: restart the idle timer. */
  touch(): void;
  /** Rejects as soon as the call is stopped, so a stop never waits on the SDK to notice. */
  stopped: Promise<never>;
  dispose(): void;
}

export function callGuard(userSignal: AbortSignal | undefined, timeoutMs: number): CallGuard {
  const controller = new AbortController();
  let why: 'aborted' | 'timeout' | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let rejectStopped: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  // Nobody may await `stopped` when the call ends normally; an unhandled rejection must not follow.
  stopped.catch(() => {});

  const stop = (reason: 'aborted' | 'timeout') => {
    if (why) return;
    why = reason;
    clearTimeout(timer);
    controller.abort();
    rejectStopped(new Error(reason));
  };
  const onUserAbort = () => stop('aborted');
  const touch = () => {
    clearTimeout(timer);
    if (!why && timeoutMs > 0) timer = setTimeout(() => stop('timeout'), timeoutMs);
  };

  if (userSignal?.aborted) stop('aborted');
  else userSignal?.addEventListener('abort', onUserAbort, { once: true });
  touch();

  return {
    signal: controller.signal,
    reason: () => why,
    touch,
    stopped,
    dispose() {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
    },
  };
}
