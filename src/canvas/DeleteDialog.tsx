import { useEffect, useRef } from 'react';
import type { DeletePlan } from '../model/ops';

export interface PendingDelete {
  plan: DeletePlan;
  onConfirm(): void;
  onCancel(): void;
}

/** Asked only when a delete takes more than the selection itself (edges, conditions, scopes…). */
export function DeleteDialog({ plan, onConfirm, onCancel }: PendingDelete) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const others = [...plan.changes, ...plan.dangling];
  return (
    <div className="cb-dialog-backdrop" onMouseDown={onCancel}>
      <div
        className="cb-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cb-delete-title"
        data-testid="canvas-delete-dialog"
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') onCancel();
        }}
      >
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
      </div>
    </div>
  );
}
