import { shortcutRows } from '../commands';
import { useApp, useStoreApi } from '../store/context';
import { Dialog } from '../ui/Dialog';

/** The ? overlay: its rows are the command list's (src/commands), never a copy of it. */
export function ShortcutsOverlay() {
  const open = useApp((s) => s.shortcutsOpen);
  const store = useStoreApi();
  if (!open) return null;
  const close = () => store.getState().setShortcutsOpen(false);
  return (
    <Dialog className="dialog" label="Keyboard shortcuts" data-testid="shortcuts" onClose={close}>
      <h2>Keyboard shortcuts</h2>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {shortcutRows().map((row) => (
            <tr key={row.id} data-testid={`shortcut-${row.id}`}>
              <td style={{ padding: '3px 8px 3px 0', whiteSpace: 'nowrap' }}><span className="kbd">{row.keys}</span></td>
              <td style={{ padding: 3 }}>{row.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ textAlign: 'right', marginTop: 10 }}><button onClick={close}>Close</button></div>
    </Dialog>
  );
}
