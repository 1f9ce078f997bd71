import { useEffect, useMemo, useState } from 'react';
import type { BoundedPatterns } from '../../../model/bounded-pattern';
import type { JsonSchema, Tool } from '../../../model';
import { renameParameter, updateEntity } from '../../../model/ops';
import { SchemaJsonEditor } from '../../../editors/SchemaJsonEditor';
import {
  addParam, PARAM_TYPES, parseEnumText, removeParam, schemaToRows, setParamDescription, setParamEnum, setParamItemsType,
  setParamPattern, setParamRequired, setParamType, testPattern, type ParamRow, type ParamType,
} from '../../../editors/schema-form';
import { refusal, useCommit, useEndGesture } from '../commit';
import { SelectControl, TextControl } from '../fields';
import { parametersPointer } from '../focus';
import { escapePointer, useRevealRequest } from '../reveal';
import type { SectionProps } from '../types';

const TYPE_OPTIONS = PARAM_TYPES.map((t) => ({ value: t, label: t }));

/**
 * Params: the same schema as a form (the usual cases) and as JSON Schema text (everything).
 * Both write the document; each shows what the document holds, so editing one moves the other.
 */
export function ParamsEditor({ entity: tool, doc }: SectionProps<Tool>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const reveal = useRevealRequest();
  const pointer = reveal ? parametersPointer(reveal.rest) : undefined;
  const rows = schemaToRows(tool.parameters);
  const writeSchema = (change: (schema: JsonSchema) => JsonSchema, history: 'push' | 'gesture' = 'push') =>
    commit((d) => {
      const current = d.tools.find((t) => t.id === tool.id);
      return current ? updateEntity(d, 'tool', tool.id, { parameters: change(current.parameters) }) : d;
    }, history);

  return (
    <div className="params-editor">
      <div className="params-form" data-testid="params-form">
        {rows.length === 0 && <div className="muted small">No parameters: the model calls this tool with no arguments.</div>}
        {rows.map((row) => (
          <ParamCard key={row.name} tool={tool} row={row} writeSchema={writeSchema} onDone={endGesture} preview={(name) => refusal(renameParameter(doc, tool.id, row.name, name))} />
        ))}
        <button
          type="button"
          data-testid="param-add"
          onClick={() => writeSchema((schema) => addParam(schema, 'param').schema)}
        >
          Add parameter
        </button>
      </div>
      <div className="insp-field" data-path="/parameters">
        <div className="insp-label">JSON Schema</div>
        <SchemaJsonEditor
          key={tool.id}
          toolId={tool.id}
          parameters={tool.parameters}
          onChange={(parameters) => commit((d) => updateEntity(d, 'tool', tool.id, { parameters }), 'gesture')}
          onBlur={endGesture}
          reveal={pointer !== undefined && reveal ? { pointer, tick: reveal.tick } : undefined}
        />
        <div className="insp-hint">Checked against JSON Schema draft-07. Edits that parse are saved as you type.</div>
      </div>
    </div>
  );
}

