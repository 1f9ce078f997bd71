import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './types';
import './editors.css';

// The only way the app reaches Monaco: a dynamic import, so the first paint carries none of it.
const MonacoEditor = lazy(() => import('./MonacoEditor'));

/** A Monaco editor, loaded on first use, with a calm placeholder meanwhile. */
export function LazyEditor(props: CodeEditorProps) {
  const { testId, height = 240 } = props;
  return (
    <div className="code-editor" data-testid={testId} style={{ height }}>
      <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
        <MonacoEditor {...props} />
      </Suspense>
    </div>
  );
}
