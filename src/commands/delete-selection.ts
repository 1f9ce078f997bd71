import { shortcut } from './keys';
import type { Command, CommandContext } from './types';
import { isEditingText, joinFocused, onCanvas, selectionToActOn } from './where';

/** On an element whose Delete key deletes the one tool it shows (a card's tool chip): the tool's id. */
export const TOOL_ID_ATTRIBUTE = 'data-tool-id';
/** On a list whose Delete key deletes the tools selected in it (the outline). */
export const DELETES_SELECTED_TOOLS = 'data-deletes-selected-tools';

function closest(target: EventTarget | null, selector: string): Element | null {
  const el = target as Element | null;
  return el && typeof el.closest === 'function' ? el.closest(selector) : null;
}

/**
 * The tools a Delete here is for: the chip it was pressed on; else the selected tools, where the
 * selection is what the key acts on (the canvas, the outline, a menu). Elsewhere on the page (a
 * button in another panel) Delete deletes nothing.
 */
export function toolsToDelete(context: CommandContext): string[] {
  const chip = closest(context.target, `[${TOOL_ID_ATTRIBUTE}]`)?.getAttribute(TOOL_ID_ATTRIBUTE);
  if (chip) return [chip];
  const selectionCounts = context.source === 'list' || context.canvas !== undefined || closest(context.target, `[${DELETES_SELECTED_TOOLS}]`) !== null;
  if (!selectionCounts) return [];
  const { selection, doc } = context.store.getState();
  return selection.filter((r) => r.kind === 'tool' && doc.tools.some((t) => t.id === r.id)).map((r) => r.id!);
}

const drawnOnCanvas = (kind: string) => kind === 'block' || kind === 'stage' || kind === 'edge';

export const deleteSelection: Command = {
  id: 'delete-selection',
  label: 'Delete the selection',
  words: 'remove erase',
  shortcut: shortcut([{ key: ['Delete', 'Backspace'], mod: false }]),
  when: (context) => {
    if (isEditingText(context.target)) return false;
    // From a menu, only with something to delete (the pane's menu with nothing selected offers no Delete).
    if (onCanvas(context)) return selectionToActOn(context) || toolsToDelete(context).length > 0;
    // The canvas dispatches its own keys; the same key reaches the window too and must run once.
    if (context.source === 'page' && closest(context.target, '.cb-canvas')) return false;
    return toolsToDelete(context).length > 0;
  },
  run: (context) => {
    context.event?.preventDefault();
    const onChip = closest(context.target, `[${TOOL_ID_ATTRIBUTE}]`) !== null;
    if (context.canvas && !onChip) {
      joinFocused(context as CommandContext & { canvas: NonNullable<CommandContext['canvas']> });
      // What the canvas draws goes through its own plan and dialog; tools alone, through the tool confirm.
      if (context.store.getState().selection.some((r) => drawnOnCanvas(r.kind)) || toolsToDelete(context).length === 0) {
        context.canvas.requestDelete();
        return;
      }
    }
    context.store.getState().requestToolDelete(toolsToDelete(context));
  },
};
