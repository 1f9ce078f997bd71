// One model call as both engines make it: the abort signal honoured even by a model that ignores
// it, and a failure turned into a message and a kind instead of a throw (design.md: "a failed model
// call changes nothing by itself"), so the engine can keep the session as it stood.
import type { ModelRequestRecord, ModelResponse, StepDeps } from './types';

/** What the user sees when they stop a step (the failure's message; its kind is 'aborted'). */
export const STOPPED_MESSAGE = 'Stopped.';
export const ABORTED = 'aborted';

export type CallOutcome =
  | { ok: true; response: ModelResponse; started: number; ms: number }
  | { ok: false; message: string; kind?: string; started: number; ms: number };

/** The error's own kind (a provider's ModelCallError carries one), if it says one. */
function kindOf(error: unknown): string | undefined {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends `request`; `stream` passes deps.onTextDelta (only the call whose text the caller hears).
 * Stopping wins the race against the model, so Stop is immediate even with a model that does not
 * read the signal; the late answer, or its rejection, is then dropped.
 */
export async function callModel(deps: StepDeps, request: ModelRequestRecord, stream: boolean, started: number): Promise<CallOutcome> {
  const now = deps.now ?? Date.now;
  const { signal } = deps;
  const stopped = (): CallOutcome => ({ ok: false, message: STOPPED_MESSAGE, kind: ABORTED, started, ms: now() - started });
  if (signal?.aborted) return stopped();
  let onAbort: (() => void) | undefined;
  const abortion = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  const pending = deps.model.complete({ ...request, signal, onTextDelta: stream ? deps.onTextDelta : undefined });
  pending.catch(() => undefined); // a rejection after Stop has nobody left to hear it
  try {
    const first = await Promise.race([pending, abortion]);
    if (first === 'aborted') return stopped();
    return { ok: true, response: first, started, ms: now() - started };
  } catch (error) {
    if (signal?.aborted || kindOf(error) === ABORTED) return stopped();
    return { ok: false, message: messageOf(error), kind: kindOf(error), started, ms: now() - started };
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
