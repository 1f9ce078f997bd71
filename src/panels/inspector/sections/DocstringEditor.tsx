import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Tool } from '../../../model';
import { updateEntity } from '../../../model/ops';
import { trimLineEnds } from '../../../model/text-trim';
import { LazyEditor } from '../../../editors/LazyEditor';
import type { CodeEditor } from '../../../editors/types';
import { useCommit, useEndGesture, usePendingWrite } from '../commit';
import { useStoreApi } from '../../../store/context';
import type { SectionProps } from '../types';

const HEIGHT = 120;
/** How long the typing in the stand-in textarea must pause before Monaco takes its place. */
const SWAP_QUIET_MS = 300;

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
  const store = useStoreApi();
  const [trimmed, setTrimmed] = useState(false);
  // Spaces at a line's end are invisible here and would go into the export and the model's prompt
  // unseen (issue 31): the edit ends without them, in the same undo step, and the field says so.
  const finish = () => {
    pending.now();
    const current = store.getState().doc.tools.find((t) => t.id === tool.id)?.description;
    if (current !== undefined && trimLineEnds(current) !== current) {
      write(trimLineEnds(current));
      setTrimmed(true);
    }
    endGesture();
  };

  // When the textarea last took a key: the swap to Monaco waits for a pause in the typing.
  const lastKey = useRef(0);
  const onMount = (editor: CodeEditor) => {
    const swap = () => {
      const area = textarea.current;
      if (!area || document.activeElement !== area) return setReady(true);
      const wait = lastKey.current + SWAP_QUIET_MS - performance.now();
      if (wait > 0) return void setTimeout(swap, wait);
      // The swap and the focus in one task (flushSync: the textarea gone and the editor shown before
      // the focus moves): with the focus moved a frame later, keys typed in between were lost, and
      // the editor takes the first key after its focus badly, so the swap waits for a pause.
      const caret = area.selectionStart ?? 0;
      flushSync(() => setReady(true));
      const model = editor.getModel();
      if (model) editor.setPosition(model.getPositionAt(caret));
      editor.focus();
    };
    // Not from here: the library calls onMount from an effect, where flushSync cannot commit.
    setTimeout(swap, 0);
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
          onChange={(e) => {
            lastKey.current = performance.now();
            setTrimmed(false);
            write(e.target.value);
          }}
          onBlur={finish}
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
            // Prose, not code: Tab moves on to the next field, as in every text field (tabFocusMode).
            options={{ tabFocusMode: true, lineNumbers: 'off', glyphMargin: false, lineDecorationsWidth: 6, renderLineHighlight: 'none', overviewRulerLanes: 0, scrollbar: { vertical: 'auto', horizontal: 'hidden' } }}
            onMount={onMount}
            onChange={(text) => {
              setTrimmed(false);
              writeLater(text);
            }}
            onBlur={finish}
          />
        </div>
      )}
      {trimmed && <p className="insp-hint" data-testid="docstring-trimmed">Spaces at the ends of lines were removed: they are invisible here and would have gone into the export.</p>}
    </div>
  );
}
