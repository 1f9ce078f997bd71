import { providerSettingsFrom } from '../../run/run-settings';
import { useEffect, useRef, useState } from 'react';
import { useStoreApi } from '../../store/context';
import type { LlmSettings, ProviderKind } from '../../store/types';
import { writeSavedLlm } from '../../run/llm-settings-storage';
import { Dialog } from '../../ui/Dialog';
import './llm-settings.css';
import { SecondsField, type SecondsRange } from './SecondsField';

const PROVIDERS: { value: ProviderKind; label: string }[] = [
  { value: 'offline', label: 'Offline (built in)' },
  { value: 'openai', label: 'OpenAI-compatible' },
  { value: 'anthropic', label: 'Anthropic' },
];

/** OpenAI-compatible endpoints people point a browser at; any other URL can be typed. */
export const BASE_URL_PRESETS: { label: string; url: string }[] = [
  { label: 'OpenAI', url: 'https://api.openai.com/v1' },
  { label: 'Groq', url: 'https://api.groq.com/openai/v1' },
  { label: 'OpenRouter', url: 'https://openrouter.ai/api/v1' },
  { label: 'Together', url: 'https://api.together.xyz/v1' },
  { label: 'Ollama', url: 'http://localhost:11434/v1' },
  { label: 'LM Studio', url: 'http://localhost:1234/v1' },
];

type TestState = { state: 'idle' } | { state: 'testing' } | { state: 'done'; ok: boolean; message: string };

