import { Dialog, type DialogProps } from '../ui/Dialog';

/**
 * A dialog the canvas's keys open (Delete, C): centred over the page, and what is pressed inside
 * stays inside, or the canvas would act on it too (Enter on the card behind, arrows, a pan).
 */
export function CanvasDialog({ onKeyDown, ...props }: DialogProps) {
  return (
    <Dialog
      backdropClassName="cb-dialog-backdrop"
      onMouseDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        e.stopPropagation();
      }}
      {...props}
    />
  );
}
