// Loaded only through LazyDiffEditor (React.lazy): this module pulls in Monaco itself.
import { DiffEditor } from '@monaco-editor/react';
import { useMemo } from 'react';
import './monaco-setup';
import type { DiffTextProps } from './diff-text';
import { useColorScheme } from './useColorScheme';

/** Old and new side by side in Monaco's diff editor (monaco.editor.createDiffEditor underneath), read-only. */
export default function MonacoDiffEditor({ original, modified, language = 'plaintext', ariaLabel, hideUnchanged = false }: DiffTextProps) {
  const scheme = useColorScheme();
  const options = useMemo(
    () => ({
      // Playwright's typing drops spaces through Monaco 0.57's EditContext on Chromium (toolchain.md).
      editContext: false,
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      // Side by side even in a narrow panel: the reviewer reads before beside after.
      useInlineViewWhenSpaceIsLimited: false,
      minimap: { enabled: false },
      fontSize: 12,
      lineHeight: 18,
      fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
      wordWrap: 'on' as const,
      diffWordWrap: 'on' as const,
      scrollBeyondLastLine: false,
      lineNumbersMinChars: 3,
      folding: false,
      automaticLayout: true,
      renderOverviewRuler: false,
      hideUnchangedRegions: { enabled: hideUnchanged, contextLineCount: 3, minimumLineCount: 3, revealLineCount: 20 },
      ariaLabel,
      originalAriaLabel: `${ariaLabel}: before`,
      modifiedAriaLabel: `${ariaLabel}: after`,
    }),
    [ariaLabel, hideUnchanged],
  );
  return (
    <DiffEditor
      original={original}
      modified={modified}
      language={language}
      theme={scheme === 'dark' ? 'callboard-dark' : 'callboard-light'}
      options={options}
      loading={<div className="editor-loading">Loading editor…</div>}
    />
  );
}
