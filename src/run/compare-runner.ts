// The Tests panel's "Compare with…" (issue 15): the open agent's tests on two sides — the open
// agent against a version, a file or another model — N runs each, in an engine worker of its own,
// with the simulator's LLM settings (a side may name another model). The rows are the CLI's
// (simulator/conversation-tests/compare.ts). Nothing here writes the document or the Tests slice.
import type { AgentDocument, ConversationTest } from '../model';
import { compareRows, type CompareRow } from '../simulator/conversation-tests/compare';
import type { TestRunResult, TestSuiteEntry } from '../simulator/conversation-tests/types';
import type { LlmSettings } from '../store/types';
import { EngineHost, EngineStopped } from './engine-host';
import { runSettingsFrom } from './run-settings';

export interface CompareSide {
  /** "Open agent", "the version of 1 Dec, 18:20", "clinic-b.yaml", or a model's name. */
  label: string;
  doc: AgentDocument;
  /** Another model than the simulator's, for the configured provider. */
  model?: string;
}

export interface CompareProgress {
  side: 0 | 1;
  test: string;
  run: number;
}

export interface CompareOutcome {
  rows: CompareRow[];
  /** Set when Stop cut the comparison short: the rows are the tests both sides finished. */
  stopped?: boolean;
}

/** A regression is judged as the CLI's default (--min-pass-rate 1): every run must pass. */
export const COMPARE_MIN_PASS_RATE = 1;

/** How long a finished side waits for its last run's callback before counting what came. */
const CALLBACK_GRACE_MS = 2000;

const engines = new WeakMap<object, EngineHost>();

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const entryOf = (test: string, runs: TestRunResult[]): TestSuiteEntry => {
  const passes = runs.filter((r) => r.passed).length;
  return { test, runs, passes, passRate: runs.length ? passes / runs.length : 0 };
};

/**
 * Runs `tests` (the open agent's) `runs` times on each side, A then B. B's own tests do not count:
 * A's are what the change must keep passing, so each side runs with A's tests. A test with fewer
 * runs than asked (Stop) has no row.
 */
export async function runCompare(
  owner: object,
  settings: { llm: LlmSettings; apiKey: string; revision: number },
  sides: readonly [CompareSide, CompareSide],
  tests: readonly ConversationTest[],
  runs: number,
  options: { signal: AbortSignal; onProgress?(progress: CompareProgress): void },
): Promise<CompareOutcome> {
  let engine = engines.get(owner);
  if (!engine) engines.set(owner, (engine = new EngineHost()));
  const entries: [TestSuiteEntry[], TestSuiteEntry[]] = [[], []];
  for (const side of [0, 1] as const) {
    if (options.signal.aborted) break;
    const { doc, model } = sides[side];
    const llm = model ? { ...settings.llm, model } : settings.llm;
    const runSettings = runSettingsFrom(llm, settings.apiKey, { today: localToday() }, { revision: settings.revision });
    const results = new Map<string, TestRunResult[]>(tests.map((t) => [t.name, []]));
    // The callbacks come over a port of their own: the last may land after the call has returned.
    let received = 0;
    let allIn = () => {};
    const arrived = new Promise<void>((resolve) => (allIn = resolve));
    options.onProgress?.({ side, test: tests[0]?.name ?? '', run: 1 });
    const onRun = EngineHost.callback((name: string, run: number, result: TestRunResult) => {
      // A run cut short by Stop says nothing about the agent.
      if (options.signal.aborted) return;
      results.get(name)?.push(result);
      if (++received === tests.length * runs) allIn();
      const at = tests.findIndex((t) => t.name === name);
      if (run < runs) options.onProgress?.({ side, test: name, run: run + 1 });
      else if (at + 1 < tests.length) options.onProgress?.({ side, test: tests[at + 1].name, run: 1 });
    });
    try {
      await engine.call((api, id) => api.runTests(id, { ...doc, tests: [...tests] }, [...tests], runs, runSettings, onRun), options.signal);
    } catch (error) {
      if (!(error instanceof EngineStopped)) throw error;
    }
    if (!options.signal.aborted) await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, CALLBACK_GRACE_MS))]);
    entries[side] = [...results].filter(([, r]) => r.length === runs).map(([name, r]) => entryOf(name, r));
  }
  const rows = compareRows(entries[0], entries[1], COMPARE_MIN_PASS_RATE);
  return options.signal.aborted ? { rows, stopped: true } : { rows };
}