export function LlmSettingsDialog() {
  const store = useStoreApi();
  const [form, setForm] = useState<LlmSettings>(() => store.getState().llm);
  const [apiKey, setApiKey] = useState(() => store.getState().apiKey);
  // The fields' own text (SecondsField), kept here so that it outlives the timeout field hiding.
  const [timeoutText, setTimeoutText] = useState(() => String(store.getState().llm.timeoutSeconds));
  const [budgetText, setBudgetText] = useState(() => String(store.getState().llm.budgetSeconds));
  const [answerSizeText, setAnswerSizeText] = useState(() => String(store.getState().llm.answerMegabytes));
  const [answerTimeText, setAnswerTimeText] = useState(() => String(store.getState().llm.answerSeconds));
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const testAbort = useRef<AbortController | null>(null);
  useEffect(() => () => testAbort.current?.abort(), []);
  // The key field is filled through the DOM property only: a controlled input would also write it
  // into the element's `value` attribute, and so into the page's HTML.
  const keyInput = useRef<HTMLInputElement>(null);
  const remote = form.provider !== 'offline';
  useEffect(() => {
    if (keyInput.current) keyInput.current.value = apiKey;
    // Only when the field appears: afterwards the field is the source and `apiKey` follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote]);

  const patch = (p: Partial<LlmSettings>) => {
    setForm((f) => ({ ...f, ...p }));
    setTest({ state: 'idle' });
  };
  const close = () => store.getState().setLlmSettingsOpen(false);
  const save = () => {
    store.getState().setLlm(form);
    store.getState().setApiKey(apiKey);
    writeSavedLlm(form, apiKey);
    close();
  };
  const runTest = async () => {
    testAbort.current?.abort();
    const abort = new AbortController();
    testAbort.current = abort;
    setTest({ state: 'testing' });
    try {
      const { testConnection } = await import('../../simulator/providers');
      const out = await testConnection(providerSettingsFrom(form, apiKey, {}), abort.signal);
      if (!abort.signal.aborted) setTest({ state: 'done', ok: out.ok, message: out.message });
    } catch (error) {
      if (!abort.signal.aborted) setTest({ state: 'done', ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Dialog as="form" className="dialog llm-dialog" label="LLM settings" data-testid="llm-dialog" onClose={close} onSubmit={(e) => (e.preventDefault(), save())}>
      <h2>LLM for the simulator</h2>
      <p className="llm-hint">
        The offline model needs no key and no network. A remote model is called from this browser with your key; the key never goes into the agent, an export or a URL.
      </p>
      <label className="llm-row">
        <span>Provider</span>
        <select data-testid="llm-provider" value={form.provider} onChange={(e) => patch({ provider: e.target.value as ProviderKind })} autoFocus>
          {PROVIDERS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </label>
      {remote && (
        <>
          <label className="llm-row">
            <span>Base URL</span>
            <input data-testid="llm-base-url" value={form.baseUrl} placeholder={form.provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1'} onChange={(e) => patch({ baseUrl: e.target.value.trim() })} spellCheck={false} />
          </label>
          {form.provider === 'openai' && (
            <div className="llm-presets" role="group" aria-label="Base URL presets">
              {BASE_URL_PRESETS.map((p) => (
                <button type="button" key={p.label} className={form.baseUrl === p.url ? 'chip on' : 'chip'} onClick={() => patch({ baseUrl: p.url })} title={p.url}>{p.label}</button>
              ))}
            </div>
          )}
          <label className="llm-row">
            <span>Model</span>
            <input data-testid="llm-model" value={form.model} placeholder={form.provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini'} onChange={(e) => patch({ model: e.target.value.trim() })} spellCheck={false} />
          </label>
          <label className="llm-row">
            <span>API key</span>
            <input data-testid="llm-api-key" ref={keyInput} type="password" autoComplete="off" placeholder="Not needed for a local server" onChange={(e) => (setApiKey(e.target.value.trim()), setTest({ state: 'idle' }))} spellCheck={false} />
          </label>
          <label className="llm-check">
            <input type="checkbox" data-testid="llm-remember" checked={form.rememberKey} onChange={(e) => patch({ rememberKey: e.target.checked })} />
            Remember the key on this device (kept in this browser's storage, readable by anyone using it)
          </label>
          <SecondsField
            label="Timeout (s)"
            what="The timeout"
            testId="llm-timeout"
            title="How long the server may stay silent, before the answer or between streamed chunks, before the call fails"
            range={TIMEOUT_RANGE}
            text={timeoutText}
            kept={form.timeoutSeconds}
            onText={(text, seconds) => {
              setTimeoutText(text);
              if (seconds !== undefined) patch({ timeoutSeconds: seconds });
            }}
          />
          <SecondsField
            label="Answer size (MB)"
            what="The answer size"
            testId="llm-answer-size"
            title="The most one model answer (its text and tool-call arguments) may hold; a server that streams past it is cut off and the step says so"
            range={ANSWER_SIZE_RANGE}
            text={answerSizeText}
            kept={form.answerMegabytes}
            onText={(text, megabytes) => {
              setAnswerSizeText(text);
              if (megabytes !== undefined) patch({ answerMegabytes: megabytes });
            }}
          />
          <SecondsField
            label="Answer time (s)"
            what="The answer time"
            testId="llm-answer-time"
            title="The longest one model answer may take in all, however steadily the server streams; the timeout above only cuts a silent server"
            range={ANSWER_TIME_RANGE}
            text={answerTimeText}
            kept={form.answerSeconds}
            onText={(text, seconds) => {
              setAnswerTimeText(text);
              if (seconds !== undefined) patch({ answerSeconds: seconds });
            }}
          />
        </>
      )}
      {!remote && (
        <label className="llm-check">
          <input type="checkbox" data-testid="llm-offline-strict" checked={form.offlineStrict} onChange={(e) => patch({ offlineStrict: e.target.checked })} />
          Confirm its guesses: write alone only what it reads on evidence measured right nine times in ten on agents it was never tuned on, and offer every other value for you to confirm or correct
        </label>
      )}
      <label className="llm-row">
        <span>Temperature</span>
        <input data-testid="llm-temperature" type="number" min={0} max={2} step={0.1} value={form.temperature} onChange={(e) => patch({ temperature: clampTemperature(e.target.valueAsNumber) })} />
      </label>
      <SecondsField
        label="Step budget (s)"
        what="The step budget"
        testId="llm-budget"
        title="How long the agent's own code (templates, when predicates, conditions, tool bodies) may run in one step, in all"
        range={BUDGET_RANGE}
        text={budgetText}
        kept={form.budgetSeconds}
        onText={(text, seconds) => {
          setBudgetText(text);
          if (seconds !== undefined) patch({ budgetSeconds: seconds });
        }}
      />
      <div className="llm-actions">
        <button type="button" data-testid="llm-test" onClick={() => void runTest()} disabled={test.state === 'testing'}>
          {test.state === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        {test.state === 'done' && (
          <span className={`llm-test-result ${test.ok ? 'ok' : 'fail'}`} data-testid="llm-test-result" role="status">{test.ok ? '✓ ' : '✗ '}{test.message}</span>
        )}
        <span className="spacer" />
        <button type="button" onClick={close}>Cancel</button>
        <button type="submit" className="primary" data-testid="llm-save">Save</button>
      </div>
    </Dialog>
  );
}

/** A call may stay silent this long, at most and at least (seconds); 0.1 keeps tests fast. */
const TIMEOUT_RANGE: SecondsRange = { min: 0.1, max: 600, example: 60 };
/** One answer may hold this much, in MB (decimal); 0.001 (1 KB) keeps tests fast. */
const ANSWER_SIZE_RANGE: SecondsRange = { min: 0.001, max: 1000, example: 2, unit: { name: 'megabytes', short: 'MB' } };
/** One answer may take this long in all (seconds). */
const ANSWER_TIME_RANGE: SecondsRange = { min: 0.1, max: 3600, example: 300 };
/** The agent code of one step may run this long in all, at most and at least (seconds). */
const BUDGET_RANGE: SecondsRange = { min: 0.1, max: 300, example: 5 };

function clampTemperature(value: number): number {
  return Number.isFinite(value) ? Math.min(2, Math.max(0, value)) : 0;
}


