import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store/create';
import { DEFAULT_LLM } from '../store/slices/simulation';
import { LLM_API_KEY_KEY, LLM_SETTINGS_KEY, hydrateLlmSettings, readSavedLlm, writeSavedLlm } from './llm-settings-storage';

/** A Map-backed Storage, as localStorage behaves. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const remote = { ...DEFAULT_LLM, provider: 'openai' as const, baseUrl: 'https://api.groq.com/openai/v1', model: 'llama', temperature: 0.5 };

describe('LLM settings on this device', () => {
  it('keeps the settings but never the key unless Remember is ticked', () => {
    const storage = memoryStorage();
    writeSavedLlm(remote, 'sk-secret', storage);
    expect(storage.getItem(LLM_API_KEY_KEY)).toBeNull();
    expect(storage.getItem(LLM_SETTINGS_KEY)).not.toContain('sk-secret');
    expect(readSavedLlm(storage)).toEqual({ settings: { ...remote }, apiKey: null });
  });

  it('remembers the key when asked, and unticking removes exactly it', () => {
    const storage = memoryStorage();
    writeSavedLlm({ ...remote, rememberKey: true }, 'sk-secret', storage);
    expect(readSavedLlm(storage).apiKey).toBe('sk-secret');
    writeSavedLlm({ ...remote, rememberKey: false }, 'sk-secret', storage);
    expect(storage.getItem(LLM_API_KEY_KEY)).toBeNull();
    expect(readSavedLlm(storage).settings.model).toBe('llama');
  });

  it('keeps the timeout a user set, and ignores one that is not a positive number', () => {
    const storage = memoryStorage();
    writeSavedLlm({ ...remote, timeoutSeconds: 2.5 }, '', storage);
    expect(readSavedLlm(storage).settings.timeoutSeconds).toBe(2.5);
    for (const bad of [0, -3, '"30"', 'null']) {
      storage.setItem(LLM_SETTINGS_KEY, `{"model":"x","timeoutSeconds":${bad}}`);
      expect(readSavedLlm(storage).settings).toEqual({ model: 'x' });
    }
  });

  it('ignores what it cannot read, and fills a store once', () => {
    const storage = memoryStorage();
    storage.setItem(LLM_SETTINGS_KEY, '{"provider":"gemini","temperature":"hot","model":"x"}');
    expect(readSavedLlm(storage).settings).toEqual({ model: 'x' });
    storage.setItem(LLM_SETTINGS_KEY, 'not json');
    expect(readSavedLlm(storage).settings).toEqual({});

    writeSavedLlm({ ...remote, rememberKey: true }, 'sk-secret', storage);
    const store = createAppStore();
    hydrateLlmSettings(store, storage);
    expect(store.getState().llm).toMatchObject({ provider: 'openai', model: 'llama', rememberKey: true });
    expect(store.getState().apiKey).toBe('sk-secret');
    store.getState().setApiKey('');
    hydrateLlmSettings(store, storage);
    expect(store.getState().apiKey).toBe('');
  });
});
