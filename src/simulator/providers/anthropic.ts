// Anthropic Messages through the official client. Loaded only when first used (index.ts imports
// it dynamically), so `@anthropic-ai/sdk` reaches the browser only for users who pick it.
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ModelRequest, ModelResponse } from '../types';
import { AnthropicAssembler, anthropicBody } from './anthropic-wire';
import { meteredFetch } from './answer-bounds';
import { runProviderCall } from './call';
import type { CallGuard } from './guard';
import { ModelCallError } from './errors';
import { DEFAULT_ANTHROPIC_MAX_TOKENS, resolveSettings, type ProviderSettings } from './settings';

const sdkErrors = { APIError, APIUserAbortError, APIConnectionError, APIConnectionTimeoutError };

/** A proxy or compatible server may need no key, but the client insists on one. */
const NO_KEY = 'no-key-needed';

export async function completeAnthropic(settings: ProviderSettings, request: ModelRequest): Promise<ModelResponse> {
  const resolved = resolveSettings(settings, 'anthropic');
  if (!resolved.apiKey && resolved.officialApi) {
    throw new ModelCallError('auth', 'No API key is set for Anthropic. Add it in LLM settings.');
  }
  // The running attempt's guard: each attempt (a retry with tool_choice auto) makes its own.
  let current: CallGuard | undefined;
  const client = new Anthropic({
    apiKey: resolved.apiKey ?? NO_KEY,
    // The SDK reads ANTHROPIC_AUTH_TOKEN from the environment in Node; the key is the only credential.
    authToken: null,
    baseURL: resolved.baseUrl,
    // Sets the anthropic-dangerous-direct-browser-access header Anthropic requires for CORS.
    dangerouslyAllowBrowser: true,
    // The user retries explicitly; a silent retry would hide a failure and spend the key twice.
    maxRetries: 0,
    // Our own idle timer (guard.ts) is the real limit; this only stops the SDK waiting longer.
    timeout: resolved.timeoutMs > 0 ? resolved.timeoutMs + 1000 : undefined,
    // Counts the stream's bytes as they arrive (answer-bounds.ts): the call's guard is made per
    // attempt, so the fetch asks whichever attempt is running.
    fetch: meteredFetch((bytes) => current?.received(bytes) ?? true, () => current?.wireRoom() ?? Infinity),
  });
  let bodyNotes: string[] = [];
  return runProviderCall({
    request,
    resolved,
    sdk: sdkErrors,
    buildBody(forceAuto) {
      const maxTokens = settings.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
      const built = anthropicBody(request, { model: resolved.model, maxTokens, forceAuto });
      bodyNotes = built.notes;
      return built.body;
    },
    async send(body, guard, progress) {
      current = guard;
      const stream = await client.messages.create(body, { signal: guard.signal });
      progress.started = true;
      guard.touch();
      const assembler = new AnthropicAssembler(request.onTextDelta, guard.grow);
      for await (const event of stream) {
        // Events already read stay buffered after Stop: none of them may reach the chat.
        if (guard.signal.aborted) break;
        guard.touch();
        assembler.add(event);
      }
      const notes = [...bodyNotes];
      if (!assembler.finished) notes.push('The stream ended without message_stop; the answer may be incomplete.');
      return { ...assembler.result(), ...(notes.length ? { notes } : {}) };
    },
  });
}
