// Loaded only through LazyEditor (React.lazy): this module pulls in Monaco itself.
import Editor from '@monaco-editor/react';
import { useEffect, useMemo, useRef } from 'react';
import { monaco } from './monaco-setup';
import { languageFor } from './tsx-language';
import { changedSpans } from '../model/changed-span';
import type { CodeEditor, CodeEditorProps, Marker } from './types';
import { useColorScheme } from './useColorScheme';

export default function MonacoEditor(props: CodeEditorProps) {
  const scheme = useColorScheme();
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const editorRef = useRef<CodeEditor | null>(null);
  const disposables = useRef<{ dispose(): void }[]>([]);
  useEffect(() => () => disposables.current.forEach((d) => d.dispose()), []);

  const { readOnly, options, ariaLabel } = props;
  // A read-only view follows its value by replacing only the spans that changed (model/changed-span.ts):
  // the library's own follow calls setValue, which rebuilds a megabyte-long Export preview on
  // every settled keystroke and sends its reader back to the top. The text it shows is kept with
  // the model's version, so the model is not read back whole (getValue builds a megabyte string)
  // unless something else changed it meanwhile.
  const shown = useRef<{ model: unknown; version: number; text: string } | null>(null);
  useEffect(() => {
    const model = readOnly ? editorRef.current?.getModel() : null;
    if (!model) return;
    const known = shown.current;
    const before = known && known.model === model && known.version === model.getVersionId() ? known.text : model.getValue();
    // Spans, not one: a docstring edit changes its fifty copies in a big agent's YAML, and one span
    // from the first to the last had Monaco re-tokenize most of the megabyte in one long task.
    const spans = changedSpans(before, props.value);
    if (spans.length > 0) {
      model.applyEdits(spans.map((span) => ({
        range: monaco.Range.fromPositions(model.getPositionAt(span.start), model.getPositionAt(span.end)),
        text: span.text,
      })));
    }
    // A text with carriage returns is what the model holds only after its own end-of-line normalising: read it back next time.
    shown.current = props.value.includes('\r') ? null : { model, version: model.getVersionId(), text: props.value };
  }, [readOnly, props.value, props.path]);
  const merged = useMemo(
    () => ({
      // Playwright's typing drops spaces through Monaco 0.57's EditContext on Chromium (toolchain.md).
      editContext: false,
      minimap: { enabled: false },
      fontSize: 12,
      lineHeight: 18,
      fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
      tabSize: 2,
      scrollBeyondLastLine: false,
      wordWrap: 'on' as const,
      renderLineHighlight: 'line' as const,
      lineNumbersMinChars: 3,
      folding: false,
      // The inspector is narrow: suggestions and hovers may overflow it.
      fixedOverflowWidgets: true,
      automaticLayout: true,
      readOnly: !!readOnly,
      ariaLabel,
      ...options,
    }),
    [readOnly, options, ariaLabel],
  );

  return (
    <Editor
      path={props.path}
      language={languageFor(props.language, props.path)}
      value={readOnly ? undefined : props.value}
      defaultValue={readOnly ? props.value : undefined}
      theme={scheme === 'dark' ? 'callboard-dark' : 'callboard-light'}
      options={merged}
      loading={<div className="editor-loading">Loading editor…</div>}
      beforeMount={() => latest.current.beforeMount?.(monaco)}
      onMount={(editor) => {
        editorRef.current = editor;
        // An existing model (kept by another view) may hold older text than the document.
        const model = editor.getModel();
        if (model && model.getValue() !== latest.current.value) model.setValue(latest.current.value);
        disposables.current.push(editor.onDidBlurEditorText(() => latest.current.onBlur?.()));
        const publish = () => {
          const uri = editor.getModel()?.uri;
          if (uri) latest.current.onMarkers?.(monaco.editor.getModelMarkers({ resource: uri }) as Marker[]);
        };
        disposables.current.push(monaco.editor.onDidChangeMarkers((uris) => {
          const uri = editor.getModel()?.uri;
          if (uri && uris.some((u) => u.toString() === uri.toString())) publish();
        }));
        publish();
        latest.current.onMount?.(editor, monaco);
      }}
      onChange={(value) => latest.current.onChange?.(value ?? '')}
    />
  );
}
