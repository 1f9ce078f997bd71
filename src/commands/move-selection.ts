import { shortcut } from './keys';
import { canvasCommand, joinFocused } from './where';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const STEP = 8;
const SHIFT_STEP = 40;

/** A held arrow is one undo step: the canvas ends the gesture when an arrow comes up. */
export const isArrowKey = (key: string) => ARROWS[key] !== undefined;

export const moveSelection = canvasCommand({
  id: 'move-selection',
  label: 'Move the selected nodes',
  shortcut: shortcut([{ key: Object.keys(ARROWS), mod: false, caps: 'Arrows' }], `Shift: ×${SHIFT_STEP / STEP}`),
  // The arrow says which way: there is nothing to run from a list.
  when: ({ event }) => event !== undefined && isArrowKey(event.key),
  run: (context) => {
    const { event, canvas } = context;
    if (!event) return;
    joinFocused(context);
    const [dx, dy] = ARROWS[event.key];
    const step = event.shiftKey ? SHIFT_STEP : STEP;
    // Only a move keeps the arrow from scrolling the page (and xyflow from panning).
    if (canvas.nudge(dx * step, dy * step)) {
      event.preventDefault();
      event.stopPropagation();
    }
  },
});
