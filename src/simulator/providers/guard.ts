// One abort signal for a model call that fires on the user's Stop, when the server goes quiet for
// too long, or when the answer passes one of its bounds. The timeout is an idle timeout (reset on
// every chunk), so a long answer that keeps streaming is not cut by it; the answer's size and
// total time (answer-bounds.ts) are what cut a server that streams forever.
import { BoundedCount, WIRE_FACTOR } from './answer-bounds';

export type StopReason = 'aborted' | 'timeout' | 'too-large' | 'wire-too-large' | 'too-long';

export interface AnswerBounds {
  /** The answer's text and tool-call arguments, in UTF-8 bytes; 0 or absent: no bound. */
  maxAnswerBytes?: number;
  /** From the request to the answer's end; 0 or absent: no bound. */
  maxAnswerMs?: number;
}

export interface CallGuard {
  /** Hand this to the SDK. */
  signal: AbortSignal;
  /** Why the call was stopped, once it was. */
  reason(): StopReason | undefined;
  /** Something arrived: restart the idle timer. */
  touch(): void;
  /** The answer grew by this many bytes; false once it passed its bound (the call is then stopped). */
  grow(bytes: number): boolean;
  /** This many bytes arrived on the wire; false once they passed the wire's bound. */
  received(bytes: number): boolean;
  /** How many more bytes the wire may carry before its bound (Infinity with none). */
  wireRoom(): number;
  /** Rejects as soon as the call is stopped, so a stop never waits on the SDK to notice. */
  stopped: Promise<never>;
  dispose(): void;
}

export function callGuard(userSignal: AbortSignal | undefined, timeoutMs: number, bounds: AnswerBounds = {}): CallGuard {
  const controller = new AbortController();
  let why: StopReason | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let rejectStopped: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  // Nobody may await `stopped` when the call ends normally; an unhandled rejection must not follow.
  stopped.catch(() => {});
  const answer = new BoundedCount(bounds.maxAnswerBytes || Infinity);
  const wire = new BoundedCount(bounds.maxAnswerBytes ? bounds.maxAnswerBytes * WIRE_FACTOR : Infinity);

  const stop = (reason: StopReason) => {
    if (why) return;
    why = reason;
    clearTimeout(timer);
    clearTimeout(deadline);
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
  if (!why && bounds.maxAnswerMs && bounds.maxAnswerMs > 0) deadline = setTimeout(() => stop('too-long'), bounds.maxAnswerMs);

  return {
    signal: controller.signal,
    reason: () => why,
    touch,
    grow(bytes) {
      if (why) return false;
      if (answer.add(bytes)) return true;
      stop('too-large');
      return false;
    },
    received(bytes) {
      if (why) return false;
      if (wire.add(bytes)) return true;
      stop('wire-too-large');
      return false;
    },
    wireRoom: () => (why ? 0 : wire.limit - wire.count),
    stopped,
    dispose() {
      clearTimeout(timer);
      clearTimeout(deadline);
      userSignal?.removeEventListener('abort', onUserAbort);
    },
  };
}
