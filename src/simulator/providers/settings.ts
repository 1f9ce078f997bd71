// The settings a provider is made from, and the defaults both clients share.

export type ProviderKind = 'offline' | 'openai' | 'anthropic';

export interface ProviderSettings {
  provider: ProviderKind;
  /** Empty or absent: the provider's own API. Set it for Groq, OpenRouter, Ollama, vLLM, LM Studio, a proxy. */
  baseUrl?: string;
  model?: string;
  /** Used when the request sets none (the engine passes the document's own, when it has one). */
  temperature?: number;
  apiKey?: string;
  /** Idle timeout: how long the server may stay silent (before the answer and between chunks). */
  timeoutMs?: number;
  /**
   * The most one answer may hold, its text and tool-call arguments together, in bytes (UTF-8). A
   * server that streams past it is cut off at once: the idle timeout alone never stops one that
   * keeps sending.
   */
  maxAnswerBytes?: number;
  /** The longest one answer may take from the request to its last chunk, however steadily it streams. */
  maxAnswerMs?: number;
  maxTokens?: number;
  /** The offline model's "today" (ISO date). */
  today?: string;
  /** The offline model writes only evidence measured right nine times in ten (OfflineModelOptions.strict). */
  strict?: boolean;
}

export const DEFAULT_BASE_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' } as const;
export const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-haiku-4-5' } as const;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** 2 MB (decimal): about 500,000 tokens of English, far past any model's output limit (tens of thousands). */
export const DEFAULT_MAX_ANSWER_BYTES = 2_000_000;
/** 5 minutes: a long reasoning answer from a slow local model takes a few. */
export const DEFAULT_MAX_ANSWER_MS = 5 * 60_000;
/** Anthropic requires max_tokens on every request. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 1024;

/** A settings value the store keeps as '' when unset. */
function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export interface ResolvedSettings {
  baseUrl: string;
  /** True when the user set no base URL, so the request goes to the provider's own API. */
  officialApi: boolean;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  maxAnswerBytes: number;
  maxAnswerMs: number;
}

export function resolveSettings(settings: ProviderSettings, provider: 'openai' | 'anthropic'): ResolvedSettings {
  const baseUrl = given(settings.baseUrl)?.replace(/\/+$/, '');
  return {
    baseUrl: baseUrl ?? DEFAULT_BASE_URLS[provider],
    officialApi: baseUrl === undefined,
    model: given(settings.model) ?? DEFAULT_MODELS[provider],
    apiKey: given(settings.apiKey),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAnswerBytes: settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    maxAnswerMs: settings.maxAnswerMs ?? DEFAULT_MAX_ANSWER_MS,
  };
}

/** The page's origin in a browser (absent in Node), for the CORS advice. */
export function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}
