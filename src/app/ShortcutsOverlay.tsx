import { useApp, useStoreApi } from '../store/context';

export const SHORTCUTS: [string, string][] = [
  ['Ctrl/Cmd K', 'Search blocks, stages and tools'],
  ['Ctrl/Cmd Z', 'Undo'],
  ['Ctrl/Cmd Shift Z', 'Redo (also Ctrl Y)'],
  ['Tab / Shift Tab', 'Go to the next or previous block, stage or edge on the canvas'],
  ['Space (Shift: add or remove)', 'Select the focused block, stage or edge'],
  ['Enter', 'Open the focused one in the inspector (its first field)'],
  ['C', 'Connect the focused or selected stage: pick the target, Enter'],
  ['Delete / Backspace', 'Delete the selection'],
  ['Ctrl/Cmd C / V / D', 'Copy, paste, duplicate'],
  ['Arrows (Shift: ×5)', 'Move the selected node'],
  ['Double-click', 'New block on the canvas, new stage inside a block'],
  ['Shift-click, drag on empty canvas', 'Select many'],
  ['Esc', 'Close a dialog, clear the selection'],
  ['?', 'This list'],
];

export function ShortcutsOverlay() {
  const open = useApp((s) => s.shortcutsOpen);
  const store = useStoreApi();
  if (!open) return null;
  const close = () => store.getState().setShortcutsOpen(false);
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="dialog" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts">
        <h2>Keyboard shortcuts</h2>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={keys}>
                <td style={{ padding: '3px 8px 3px 0', whiteSpace: 'nowrap' }}><span className="kbd">{keys}</span></td>
                <td style={{ padding: 3 }}>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div style={{ textAlign: 'right', marginTop: 10 }}><button onClick={close}>Close</button></div>
      </div>
    </div>
  );
}
