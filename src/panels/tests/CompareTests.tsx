// "Compare with…" in the Tests panel (issue 15): the open agent's tests on the open agent (A) and on
// a version, a file or another model (B), N runs each, as a table of pass rates with the CLI's
// verdicts (simulator/conversation-tests/compare.ts). Loaded with React.lazy on the first click.
import { useEffect, useRef, useState } from 'react';
import type { AgentDocument } from '../../model';
import { compareVerdict, passRateText, type CompareRow } from '../../simulator/conversation-tests/compare';
import { useApp, useServices } from '../../store/context';
import { llmLabel } from '../../run/run-settings';
import { runCompare, type CompareProgress, type CompareSide } from '../../run/compare-runner';
import type { VersionInfo } from '../../store/versions/repository';
import { readComparedFile } from './compare-file';

type Mode = 'version' | 'file' | 'model';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

interface Result {
  rows: CompareRow[];
  sides: [string, string];
  runs: number;
  stopped?: boolean;
}

export default function CompareTests({ runs, onClose }: { runs: number; onClose(): void }) {
  const { store, versions } = useServices();
  const doc = useApp((s) => s.doc);
  const llm = useApp((s) => s.llm);
  const [mode, setMode] = useState<Mode>('version');
  const [list, setList] = useState<VersionInfo[]>([]);
  const [versionId, setVersionId] = useState('');
  const [file, setFile] = useState<{ name: string; doc?: AgentDocument; error?: string } | null>(null);
  const [model, setModel] = useState('');
  const [progress, setProgress] = useState<CompareProgress | 'loading' | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tests = doc.tests ?? [];

  useEffect(() => {
    if (!versions) return;
    let live = true;
    void versions.list(doc.id).then((found) => {
      if (!live) return;
      setList(found);
      setVersionId((id) => (found.some((v) => v.id === id) ? id : (found[0]?.id ?? '')));
    });
    return () => { live = false; };
  }, [versions, doc.id]);
  useEffect(() => () => abort.current?.abort(), []);

  const chosen = mode === 'version' ? versionId !== '' : mode === 'file' ? !!file?.doc : model.trim() !== '';
  const running = progress !== null;

  /** The second side, read when the run starts (a version from IndexedDB). */
  const sideB = async (): Promise<CompareSide | string> => {
    if (mode === 'model') return { label: model.trim(), doc, model: model.trim() };
    if (mode === 'file') return file?.doc ? { label: file.name, doc: file.doc } : 'choose a file first';
    const info = list.find((v) => v.id === versionId);
    const version = info && (await versions?.get(doc.id, info.id));
    if (!version) return 'that version is no longer kept: choose another';
    return { label: `the version of ${when(version.at)}${version.note ? ` (${version.note})` : ''}`, doc: version.doc };
  };

  const start = async () => {
    setError(null);
    setResult(null);
    const b = await sideB();
    if (typeof b === 'string') return setError(b);
    const a: CompareSide = { label: mode === 'model' ? llmLabel(llm) : 'Open agent', doc };
    const controller = new AbortController();
    abort.current = controller;
    setProgress('loading');
    try {
      const { llm: settings, apiKey, revision } = store.getState();
      const outcome = await runCompare(store, { llm: settings, apiKey, revision }, [a, b], tests, runs, { signal: controller.signal, onProgress: setProgress });
      setResult({ ...outcome, sides: [a.label, b.label], runs });
    } catch (failure) {
      setError(`The comparison could not run: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const chooseFile = async (picked: File) => {
    setFile({ name: picked.name });
    setFile({ name: picked.name, ...(await readComparedFile(picked)) });
  };

  const regressions = result?.rows.filter((r) => r.regression) ?? [];
  return (
    <section className="tt-compare" aria-label="Compare the tests with another agent or model" data-testid="tests-compare">
      <div className="tt-compare-bar">
        <label className="tt-runs">
          Compare the open agent with
          <select data-testid="compare-mode" value={mode} disabled={running} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="version">a version</option>
            <option value="file">a file</option>
            <option value="model">a model</option>
          </select>
        </label>
        {mode === 'version' && (
          <select aria-label="Version" data-testid="compare-version" value={versionId} disabled={running || list.length === 0} onChange={(e) => setVersionId(e.target.value)}>
            {list.length === 0 && <option value="">No versions yet</option>}
            {list.map((v) => <option key={v.id} value={v.id}>{when(v.at)} · {v.note ?? 'auto'} · {v.summary}</option>)}
          </select>
        )}
        {mode === 'file' && (
          <>
            <button data-testid="compare-choose-file" disabled={running} onClick={() => fileInput.current?.click()}>Choose a file…</button>
            <input ref={fileInput} type="file" hidden data-testid="compare-file-input" accept=".yaml,.yml,.tsx,.ts,.json,.zip"
              onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void chooseFile(f); }} />
            {file && <span className={file.error ? 'tt-error' : 'tt-summary'} data-testid="compare-file">{file.name}{file.doc ? `: ${file.doc.name}` : file.error ? `: ${file.error}` : ': reading…'}</span>}
          </>
        )}
        {mode === 'model' && (
          <input aria-label="Model" data-testid="compare-model" placeholder={`a model of ${llmLabel(llm)}`} value={model} disabled={running} onChange={(e) => setModel(e.target.value)} />
        )}
        <button className="primary" data-testid="compare-run" disabled={running || !chosen || tests.length === 0} onClick={() => void start()}
          title={`The open agent's ${plural(tests.length, 'test')}, ${plural(runs, 'run')} each, on both sides`}>
          Run on both
        </button>
        {running && (
          <>
            <span className="tt-progress" role="status" data-testid="compare-progress">
              {progress === 'loading' ? 'Loading the simulator…' : `${progress.side === 0 ? 'A' : 'B'}: ${progress.test}, run ${progress.run} of ${runs}…`}
            </span>
            <button className="danger" data-testid="compare-stop" onClick={() => abort.current?.abort()}>Stop</button>
          </>
        )}
        <span className="spacer" />
        <button className="ghost" aria-label="Close the comparison" title="Close the comparison" onClick={onClose}>✕</button>
      </div>
      {tests.length === 0 && <p className="tt-hint tt-compare-note">The open agent has no tests to compare with.</p>}
      {error && <p className="tt-error tt-compare-note" role="alert">{error}</p>}
      {result && (
        <div className="tt-compare-result">
          <p className="tt-compare-note" role="status" data-testid="compare-summary">
            {plural(result.rows.length, 'test')}, {plural(result.runs, 'run')} each: {regressions.length ? `${plural(regressions.length, 'regression')} (${regressions.map((r) => r.test).join(', ')})` : 'no regressions'}
            {result.stopped ? ' — stopped: only the tests both sides finished' : ''}
          </p>
          <table className="tt-compare-table" data-testid="compare-table" aria-label="Pass rates on both sides">
            <thead>
              <tr><th scope="col">Test</th><th scope="col">A: {result.sides[0]}</th><th scope="col">B: {result.sides[1]}</th><th scope="col">Change</th></tr>
            </thead>
            <tbody>
              {result.rows.map((row) => {
                const verdict = compareVerdict(row);
                return (
                  <tr key={row.test} data-testid="compare-row" data-verdict={verdict} className={`tt-verdict-${verdict.toLowerCase()}`}>
                    <th scope="row" className="tt-name">{row.test}</th>
                    <td>{passRateText(row.a)}</td>
                    <td>{passRateText(row.b)}</td>
                    <td>{row.regression ? <strong>regression</strong> : verdict}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
