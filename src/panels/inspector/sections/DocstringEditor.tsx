import { useRef, useState } from 'react';
import type { Tool } from '../../../model';
import { updateEntity } from '../../../model/ops';
import { LazyEditor } from '../../../editors/LazyEditor';
import type { CodeEditor } from '../../../editors/types';
import { useCommit, useEndGesture, usePendingWrite } from '../commit';
import type { SectionProps } from '../types';

const HEIGHT = 120;

/**
 * The tool's docstring, edited in Monaco (the product card says so: word wrap, undo per word, find).
 * Monaco is not on the first paint: a plain textarea stands in, and the first focus loads Monaco,
 * which replaces the textarea once it has mounted, with the caret where it was. Until then the
 * textarea writes as any text field does, so typing never waits for the chunk.
 */
export function DocstringEditor({ entity: tool }: SectionProps<Tool>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const pending = usePendingWrite();
  const write = (description: string) => commit((d) => updateEntity(d, 'tool', tool.id, { description }), 'gesture');
  // Monaco keeps its own text, so its keystrokes may write after the frame; the textarea stand-in
  // shows the document's text and writes at once.
  const writeLater = (description: string) => pending.later(() => write(description));

  const onMount = (editor: CodeEditor) => {
    const area = textarea.current;
    const hadFocus = !!area && document.activeElement === area;
    const caret = area?.selectionStart ?? 0;
    setReady(true);
    if (!hadFocus) return;
    const model = editor.getModel();
    if (model) editor.setPosition(model.getPositionAt(caret));
    // After React has hidden the textarea and shown the editor.
    requestAnimationFrame(() => editor.focus());
  };

  return (
    <div className="docstring-editor" data-testid="docstring-editor" data-editor={ready ? 'monaco' : 'textarea'}>
      {!ready && (
        <textarea
          ref={textarea}
          rows={6}
          value={tool.description}
          aria-label="Docstring"
          placeholder="One line a model can choose this tool by."
          onFocus={() => setWanted(true)}
          onPointerEnter={() => setWanted(true)}
          onChange={(e) => write(e.target.value)}
          onBlur={endGesture}
        />
      )}
      {wanted && (
        <div hidden={!ready}>
          <LazyEditor
            testId="docstring-monaco"
            path={`file:///callboard/docstrings/${encodeURIComponent(tool.id)}.txt`}
            language="plaintext"
            value={tool.description}
            height={HEIGHT}
            ariaLabel="Docstring"
            options={{ lineNumbers: 'off', glyphMargin: false, lineDecorationsWidth: 6, renderLineHighlight: 'none', overviewRulerLanes: 0, scrollbar: { vertical: 'auto', horizontal: 'hidden' } }}
            onMount={onMount}
            onChange={writeLater}
            onBlur={endGesture}
          />
        </div>
      )}
    </div>
  );
}
