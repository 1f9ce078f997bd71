import { createElement, useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE = [
  'button:not([disabled])', 'a[href]', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].map((s) => `${s}:not([hidden])`).join(', ');

export interface DialogProps extends Omit<HTMLAttributes<HTMLElement>, 'role'> {
  onClose(): void;
  /** The accessible name: `label`, or the id of the dialog's own heading in `labelledBy`. */
  label?: string;
  labelledBy?: string;
  /** `alertdialog` for a question that needs an answer before anything goes on (a delete). */
  role?: 'dialog' | 'alertdialog';
  /** The element: a `form` submits on Enter in a field. */
  as?: 'div' | 'form' | 'section';
  /** The backdrop's class: the app's `overlay` (top of the page) or the canvas's `cb-dialog-backdrop` (centred). */
  backdropClassName?: string;
  /** A press on the backdrop closes the dialog; every dialog here does so. */
  closeOnBackdrop?: boolean;
  /**
   * Esc closes from inside the dialog; `anywhere`: from the whole page, where focus may have left
   * the dialog (a button that turned disabled drops it on <body>).
   */
  escape?: 'inside' | 'anywhere';
  /** What gets focus on open: this element, `dialog` for the dialog itself; else its first control. */
  initialFocus?: RefObject<HTMLElement | null> | 'dialog';
  children: ReactNode;
}

/**
 * A modal dialog over the page: a backdrop, role and name, Esc and a backdrop press to close,
 * focus moved in on open and given back to whatever had it before, on close. What is inside is
 * the caller's, with its own classes and test ids.
 */
export function Dialog({
  onClose, label, labelledBy, role = 'dialog', as = 'div', backdropClassName = 'overlay', closeOnBackdrop = true,
  escape = 'inside', initialFocus, children, onKeyDown, ...rest
}: DialogProps) {
  const node = useRef<HTMLElement>(null);
  // Read while rendering: by the time effects run, a field inside with autoFocus has taken focus.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const focusFirst = useRef(initialFocus);

  useEffect(() => {
    const el = node.current;
    if (!el) return;
    if (!el.contains(document.activeElement)) {
      const wanted = focusFirst.current;
      const target = wanted === 'dialog' ? el : (wanted?.current ?? el.querySelector<HTMLElement>(FOCUSABLE) ?? el);
      target.focus();
    }
    return () => {
      // Only focus the dialog took with it: a close that moved focus on purpose (a canvas card) keeps that.
      const now = document.activeElement;
      if ((!now || now === document.body || el.contains(now)) && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opener]);

  useEffect(() => {
    if (escape !== 'anywhere') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [escape, onClose]);

  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (escape !== 'inside' || event.key !== 'Escape' || event.defaultPrevented) return;
    // This Esc is the dialog's: the page's own Esc would clear the selection under it.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const backdropDown = (event: MouseEvent) => {
    if (closeOnBackdrop && event.target === event.currentTarget) onClose();
  };

  return (
    <div className={backdropClassName} onMouseDown={backdropDown}>
      {createElement(as, {
        ...rest,
        ref: node,
        role,
        'aria-modal': true,
        'aria-label': label,
        'aria-labelledby': labelledBy,
        tabIndex: -1,
        'data-dialog': '',
        onKeyDown: keyDown,
      }, children)}
    </div>
  );
}