function ParamCard({
  tool, row, writeSchema, onDone, preview,
}: {
  tool: Tool;
  row: ParamRow;
  writeSchema: (change: (schema: JsonSchema) => JsonSchema, history?: 'push' | 'gesture') => string | undefined;
  onDone: () => void;
  preview: (name: string) => string | undefined;
}) {
  const commit = useCommit();
  const base = `/parameters/properties/${escapePointer(row.name)}`;
  const simple = row.type !== 'other';
  return (
    <div className="param-card" data-path={base} data-testid={`param-${row.name}`}>
      <div className="param-head">
        <div className="param-name">
          <TextControl
            value={row.name}
            mode="blur"
            mono
            ariaLabel="Parameter name"
            onWrite={(name) => commit((d) => renameParameter(d, tool.id, row.name, name))}
            preview={preview}
          />
        </div>
        {simple ? (
          <SelectControl
            value={row.type}
            ariaLabel="Type"
            options={TYPE_OPTIONS}
            onWrite={(type) => writeSchema((s) => setParamType(s, row.name, type as ParamType))}
          />
        ) : (
          <span className="muted small" title="A union, a $ref or no type: edit it in the JSON below.">other</span>
        )}
        <label className="insp-check" data-path={`/parameters/required`}>
          <input type="checkbox" checked={row.required} aria-label={`${row.name} is required`} onChange={(e) => writeSchema((s) => setParamRequired(s, row.name, e.target.checked))} />
          <span>required</span>
        </label>
        <button
          type="button"
          className="ghost"
          aria-label={`Remove parameter ${row.name}`}
          title="Remove parameter"
          onClick={() =>
            commit((d) => {
              const current = d.tools.find((t) => t.id === tool.id);
              if (!current) return d;
              return updateEntity(d, 'tool', tool.id, { parameters: removeParam(current.parameters, row.name), pii: current.pii.filter((p) => p !== row.name) });
            })
          }
        >
          ×
        </button>
      </div>
      <div className="param-grid">
        <span className="param-key">description</span>
        <div className="insp-field" data-path={`${base}/description`}>
          <TextControl value={row.description} ariaLabel={`${row.name} description`} placeholder="What the model should pass" onWrite={(text, h) => writeSchema((s) => setParamDescription(s, row.name, text), h)} onDone={onDone} />
        </div>
        {row.type === 'array' && (
          <>
            <span className="param-key">items</span>
            <div className="insp-field" data-path={`${base}/items`}>
              <SelectControl value={row.itemsType ?? 'other'} ariaLabel="Item type" options={TYPE_OPTIONS} onWrite={(type) => writeSchema((s) => setParamItemsType(s, row.name, type as ParamType))} />
            </div>
          </>
        )}
        {simple && row.type !== 'array' && row.type !== 'object' && (
          <>
            <span className="param-key">enum</span>
            <div className="insp-field" data-path={`${base}/enum`}>
              <TextControl
                value={row.enumText}
                ariaLabel={`${row.name} enum`}
                placeholder="values, separated by commas"
                onWrite={(text, h) => {
                  const parsed = parseEnumText(text, row.type);
                  if ('error' in parsed) return parsed.error;
                  return writeSchema((s) => setParamEnum(s, row.name, parsed.values), h);
                }}
                onDone={onDone}
              />
            </div>
          </>
        )}
        {row.type === 'string' && (
          <>
            <span className="param-key">pattern</span>
            <div className="insp-field" data-path={`${base}/pattern`} data-testid={`param-${row.name}-pattern`}>
              <TextControl
                value={row.pattern}
                mono
                ariaLabel={`${row.name} pattern`}
                placeholder="a regular expression"
                onWrite={(text, h) => writeSchema((s) => setParamPattern(s, row.name, text), h)}
                onDone={onDone}
              />
              {row.pattern && <PatternTester toolId={tool.id} param={row.name} pattern={row.pattern} />}
            </div>
          </>
        )}
      </div>
      {row.otherKeywords.length > 0 && <div className="insp-hint">Also {row.otherKeywords.join(', ')}: edit in the JSON below.</div>}
    </div>
  );
}

// Samples are a scratchpad, not part of the agent: kept per tool and parameter for the session.
const samplesByParam = new Map<string, string[]>();

