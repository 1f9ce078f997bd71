import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { IncomingFile } from './ImportDialog';
import { useApp, useStoreApi } from '../../store/context';

// The dialog (and the format detection, the preview and the workers' clients behind it) loads on
// the first Import or drop: the first paint is on a budget (.size-limit.mjs).
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** The folder a drop carries, if its first item is one (read later, in the dialog: read-folder.ts). */
function droppedFolder(event: DragEvent): FileSystemDirectoryEntry | undefined {
  const item = event.dataTransfer?.items?.[0];
  const entry = item && typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
  return entry?.isDirectory ? (entry as FileSystemDirectoryEntry) : undefined;
}

const carriesFiles = (event: DragEvent) => !!event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files');

/**
 * The top bar's Import button, its dialog, and a drop target over the whole window (the canvas
 * included): a file dropped anywhere opens the dialog with it, so nothing changes before the preview.
 */
export function ImportButton() {
  // In the store: the Ctrl+K palette's "Import…" opens it too.
  const open = useApp((s) => s.importOpen);
  const store = useStoreApi();
  const setOpen = useCallback((next: boolean) => store.getState().setImportOpen(next), [store]);
  const [incoming, setIncoming] = useState<IncomingFile | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const depth = useRef(0);
  const seq = useRef(0);

  useEffect(() => {
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setDragOver(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragOver(false);
    };
    const onOver = (event: DragEvent) => {
      // Without this the browser opens the dropped file in place of the app.
      if (carriesFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragOver(false);
      // A folder (a Pinecall agent with its base class and helpers): its entry is only readable during the drop.
      const folder = droppedFolder(event);
      const file = event.dataTransfer?.files[0];
      if (!folder && !file) return;
      seq.current += 1;
      setIncoming(folder ? { folder, seq: seq.current } : { file, seq: seq.current });
      setOpen(true);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [setOpen]);

  const close = useCallback(() => {
    setOpen(false);
    setIncoming(null);
  }, [setOpen]);

  return (
    <>
      <button data-testid="open-import" onClick={() => setOpen(true)} title="Import a Block Agent YAML, a Pinecall class or a Callboard JSON (or drop a file on the window)">
        Import
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog incoming={incoming} onClose={close} />
        </Suspense>
      )}
      {dragOver && !open && (
        <div className="import-drop-overlay" data-testid="import-drop-overlay" aria-hidden>
          <div>Drop the file to import it<span>Block Agent YAML, Pinecall TypeScript or Callboard JSON; you see what it holds before anything changes</span></div>
        </div>
      )}
    </>
  );
}
