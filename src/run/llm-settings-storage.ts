// LLM settings on this device. The settings (provider, base URL, model, temperature, timeout, step budget, answer bounds) are kept in
// localStorage so a reload keeps them; the key only when the user ticks "Remember on this device",
// under its own entry, so that unticking removes exactly it. Neither ever enters the document.
import type { AppStore } from '../store/create';
import type { LlmSettings, ProviderKind } from '../store/types';

export const LLM_SETTINGS_KEY = 'callboard.llm';
export const LLM_API_KEY_KEY = 'callboard.llm.key';

const PROVIDERS: ProviderKind[] = ['offline', 'openai', 'anthropic'];

/** Reads what a previous visit saved; anything unreadable is ignored (the defaults stay). */
export function readSavedLlm(storage: Storage = localStorage): { settings: Partial<LlmSettings>; apiKey: string | null } {
  const settings: Partial<LlmSettings> = {};
  try {
    const raw = JSON.parse(storage.getItem(LLM_SETTINGS_KEY) ?? 'null') as Record<string, unknown> | null;
    if (raw && typeof raw === 'object') {
      if (PROVIDERS.includes(raw.provider as ProviderKind)) settings.provider = raw.provider as ProviderKind;
      if (typeof raw.baseUrl === 'string') settings.baseUrl = raw.baseUrl;
      if (typeof raw.model === 'string') settings.model = raw.model;
      if (typeof raw.temperature === 'number' && Number.isFinite(raw.temperature)) settings.temperature = raw.temperature;
      if (typeof raw.timeoutSeconds === 'number' && raw.timeoutSeconds > 0 && Number.isFinite(raw.timeoutSeconds)) settings.timeoutSeconds = raw.timeoutSeconds;
      if (typeof raw.budgetSeconds === 'number' && raw.budgetSeconds > 0 && Number.isFinite(raw.budgetSeconds)) settings.budgetSeconds = raw.budgetSeconds;
      for (const name of ['answerMegabytes', 'answerSeconds'] as const) {
        const value = raw[name];
        if (typeof value === 'number' && value > 0 && Number.isFinite(value)) settings[name] = value;
      }
      if (typeof raw.rememberKey === 'boolean') settings.rememberKey = raw.rememberKey;
      if (typeof raw.offlineStrict === 'boolean') settings.offlineStrict = raw.offlineStrict;
    }
  } catch {
    // A hand-edited or foreign entry: start from the defaults.
  }
  const apiKey = storage.getItem(LLM_API_KEY_KEY);
  return { settings, apiKey: settings.rememberKey ? apiKey : null };
}

export function writeSavedLlm(settings: LlmSettings, apiKey: string, storage: Storage = localStorage): void {
  const { provider, baseUrl, model, temperature, timeoutSeconds, budgetSeconds, answerMegabytes, answerSeconds, rememberKey, offlineStrict } = settings;
  storage.setItem(LLM_SETTINGS_KEY, JSON.stringify({ provider, baseUrl, model, temperature, timeoutSeconds, budgetSeconds, answerMegabytes, answerSeconds, rememberKey, offlineStrict }));
  if (rememberKey && apiKey) storage.setItem(LLM_API_KEY_KEY, apiKey);
  else storage.removeItem(LLM_API_KEY_KEY);
}

const hydrated = new WeakSet<AppStore>();

/** Puts the saved settings (and a remembered key) into the store once per store. */
export function hydrateLlmSettings(store: AppStore, storage: Storage = localStorage): void {
  if (hydrated.has(store)) return;
  hydrated.add(store);
  const { settings, apiKey } = readSavedLlm(storage);
  store.getState().setLlm(settings);
  if (apiKey) store.getState().setApiKey(apiKey);
}