// The pattern is the document's, so samples are tested in the pattern sandbox (QuickJS with a
// deadline), loaded the first time a tester shows: the page's own RegExp has no deadline.
let patternSandbox: Promise<BoundedPatterns> | undefined;
function usePatternSandbox(): { sandbox?: BoundedPatterns; failed?: string } {
  const [state, setState] = useState<{ sandbox?: BoundedPatterns; failed?: string }>({});
  useEffect(() => {
    let live = true;
    patternSandbox ??= import('../../../simulator/sandbox/patterns').then((m) => m.preparePatternSandbox());
    patternSandbox.then(
      (sandbox) => live && setState({ sandbox }),
      (error: unknown) => {
        patternSandbox = undefined; // a later tester may try again
        if (live) setState({ failed: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Sample strings, each marked live as matching the pattern or not. */
export function PatternTester({ toolId, param, pattern }: { toolId: string; param: string; pattern: string }) {
  const key = `${toolId}/${param}`;
  const [samples, setSamplesState] = useState<string[]>(() => samplesByParam.get(key) ?? []);
  const [entry, setEntry] = useState('');
  const setSamples = (next: string[]) => {
    samplesByParam.set(key, next);
    setSamplesState(next);
  };
  const { sandbox, failed } = usePatternSandbox();
  // Run when the pattern or the samples change, not on every keystroke in the entry field.
  const result = useMemo(() => testPattern(pattern, samples, sandbox), [pattern, samples, sandbox]);
  const entryResult = entry ? testPattern(pattern, [entry], sandbox) : undefined;
  const entryMatch = entryResult && !entryResult.pending && !entryResult.slow ? entryResult.matches[0] : undefined;
  const slowCount = result.slow?.filter(Boolean).length ?? 0;
  const add = () => {
    if (!entry) return;
    setSamples([...samples, entry]);
    setEntry('');
  };
  return (
    <div className="pattern-tester" data-testid="pattern-tester">
      {result.error && <div className="insp-error" role="alert" data-testid="pattern-error">Not a valid regular expression: {result.error}</div>}
      {result.risk && !result.error && (
        <div className="insp-hint" role="status" data-testid="pattern-risk">
          This pattern may backtrack for a very long time on some strings ({result.risk}): each sample is tested with a deadline.
        </div>
      )}
      {slowCount > 0 && (
        <div className="insp-error" role="alert" data-testid="pattern-slow">
          The pattern took too long (over {result.timeoutMs} ms) on {slowCount === 1 ? 'a sample' : `${slowCount} samples`} and was stopped. In a run, a tool call it cannot decide is not captured, and the offline model reads no value by it.
        </div>
      )}
      {failed && <div className="insp-hint" role="status">Samples are not tested: the pattern sandbox did not load ({failed}).</div>}
      <ul>
        {samples.map((sample, i) => {
          const slow = result.slow?.[i] ?? false;
          const untested = result.error ?? result.pending ?? slow;
          const match = !untested && result.matches[i];
          return (
            <li key={i} data-testid="pattern-sample" data-match={slow ? 'slow' : String(match)}>
              <input className="mono" value={sample} placeholder="(empty)" aria-label={sample === '' ? 'Sample (the empty string)' : 'Sample'} onChange={(e) => setSamples(samples.map((s, j) => (j === i ? e.target.value : s)))} />
              <span className={`badge ${untested ? 'muted' : match ? 'ok' : 'bad'}`}>{slow ? 'too slow' : untested ? '—' : match ? 'match' : 'no match'}</span>
              <button type="button" className="ghost" aria-label="Remove sample" onClick={() => setSamples(samples.filter((_, j) => j !== i))}>×</button>
            </li>
          );
        })}
        <li>
          <input
            className="mono"
            value={entry}
            placeholder="Test a sample…"
            aria-label="New sample"
            data-testid="pattern-sample-entry"
            onChange={(e) => setEntry(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          {entryResult?.slow && <span className="badge bad">too slow</span>}
          {entryMatch !== undefined && !result.error && <span className={`badge ${entryMatch ? 'ok' : 'bad'}`}>{entryMatch ? 'match' : 'no match'}</span>}
          <button type="button" onClick={add} disabled={!entry}>Add</button>
          {/* An empty field adds nothing, yet "" is a value a model sends: ^[0-9]{4}$|^$ is written for it. */}
          <button type="button" className="ghost" data-testid="pattern-sample-empty" aria-label="Test the empty string" title="Test the empty string" disabled={samples.includes('')} onClick={() => setSamples([...samples, ''])}>
            + (empty)
          </button>
        </li>
      </ul>
    </div>
  );
}
