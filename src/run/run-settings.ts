// The one way the page turns the user's LLM settings, key and call facts into what a run is made
// of. The simulator, the Tests panel and a replay all read it here, so a setting honoured by one is
// honoured by all (the Tests panel once dropped the timeout: its suites ignored the user's setting).
import type { LlmSettings } from '../store/types';
import type { ProviderSettings } from '../simulator/providers/settings';
import type { CallFacts } from '../simulator/types';
import type { RunSettings } from './engine-api';

/** The provider's settings: empty strings are "the provider's default"; the key only where one is used. */
export function providerSettingsFrom(llm: LlmSettings, apiKey: string, call: CallFacts): ProviderSettings {
  return {
    provider: llm.provider,
    baseUrl: llm.baseUrl || undefined,
    model: llm.model || undefined,
    temperature: llm.temperature,
    timeoutMs: llm.timeoutSeconds * 1000,
    maxAnswerBytes: Math.round(llm.answerMegabytes * 1e6),
    maxAnswerMs: llm.answerSeconds * 1000,
    // The key goes to the provider client only; the offline model never needs it.
    apiKey: llm.provider === 'offline' ? undefined : apiKey,
    today: typeof call.today === 'string' ? call.today : undefined,
    ...(llm.provider === 'offline' && llm.offlineStrict ? { strict: true } : {}),
  };
}

export function runSettingsFrom(
  llm: LlmSettings,
  apiKey: string,
  call: CallFacts,
  more: { revision: number; mcpMocks?: Record<string, unknown> },
): RunSettings {
  return {
    provider: providerSettingsFrom(llm, apiKey, call),
    revision: more.revision,
    call,
    ...(more.mcpMocks ? { mcpMocks: more.mcpMocks } : {}),
    temperature: llm.temperature,
    budgetMs: llm.budgetSeconds * 1000,
  };
}

/** The chip that names the model a run will use; the simulator shows it too. */
export function llmLabel(llm: LlmSettings): string {
  if (llm.provider === 'offline') return llm.offlineStrict ? 'Offline model · strict' : 'Offline model';
  const host = hostOf(llm.baseUrl) ?? (llm.provider === 'anthropic' ? 'Anthropic' : 'OpenAI');
  return `${llm.model || 'default model'} · ${host}`;
}

function hostOf(url: string): string | null {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}
