// OpenAI-compatible Chat Completions (OpenAI, Groq, OpenRouter, Ollama, vLLM, LM Studio) through
// the official client. Loaded only when first used (index.ts imports it dynamically), so the
// `openai` package reaches the browser only for users who pick this provider.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ModelRequest, ModelResponse } from '../types';
import { meteredFetch } from './answer-bounds';
import { runProviderCall } from './call';
import type { CallGuard } from './guard';
import { ModelCallError } from './errors';
import { OpenAiAssembler, openAiBody } from './openai-wire';
import { resolveSettings, type ProviderSettings } from './settings';

const sdkErrors = { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError };

/** Local servers (Ollama, vLLM, LM Studio) need no key, but the client insists on one. */
const NO_KEY = 'no-key-needed';

export async function completeOpenAi(settings: ProviderSettings, request: ModelRequest): Promise<ModelResponse> {
  const resolved = resolveSettings(settings, 'openai');
  if (!resolved.apiKey && resolved.officialApi) {
    throw new ModelCallError('auth', 'No API key is set for OpenAI. Add it in LLM settings, or set a base URL for a server that needs none.');
  }
  // The running attempt's guard: each attempt (a retry with tool_choice auto) makes its own.
  let current: CallGuard | undefined;
  const client = new OpenAI({
    apiKey: resolved.apiKey ?? NO_KEY,
    baseURL: resolved.baseUrl,
    dangerouslyAllowBrowser: true,
    // The user retries explicitly; a silent retry would hide a failure and spend the key twice.
    maxRetries: 0,
    // Our own idle timer (guard.ts) is the real limit; this only stops the SDK waiting longer.
    timeout: resolved.timeoutMs > 0 ? resolved.timeoutMs + 1000 : undefined,
    // Counts the stream's bytes as they arrive (answer-bounds.ts): the call's guard is made per
    // attempt, so the fetch asks whichever attempt is running.
    fetch: meteredFetch((bytes) => current?.received(bytes) ?? true, () => current?.wireRoom() ?? Infinity),
  });
  return runProviderCall({
    request,
    resolved,
    sdk: sdkErrors,
    buildBody: (forceAuto) =>
      openAiBody(request, { model: resolved.model, temperature: settings.temperature, maxTokens: settings.maxTokens, forceAuto }),
    async send(body, guard, progress) {
      current = guard;
      const stream = await client.chat.completions.create(body, { signal: guard.signal });
      progress.started = true;
      guard.touch();
      const assembler = new OpenAiAssembler(request.onTextDelta, guard.grow);
      for await (const chunk of stream) {
        // Chunks already read stay buffered after Stop: none of them may reach the chat.
        if (guard.signal.aborted) break;
        guard.touch();
        assembler.add(chunk);
      }
      const result = assembler.result();
      // Servers that end a stream cleanly always say why; a stream with no reason was cut short.
      const notes = assembler.finished ? [] : ['The stream ended without a finish_reason; the answer may be incomplete.'];
      return { ...result, ...(notes.length ? { notes } : {}) };
    },
  });
}
