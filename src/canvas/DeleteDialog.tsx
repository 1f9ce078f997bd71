import { useRef } from 'react';
import type { DeletePlan } from '../model/ops';
import { CanvasDialog } from './CanvasDialog';

export interface PendingDelete {
  plan: DeletePlan;
  onConfirm(): void;
  onCancel(): void;
}

/** Asked only when a delete takes more than the selection itself (edges, conditions, scopes…). */
export function DeleteDialog({ plan, onConfirm, onCancel }: PendingDelete) {
  const confirm = useRef<HTMLButtonElement>(null);
  const others = [...plan.changes, ...plan.dangling];
  return (
    // Enter confirms: the answer the Delete key asked for.
    <CanvasDialog role="alertdialog" className="cb-dialog" labelledBy="cb-delete-title" data-testid="canvas-delete-dialog" onClose={onCancel} initialFocus={confirm}>
      <h3 id="cb-delete-title">Delete {plan.removes.length} items?</h3>
      <p>This removes:</p>
      <ul className="cb-dialog-list" data-testid="canvas-delete-removes">
        {plan.removes.map((r) => (
          <li key={`${r.kind}:${r.id}:${r.index ?? ''}`}>
            <span className="kind">{r.kind}</span> <strong>{r.name}</strong> <span className="why">{r.why}</span>
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <>
          <p>And changes:</p>
          <ul className="cb-dialog-list">
            {others.map((r, i) => (
              <li key={`${r.kind}:${r.id}:${i}`}>
                <span className="kind">{r.kind}</span> <strong>{r.name}</strong> <span className="why">{r.why}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="cb-dialog-actions">
        <button type="button" onClick={onCancel} data-testid="canvas-delete-cancel">Cancel</button>
        <button type="button" className="danger" ref={confirm} onClick={onConfirm} data-testid="canvas-delete-confirm">Delete</button>
      </div>
    </CanvasDialog>
  );
}
