import { useEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../model';
import { bodyUri } from './body-wrapper';
import { identifierPart } from '../runtimes/pinecall/format';
import { locateJsonPointer } from '../formats/json-locate';
import { LazyEditor } from './LazyEditor';
import { MarkerList } from './MarkerList';
import { afterTypingPauses } from '../store/pending-writes';
import type { CodeEditor, Marker, Monaco } from './types';

const pretty = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;

/** What a text means as parameters: the same canonical string as the document's, or undefined. */
function canonicalOf(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export interface SchemaJsonEditorProps {
  toolId: string;
  parameters: JsonSchema;
  /** Called with every edit that parses and whose root is an object. */
  onChange: (parameters: JsonSchema) => void;
  onBlur?: () => void;
  /** A pointer into the schema to scroll to and highlight; `tick` asks again for the same one. */
  reveal?: { pointer: string; tick: number };
  height?: number | string;
}

/**
 * A tool's parameters as JSON Schema text, checked against the draft-07 meta-schema
 * (monaco-setup.ts). The document is the source of truth: the text follows it unless the text
 * already means the same schema, so the user's own formatting survives their own edits, while a
 * form edit or an undo rewrites the text.
 */
export function SchemaJsonEditor({ toolId, parameters, onChange, onBlur, reveal, height = 260 }: SchemaJsonEditorProps) {
  const canonical = JSON.stringify(parameters);
  const [state, setState] = useState(() => ({ text: pretty(parameters), synced: canonical }));
  if (state.synced !== canonical) {
    // The document changed: keep the text when it already says this, else show the document's.
    setState({ text: canonicalOf(state.text) === canonical ? state.text : pretty(parameters), synced: canonical });
  }
  // What the editor shows. Its own edits show at once; a rewrite from the form (or an undo) waits for
  // a pause in typing: a description typed in the form rewrote and repainted this editor on every key,
  // a third of such a keystroke's cost on a big agent (issue 16).
  const [shown, setShown] = useState(state.text);
  useEffect(() => {
    if (shown === state.text) return;
    return afterTypingPauses(() => setShown(state.text));
  }, [state.text, shown]);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const editorRef = useRef<{ editor: CodeEditor; monaco: Monaco } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const mounted = editorRef.current;
    if (!reveal || !ready || !mounted) return;
    const { editor, monaco } = mounted;
    const model = editor.getModel();
    const found = model && locateJsonPointer(model.getValue(), reveal.pointer);
    if (!model || !found) return;
    const start = model.getPositionAt(found.start);
    const end = model.getPositionAt(found.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    editor.revealRangeInCenter(range);
    editor.setSelection(new monaco.Range(start.lineNumber, start.column, start.lineNumber, start.column));
    const highlight = editor.createDecorationsCollection([{ range, options: { className: 'reveal-highlight', isWholeLine: false } }]);
    const timer = window.setTimeout(() => highlight.clear(), 2500);
    return () => {
      window.clearTimeout(timer);
      highlight.clear();
    };
  }, [reveal, ready]);

  return (
    <div className="schema-json">
      <LazyEditor
        testId="params-json-editor"
        path={bodyUri(identifierPart(toolId)).replace(/\.body\.ts$/, '.parameters.json')}
        language="json"
        value={shown}
        height={height}
        ariaLabel="Parameters as JSON Schema"
        onChange={(text) => {
          setState({ text, synced: canonical });
          setShown(text);
          try {
            const parsed: unknown = JSON.parse(text);
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) onChange(parsed as JsonSchema);
          } catch {
            // Not JSON yet: the editor's markers say where; the document keeps the last schema that parsed.
          }
        }}
        onBlur={onBlur}
        onMarkers={setMarkers}
        onMount={(editor, monaco) => {
          editorRef.current = { editor, monaco };
          setReady(true);
        }}
      />
      <MarkerList markers={markers} testId="params-json-markers" />
    </div>
  );
}
