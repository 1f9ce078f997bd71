import { useEffect, useMemo, useRef, useState } from 'react';
import type { AgentDocument, Tool } from '../model';
import { bodyUri, encodeWrapper, STATE_LIB_URI, wrapperLibUri } from './body-wrapper';
import { identifierPart, RUNTIME_DECLARATIONS, signatureCaption, stateDeclaration, toolWrapper } from '../runtimes/pinecall/format';
import { LazyEditor } from './LazyEditor';
import { MarkerList } from './MarkerList';
import type { CodeEditor, Marker, Monaco } from './types';

export interface ImplementationEditorProps {
  doc: AgentDocument;
  tool: Tool;
  onChange: (body: string) => void;
  onBlur?: () => void;
  height?: number | string;
  /** Put the cursor here (1-based), scrolled into view and marked for a moment; `tick` repeats a request. */
  revealAt?: { line: number; column: number; tick: number };
}

/**
 * A tool's implementation: only the body is shown and edited; TypeScript checks it as the body
 * of `async function (this: state, …parameters)` (runtimes/pinecall/format/editor-declarations.ts, ts-body.worker.ts).
 */
export function ImplementationEditor({ doc, tool, onChange, onBlur, height = 'clamp(240px, 45vh, 640px)', revealAt }: ImplementationEditorProps) {
  const path = bodyUri(identifierPart(tool.id));
  const { state, stages } = doc;
  const stateLib = useMemo(() => stateDeclaration({ state, stages }) + RUNTIME_DECLARATIONS, [state, stages]);
  const wrapperLib = useMemo(() => encodeWrapper(toolWrapper(tool)), [tool]);
  const monacoRef = useRef<Monaco | null>(null);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [editor, setEditor] = useState<CodeEditor | null>(null);
  const revealed = useRef<number | null>(null);
  const mark = useRef<{ clear(): void } | null>(null);

  // Extra libs are how the worker learns the types; adding the same text again is a no-op.
  const register = (monaco: Monaco, libs: { state: string; wrapper: string }) => {
    monaco.typescript.typescriptDefaults.addExtraLib(libs.state, STATE_LIB_URI);
    monaco.typescript.typescriptDefaults.addExtraLib(libs.wrapper, wrapperLibUri(path));
  };
  useEffect(() => {
    if (monacoRef.current) register(monacoRef.current, { state: stateLib, wrapper: wrapperLib });
  });

  // Once Monaco has mounted (it loads lazily), each request once: cursor on the spot, the rest of
  // its line marked until the code is edited or another spot is asked for.
  useEffect(() => {
    if (!editor || !revealAt || revealed.current === revealAt.tick) return;
    revealed.current = revealAt.tick;
    editor.setPosition({ lineNumber: revealAt.line, column: revealAt.column });
    editor.revealLineInCenter(revealAt.line);
    editor.focus();
    const lineEnd = editor.getModel()?.getLineMaxColumn(revealAt.line) ?? revealAt.column;
    mark.current?.clear();
    const marked = editor.createDecorationsCollection([{
      range: { startLineNumber: revealAt.line, startColumn: revealAt.column, endLineNumber: revealAt.line, endColumn: lineEnd },
      options: { inlineClassName: 'code-flow-target', className: 'reveal-highlight' },
    }]);
    mark.current = marked;
    const edited = editor.onDidChangeModelContent(() => {
      marked.clear();
      edited.dispose();
    });
  }, [editor, revealAt]);

  return (
    <div className="implementation">
      <div className="code-caption" title="The signature comes from the parameters; `this` is the agent's state.">
        <code>{signatureCaption(tool)} {'{'}</code>
      </div>
      <LazyEditor
        testId="code-editor"
        path={path}
        language="typescript"
        value={tool.implementation ?? ''}
        height={height}
        ariaLabel={`Implementation of ${tool.name}`}
        beforeMount={(monaco) => {
          monacoRef.current = monaco;
          register(monaco, { state: stateLib, wrapper: wrapperLib });
        }}
        onChange={onChange}
        onBlur={onBlur}
        onMarkers={setMarkers}
        onMount={setEditor}
      />
      <div className="code-caption"><code>{'}'}</code></div>
      <MarkerList markers={markers} testId="code-markers" />
    </div>
  );
}
