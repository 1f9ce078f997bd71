import type { Gesture } from './types';

/** The browser (Tab) and xyflow (pointer gestures) do these themselves; the ? overlay lists them with the commands. */
export const GESTURES: readonly Gesture[] = [
  { id: 'next-entity', label: 'Go to the next or previous block, stage or edge on the canvas', display: 'Tab / Shift Tab' },
  { id: 'add-by-double-click', label: 'New block on the canvas, new stage inside a block', display: 'Double-click' },
  { id: 'select-many', label: 'Select many', display: 'Shift-click, drag on empty canvas' },
];
