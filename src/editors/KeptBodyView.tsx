import { useEffect, useState } from 'react';
import { LazyEditor } from './LazyEditor';
import type { CodeEditor } from './types';

export interface KeptBodyViewProps {
  toolId: string;
  toolName: string;
  body: string;
  /** The language the class was read from, which the body is written in. */
  language: 'python' | 'ruby';
  /** Where a code edge opened the code: the cursor goes there (1-based), once per `tick`. */
  revealAt?: { line: number; column: number; tick: number };
}

const NAMES = { python: { name: 'Python', extension: 'py' }, ruby: { name: 'Ruby', extension: 'rb' } } as const;

/**
 * A tool of a Pinecall class in Python or Ruby: its body as the team wrote it, read-only. Callboard
 * keeps it and that language's export writes it back, but no sandbox here runs Python or Ruby, so
 * the simulator answers the tool with its mock: the note says so rather than offer an editor whose
 * code would never run.
 */
export function KeptBodyView({ toolId, toolName, body, language, revealAt }: KeptBodyViewProps) {
  const [editor, setEditor] = useState<CodeEditor | null>(null);
  useEffect(() => {
    if (!editor || !revealAt) return;
    editor.setPosition({ lineNumber: revealAt.line, column: revealAt.column });
    editor.revealLineInCenter(revealAt.line);
  }, [editor, revealAt]);
  const { name, extension } = NAMES[language];
  return (
    <div className="python-body" data-testid={`${language}-body`}>
      <p className="field-hint" data-testid={`${language}-body-note`}>
        {toolName}&apos;s body is {name}, kept as written: the {name} export writes it back unchanged. Callboard cannot run
        {' '}{name}, so the simulator answers this tool with its mock result (Options), or with its arguments. Edit the body in
        your own editor and import the class again.
      </p>
      <LazyEditor
        testId={`${language}-body-code`}
        path={`file:///callboard/${language}/${encodeURIComponent(toolId)}.${extension}`}
        language={language}
        value={body}
        readOnly
        height="clamp(200px, 40vh, 560px)"
        ariaLabel={`${toolName}'s ${name} body (read-only)`}
        onMount={(e) => setEditor(e)}
      />
    </div>
  );
}
