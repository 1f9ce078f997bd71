// What both clients do around their SDK: the idle timeout and Stop, the one retry when a server
// refuses `tool_choice: "required"`, and turning any SDK failure into a ModelCallError.
import type { ModelRequest, ModelResponse } from '../types';
import { describeFailure, ModelCallError, redact, type Failure } from './errors';
import { callGuard, type CallGuard } from './guard';
import { pageOrigin, type ResolvedSettings } from './settings';

/** The error classes both official SDKs export under the same names. */
export interface SdkErrors {
  APIError: new (...args: any[]) => Error & { status?: number; headers?: Headers; error?: unknown };
  APIUserAbortError: new (...args: any[]) => Error;
  APIConnectionError: new (...args: any[]) => Error;
  APIConnectionTimeoutError: new (...args: any[]) => Error;
}

/** What a client's streaming call returns: the answer, and the message it assembled for `wire`. */
export type Assembled = Omit<ModelResponse, 'wire'> & { wireResponse: unknown };

export interface ProviderCall<Body> {
  request: ModelRequest;
  resolved: ResolvedSettings;
  sdk: SdkErrors;
  /** `forceAuto`: the server refused "required" once; build the body with auto instead. */
  buildBody(forceAuto: boolean): Body;
  /** Sends the body and reads the stream; `progress.started` turns true once headers arrived. */
  send(body: Body, guard: CallGuard, progress: { started: boolean }): Promise<Assembled>;
}

function serverMessage(error: { error?: unknown; message: string }): string {
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const said = body?.message ?? body?.error?.message;
  // The SDKs prefix their message with the status ("400 …"); the status is shown separately.
  return typeof said === 'string' ? said : error.message.replace(/^\d{3}\s+/, '');
}

export function classify(error: unknown, sdk: SdkErrors, started: boolean, timeoutMs: number): Failure {
  if (error instanceof ModelCallError) throw error;
  if (error instanceof sdk.APIUserAbortError) return { type: 'aborted' };
  if (error instanceof sdk.APIConnectionTimeoutError) return { type: 'timeout', seconds: Math.round(timeoutMs / 100) / 10 };
  if (error instanceof sdk.APIConnectionError) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? error.message;
    return started ? { type: 'broken', cause } : { type: 'unreachable', cause };
  }
  if (error instanceof sdk.APIError) {
    const message = serverMessage(error);
    // An error event inside a stream has no status: the server gave up mid-answer.
    if (typeof error.status !== 'number') return { type: 'http', status: 500, message };
    return { type: 'http', status: error.status, message, retryAfter: error.headers?.get?.('retry-after') };
  }
  if (error instanceof SyntaxError) return { type: 'unreadable', cause: error.message };
  const message = error instanceof Error ? error.message : String(error);
  // fetch fails with a TypeError ("fetch failed", "terminated", "Failed to fetch", "network error").
  if (error instanceof TypeError || /terminated|network|socket|ECONN|fetch/i.test(message)) {
    return started ? { type: 'broken', cause: message } : { type: 'unreachable', cause: message };
  }
  return { type: 'unreadable', cause: message };
}

/** A 400 (or 422) that names tool_choice or "required": the server cannot force a tool call. */
function refusesRequired(failure: Failure): boolean {
  return failure.type === 'http' && (failure.status === 400 || failure.status === 422) && /tool.?choice|required/i.test(failure.message ?? '');
}

type Attempt = { ok: true; assembled: Assembled } | { ok: false; failure: Failure };

async function attempt<Body>(call: ProviderCall<Body>, body: Body): Promise<Attempt> {
  const { maxAnswerBytes, maxAnswerMs } = call.resolved;
  const guard = callGuard(call.request.signal, call.resolved.timeoutMs, { maxAnswerBytes, maxAnswerMs });
  const progress = { started: false };
  try {
    const assembled = await Promise.race([call.send(body, guard, progress), guard.stopped]);
    return { ok: true, assembled };
  } catch (error) {
    const why = guard.reason();
    if (why === 'aborted') return { ok: false, failure: { type: 'aborted' } };
    if (why === 'timeout') return { ok: false, failure: { type: 'timeout', seconds: call.resolved.timeoutMs / 1000 } };
    if (why === 'too-large' || why === 'wire-too-large') return { ok: false, failure: { type: 'too-large', limitBytes: maxAnswerBytes, wire: why === 'wire-too-large' } };
    if (why === 'too-long') return { ok: false, failure: { type: 'too-long', limitMs: maxAnswerMs } };
    return { ok: false, failure: classify(error, call.sdk, progress.started, call.resolved.timeoutMs) };
  } finally {
    guard.dispose();
  }
}

export async function runProviderCall<Body>(call: ProviderCall<Body>): Promise<ModelResponse> {
  const notes: string[] = [];
  let body = call.buildBody(false);
  let result = await attempt(call, body);
  const wantedRequired = call.request.toolChoice === 'required' && call.request.tools.length > 0;
  if (!result.ok && wantedRequired && refusesRequired(result.failure)) {
    const said = result.failure.type === 'http' ? ` (${result.failure.status}: ${result.failure.message})` : '';
    const note = `The server refused tool_choice "required"${said}; sent again with "auto", so the model may answer without calling a tool.`;
    notes.push(redact(note, call.resolved.apiKey));
    body = call.buildBody(true);
    result = await attempt(call, body);
  }
  if (!result.ok) {
    throw describeFailure(result.failure, { baseUrl: call.resolved.baseUrl, apiKey: call.resolved.apiKey, pageOrigin: pageOrigin() });
  }
  const { wireResponse, notes: ownNotes, ...answer } = result.assembled;
  const allNotes = [...notes, ...(ownNotes ?? [])];
  return { ...answer, ...(allNotes.length ? { notes: allNotes } : {}), wire: { request: body, response: wireResponse } };
}
