// The mock LLM's script language, shared by the server, its command-line runner and the tests.

export type ToolChoiceKind = 'required' | 'auto' | 'none';

export interface MockMatch {
  /** After normalising both wire shapes: Anthropic `{type:'any'}` is 'required', no tools is 'none'. */
  toolChoice?: ToolChoiceKind;
  hasTools?: boolean;
  /** Substring of the last user text (a caller line, not a tool result). */
  lastUserIncludes?: string;
  systemIncludes?: string;
  /** Substring of the tools offered, as JSON (names, descriptions, parameter schemas): a docstring edit shows here. */
  toolsInclude?: string;
  /** The model the request names (an A/B run across two models). */
  model?: string;
}

export interface MockToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent as is, so a test can script malformed JSON. */
  arguments: object | string;
}

export type MockFault =
  | { status: number; retryAfter?: number; message?: string }
  /** Sends this many stream events, then destroys the socket (a connection lost mid-answer). */
  | { dropAfterChunks: number }
  /** Sends this many stream events, then goes silent with the stream open (a server stalled mid-answer). */
  | { stallAfterChunks: number }
  /** Accepts the request and never writes a byte (for timeouts and Stop). */
  | { neverAnswer: true };

export interface MockFlood {
  bytes?: number;
  piece?: string;
  as?: 'text' | 'arguments';
  delayMs?: number;
}

export interface MockTurn {
  match?: MockMatch;
  reply?: { text?: string; toolCalls?: MockToolCall[] };
  /** Wait before the first byte (proves that two calls are in flight at once). */
  delayMs?: number;
  /** Wait between stream events, so a browser test can watch text arrive. */
  chunkDelayMs?: number;
  fault?: MockFault;
  /**
   * A server that keeps streaming: text events of `piece` (default 1,000 characters) without end,
   * or until `bytes` of it were sent (then the answer ends as usual). `as: 'arguments'` streams
   * them as one tool call's arguments instead. `delayMs` between events; with none the server
   * writes as fast as the client reads.
   */
  flood?: MockFlood;
  /** How many requests this turn answers; default 1, 0 = forever. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  receivedAt: number;
}

/** A request reduced to what matching needs, the same for both providers. */
export interface NormalisedRequest {
  provider: 'openai' | 'anthropic';
  model: string;
  stream: boolean;
  toolChoice: ToolChoiceKind;
  hasTools: boolean;
  lastUser: string;
  system: string;
  /** The request's tools as JSON, in its own wire shape ('' without tools). */
  tools?: string;
}

/** What the wire writers need to answer one request. */
export interface MockAnswer {
  text: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export interface MockLlm {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  script(turns: MockTurn[]): void;
  requests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}
