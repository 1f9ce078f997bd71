import { lazy, Suspense } from 'react';
import './editors.css';
import type { DiffTextProps } from './diff-text';

export type { DiffTextProps } from './diff-text';

// A dynamic import, as for LazyEditor: the first paint carries none of Monaco.
const MonacoDiffEditor = lazy(() => import('./MonacoDiffEditor'));

/** Old beside new in Monaco's diff editor, loaded on first use. */
export function LazyDiffEditor(props: DiffTextProps & { testId?: string; height?: number }) {
  const { testId, height = 220, ...rest } = props;
  return (
    <div className="code-editor diff-editor" data-testid={testId} style={{ height }}>
      <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
        <MonacoDiffEditor {...rest} />
      </Suspense>
    </div>
  );
}
