// Marks the page while focus is in a text field outside the canvas (the inspector's fields, a
// docstring in Monaco): far out, the canvas then takes its 550 card boxes off the page unless the
// pointer is over it (canvas.css), since every keystroke re-layered them (issue 16). An attribute
// on <body>, set on focus changes only: a CSS :has() over the focused element re-matched on every
// keystroke's DOM change and cost more than it saved.
export const TYPING_ELSEWHERE_ATTRIBUTE = 'data-cb-typing-elsewhere';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

function isTextEntry(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return (element as HTMLElement).isContentEditable === true || element.closest('.monaco-editor') !== null;
}

/** Follows focus on `doc` and keeps the attribute; returns the stop. */
export function followTypingElsewhere(canvas: HTMLElement, doc: Document = canvas.ownerDocument): () => void {
  const update = () => {
    const active = doc.activeElement;
    const elsewhere = active !== null && active !== doc.body && isTextEntry(active) && !canvas.contains(active);
    doc.body.toggleAttribute(TYPING_ELSEWHERE_ATTRIBUTE, elsewhere);
  };
  // focusout runs before the next element has focus: look once it has.
  const later = () => setTimeout(update, 0);
  doc.addEventListener('focusin', update);
  doc.addEventListener('focusout', later);
  update();
  return () => {
    doc.removeEventListener('focusin', update);
    doc.removeEventListener('focusout', later);
    doc.body.removeAttribute(TYPING_ELSEWHERE_ATTRIBUTE);
  };
}
