import { useEffect, useState } from 'react';
import { useApp } from '../store/context';
import './undo-status.css';

const SHOWN_MS = 4000;

/**
 * Says what Ctrl+Z or Ctrl+Shift+Z just did ("Undid: delete tool book"), for a few seconds on
 * screen and in a polite live region: an undo that changes something off-screen is silent otherwise.
 */
export function UndoStatus() {
  const note = useApp((s) => s.undoNote);
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (!note) return;
    setShown(note.seq);
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [note]);
  const text = note && shown === note.seq ? `${note.action === 'undo' ? 'Undid' : 'Redid'}: ${note.what}` : '';
  // The region stays in the page, empty between notes, so that a reader announces each new text.
  return (
    <div className={`undo-status${text ? ' shown' : ''}`} role="status" aria-live="polite" data-testid="undo-status">
      {text}
    </div>
  );
}
