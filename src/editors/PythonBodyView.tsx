import { useEffect, useState } from 'react';
import { LazyEditor } from './LazyEditor';
import type { CodeEditor } from './types';

export interface PythonBodyViewProps {
  toolId: string;
  toolName: string;
  body: string;
  /** Where a code edge opened the code: the cursor goes there (1-based), once per `tick`. */
  revealAt?: { line: number; column: number; tick: number };
}

/**
 * A tool of a Pinecall class in Python: its body as the team wrote it, read-only. Callboard keeps it
 * and the Python export writes it back, but no sandbox here runs Python, so the simulator answers
 * the tool with its mock: the note says so rather than offer an editor whose code would never run.
 */
export function PythonBodyView({ toolId, toolName, body, revealAt }: PythonBodyViewProps) {
  const [editor, setEditor] = useState<CodeEditor | null>(null);
  useEffect(() => {
    if (!editor || !revealAt) return;
    editor.setPosition({ lineNumber: revealAt.line, column: revealAt.column });
    editor.revealLineInCenter(revealAt.line);
  }, [editor, revealAt]);
  return (
    <div className="python-body" data-testid="python-body">
      <p className="field-hint" data-testid="python-body-note">
        {toolName}&apos;s body is Python, kept as written: the Python export writes it back unchanged. Callboard cannot run
        Python, so the simulator answers this tool with its mock result (Options), or with its arguments. Edit the body in
        your own editor and import the class again.
      </p>
      <LazyEditor
        testId="python-body-code"
        path={`file:///callboard/python/${encodeURIComponent(toolId)}.py`}
        language="python"
        value={body}
        readOnly
        height="clamp(200px, 40vh, 560px)"
        ariaLabel={`${toolName}'s Python body (read-only)`}
        onMount={(e) => setEditor(e)}
      />
    </div>
  );
}
