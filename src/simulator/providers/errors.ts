// One error type for every provider, with a message the user can act on. The clients classify
// their SDK's failure into a Failure; describeFailure words it the same way for both.
import { formatDuration, formatSize, WIRE_FACTOR } from './answer-bounds';

export type ModelCallErrorKind =
  | 'auth' | 'rate-limit' | 'server' | 'network' | 'cors' | 'timeout' | 'aborted' | 'bad-request' | 'bad-response'
  /** The answer passed its size bound (its text and tool-call arguments, or its bytes on the wire). */
  | 'too-large'
  /** The answer passed its total-time bound while the server kept sending. */
  | 'too-long';

/** Where a person changes each bound: the app's setting, and the CLI's flag. */
export const ANSWER_SIZE_SETTING = '⚙ LLM › Answer size, --answer-size in the CLI';
export const ANSWER_TIME_SETTING = '⚙ LLM › Answer time, --answer-time in the CLI';

export class ModelCallError extends Error {
  readonly kind: ModelCallErrorKind;
  readonly status?: number;
  readonly retryAfterSeconds?: number;

  constructor(kind: ModelCallErrorKind, message: string, extra: { status?: number; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'ModelCallError';
    this.kind = kind;
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** What went wrong, as the client saw it, before it is worded. */
export type Failure =
  | { type: 'aborted' }
  | { type: 'timeout'; seconds: number }
  /** The answer passed `limitBytes`; `wire`: counted as bytes on the wire (framing included), at WIRE_FACTOR times the bound. */
  | { type: 'too-large'; limitBytes: number; wire?: boolean }
  | { type: 'too-long'; limitMs: number }
  /** An HTTP error answer; `message` is the server's own, `retryAfter` the raw header. */
  | { type: 'http'; status: number; message?: string; retryAfter?: string | null }
  /** The request never got an answer (DNS, refused, CORS: the browser does not say which). */
  | { type: 'unreachable'; cause?: string }
  /** The answer started, then the connection broke. */
  | { type: 'broken'; cause?: string }
  /** The answer arrived but could not be read. */
  | { type: 'unreadable'; cause?: string };

export interface FailureContext {
  /** Where the request went (never holds a key: keys travel only in headers). */
  baseUrl: string;
  /** The key, so that it can be cut out of any text a server echoes back. */
  apiKey?: string;
  /** The page's origin in a browser; absent in Node. */
  pageOrigin?: string;
}

/** Removes the key from text a server or a library produced, in case either echoes it. */
export function redact(text: string, apiKey?: string): string {
  if (!apiKey || apiKey.length < 4) return text;
  return text.split(apiKey).join('[key]');
}

function short(text: string | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

/** `retry-after` is seconds or an HTTP date; either way, whole seconds from now. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function httpError(failure: Extract<Failure, { type: 'http' }>): ModelCallError {
  const { status } = failure;
  const said = short(failure.message);
  const detail = said ? `: ${said}` : '';
  if (status === 401 || status === 403) {
    // The server's own text is left out: some echo part of the key.
    return new ModelCallError('auth', `The API key was refused (${status}). Check it in LLM settings.`, { status });
  }
  if (status === 429) {
    const wait = retryAfterSeconds(failure.retryAfter);
    const when = wait !== undefined ? `Try again in ${wait} s.` : 'Wait a moment and try again.';
    return new ModelCallError('rate-limit', `Rate limited (429)${detail}. ${when}`, { status, retryAfterSeconds: wait });
  }
  if (status >= 500) {
    return new ModelCallError('server', `The model server failed (${status})${detail}. This is on the server's side; try again later.`, { status });
  }
  return new ModelCallError(
    'bad-request',
    `The server refused the request (${status})${detail}. Check the model name and base URL in LLM settings.`,
    { status },
  );
}

export function describeFailure(failure: Failure, context: FailureContext): ModelCallError {
  const error = wordFailure(failure, context);
  const message = redact(error.message, context.apiKey);
  if (message === error.message) return error;
  return new ModelCallError(error.kind, message, { status: error.status, retryAfterSeconds: error.retryAfterSeconds });
}

function wordFailure(failure: Failure, context: FailureContext): ModelCallError {
  const where = context.baseUrl;
  switch (failure.type) {
    case 'aborted':
      return new ModelCallError('aborted', 'Stopped.');
    case 'timeout':
      return new ModelCallError(
        'timeout',
        `${where} did not answer within ${failure.seconds} s. The model may still be loading or the server is busy; try again, or raise the timeout in LLM settings.`,
      );
    case 'too-large':
      return new ModelCallError(
        'too-large',
        failure.wire
          ? `The server sent more than ${formatSize(failure.limitBytes * WIRE_FACTOR)} for one answer (${WIRE_FACTOR} times its size bound of ${formatSize(failure.limitBytes)}, ${ANSWER_SIZE_SETTING}) and was stopped.`
          : `The model's answer passed ${formatSize(failure.limitBytes)} (${ANSWER_SIZE_SETTING}) and was stopped.`,
      );
    case 'too-long':
      return new ModelCallError(
        'too-long',
        `The model's answer took longer than ${formatDuration(failure.limitMs)} in all (${ANSWER_TIME_SETTING}) and was stopped.`,
      );
    case 'http':
      return httpError(failure);
    case 'unreachable': {
      const page = context.pageOrigin;
      // In a browser, a request to another origin that fails without an answer is most often CORS.
      if (page && originOf(where) !== page) {
        return new ModelCallError(
          'cors',
          `Could not reach ${where}. The server is down, or it does not allow this page's origin (${page}): ` +
            `for Ollama start it with OLLAMA_ORIGINS=${page}; for other servers allow the origin in their CORS settings.`,
        );
      }
      const cause = failure.cause ? ` (${short(failure.cause)})` : '';
      return new ModelCallError('network', `Could not reach ${where}${cause}. Check that the server is running and the base URL in LLM settings.`);
    }
    case 'broken': {
      const cause = failure.cause ? ` (${short(failure.cause)})` : '';
      return new ModelCallError('network', `The connection to ${where} broke off in the middle of the answer${cause}. Try again.`);
    }
    case 'unreadable': {
      const cause = failure.cause ? `: ${short(failure.cause)}` : '';
      return new ModelCallError(
        'bad-response',
        `The answer from ${where} could not be read${cause}. Check that the base URL points at the provider's API.`,
      );
    }
  }
}
