// The providers' public surface: one factory for every model the simulator can talk to. The
// clients are imported on first use, so `openai` and `@anthropic-ai/sdk` are fetched by the
// browser only when the user picks that provider (and the offline model costs no SDK at all).
import type { Model, ModelRequest, ModelResponse } from '../types';
import { ModelCallError, redact } from './errors';
import { resolveSettings, type ProviderSettings } from './settings';

export { ModelCallError, type ModelCallErrorKind } from './errors';
export {
  DEFAULT_BASE_URLS, DEFAULT_MODELS, DEFAULT_TIMEOUT_MS, DEFAULT_ANTHROPIC_MAX_TOKENS,
  type ProviderKind, type ProviderSettings,
} from './settings';

let openAiModule: Promise<typeof import('./openai')> | undefined;
let anthropicModule: Promise<typeof import('./anthropic')> | undefined;

/** A chunk that failed to load (offline, a new deploy) is not cached, so the next call tries again. */
function clientLoadFailed(name: string, forget: () => void) {
  return (error: unknown): never => {
    forget();
    const why = error instanceof Error ? error.message : String(error);
    throw new ModelCallError('network', `Could not load the ${name} client (${why}). Check the connection and reload the page.`);
  };
}

const loadOpenAi = () =>
  (openAiModule ??= import('./openai').catch(clientLoadFailed('OpenAI', () => (openAiModule = undefined))));
const loadAnthropic = () =>
  (anthropicModule ??= import('./anthropic').catch(clientLoadFailed('Anthropic', () => (anthropicModule = undefined))));

/** The first call waits for its client to load; Stop must not wait with it. */
function loaded<T>(module: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return module;
  const stopped = () => new ModelCallError('aborted', 'Stopped.');
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    module.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createModel(settings: ProviderSettings): Model {
  // A copy, so later edits of the settings form do not change a model already in use.
  const fixed: ProviderSettings = { ...settings };
  switch (fixed.provider) {
    case 'openai':
      return { complete: async (request) => (await loaded(loadOpenAi(), request.signal)).completeOpenAi(fixed, request) };
    case 'anthropic':
      return { complete: async (request) => (await loaded(loadAnthropic(), request.signal)).completeAnthropic(fixed, request) };
    case 'offline': {
      let offline: Promise<Model> | undefined;
      const load = () => (offline ??= import('../offline').then((m) => m.createOfflineModel({ today: fixed.today, strict: fixed.strict })));
      return { complete: async (request) => (await loaded(load(), request.signal)).complete(request) };
    }
    default:
      throw new Error(`Unknown provider "${String((fixed as { provider: unknown }).provider)}": choose offline, openai or anthropic.`);
  }
}

/** Budget for a connection test: long enough for a cold local model, short enough to be a test. */
const TEST_TIMEOUT_MS = 20_000;

const PROBE: ModelRequest = {
  system: 'This is a connection test. Answer with the single word OK.',
  messages: [{ role: 'user', content: 'Say OK.' }],
  tools: [],
  toolChoice: 'none',
  temperature: 0,
};

export async function testConnection(
  settings: ProviderSettings,
  signal?: AbortSignal,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  if (settings.provider === 'offline') return { ok: true, message: 'offline model: no key or network needed' };
  const probe: ProviderSettings = {
    ...settings,
    timeoutMs: settings.timeoutMs ?? TEST_TIMEOUT_MS,
    // Anthropic requires max_tokens; OpenAI's newer models refuse it, and "OK" is short anyway.
    maxTokens: settings.provider === 'anthropic' ? 8 : undefined,
  };
  try {
    const response: ModelResponse = await createModel(probe).complete({ ...PROBE, signal });
    const resolved = resolveSettings(probe, settings.provider);
    const answered = (response.wire?.response as { model?: string } | undefined)?.model || resolved.model;
    const said = response.text.trim() ? `: it answered "${response.text.trim().slice(0, 40)}"` : '';
    return { ok: true, message: `Connected to ${answered} at ${resolved.baseUrl}${said}.` };
  } catch (error) {
    const message = error instanceof ModelCallError ? error.message : `The test failed: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, message: redact(message, settings.apiKey) };
  }
}
