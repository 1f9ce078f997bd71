import { useRef } from 'react';
import type { DeletePlan, Impact } from '../model/ops';
import { CanvasDialog } from './CanvasDialog';

export interface PendingDelete {
  plan: DeletePlan;
  onConfirm(): void;
  onCancel(): void;
  /** The question; "Delete N items?" when left out. */
  title?: string;
  /** The test ids' prefix: the canvas's `canvas-delete`, a tool's `tool-delete`. */
  testId?: string;
}

function ImpactList({ items, testId }: { items: Impact[]; testId?: string }) {
  return (
    <ul className="cb-dialog-list" data-testid={testId}>
      {items.map((r, i) => (
        <li key={`${r.kind}:${r.id}:${r.index ?? ''}:${i}`}>
          <span className="kind">{r.kind}</span> <strong>{r.name}</strong> <span className="why">{r.why}</span>
        </li>
      ))}
    </ul>
  );
}

/** Asked only when a delete takes more than the selection itself (edges, conditions, scopes…), and for a tool. */
export function DeleteDialog({ plan, onConfirm, onCancel, title, testId = 'canvas-delete' }: PendingDelete) {
  const confirm = useRef<HTMLButtonElement>(null);
  const { changes, dangling } = plan;
  return (
    // Enter confirms: the answer the Delete key asked for.
    <CanvasDialog role="alertdialog" className="cb-dialog" labelledBy="cb-delete-title" data-testid={`${testId}-dialog`} onClose={onCancel} initialFocus={confirm}>
      <h3 id="cb-delete-title">{title ?? `Delete ${plan.removes.length} items?`}</h3>
      <p>This removes:</p>
      <ImpactList items={plan.removes} testId={`${testId}-removes`} />
      {changes.length > 0 && (
        <>
          <p>And changes:</p>
          <ImpactList items={changes} testId={`${testId}-changes`} />
        </>
      )}
      {dangling.length > 0 && (
        <>
          <p>Left as they are, and still naming it (Problems will point at them):</p>
          <ImpactList items={dangling} testId={`${testId}-dangling`} />
        </>
      )}
      <div className="cb-dialog-actions">
        <button type="button" onClick={onCancel} data-testid={`${testId}-cancel`}>Cancel</button>
        <button type="button" className="danger" ref={confirm} onClick={onConfirm} data-testid={`${testId}-confirm`}>Delete</button>
      </div>
    </CanvasDialog>
  );
}
