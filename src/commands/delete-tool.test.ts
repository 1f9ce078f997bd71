import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { AgentDocument } from '../model';
import { createAppStore } from '../store/create';
import { commandsFor, runShortcut, type CanvasActions, type KeyLike } from '.';
import { DELETES_SELECTED_TOOLS, TOOL_ID_ATTRIBUTE } from './delete-selection';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));

/** An element that `closest` finds inside the named marks (attribute or class selectors), as the DOM would. */
function element(marks: Record<string, string>) {
  const at = (selector: string) => Object.keys(marks).find((m) => selector.includes(m));
  return {
    isContentEditable: false,
    closest: (selector: string) => (at(selector) ? { getAttribute: (name: string) => marks[name] ?? null } : null),
  } as unknown as EventTarget;
}
const del: KeyLike = { key: 'Delete', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
const keyEvent = (target: EventTarget) => ({ ...del, target, preventDefault: vi.fn(), stopPropagation: vi.fn() });
const canvasActions = (): CanvasActions => ({
  requestDelete: vi.fn(), requestConnect: vi.fn(), copy: vi.fn(), paste: vi.fn(), duplicate: vi.fn(), focusInspector: vi.fn(), nudge: vi.fn(() => true),
  openMenu: vi.fn(), fitView: vi.fn(), addBlock: vi.fn(), addStage: vi.fn(), autoLayout: vi.fn(),
});

describe('Delete on a tool', () => {
  it('in the outline, asks to delete the selected tool; on a plain button elsewhere, does nothing', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'tool', id: 't_book' });
    expect(runShortcut(keyEvent(element({ [DELETES_SELECTED_TOOLS]: '' })), { store, source: 'page' })?.id).toBe('delete-selection');
    expect(store.getState().toolDeleteRequest).toEqual({ toolIds: ['t_book'] });
    store.getState().requestToolDelete(null);
    expect(runShortcut(keyEvent(element({})), { store, source: 'page' })).toBeUndefined();
    expect(store.getState().toolDeleteRequest).toBeNull();
  });

  it('on a card\'s tool chip, asks for that tool once: the canvas dispatches it, the page leaves it', () => {
    const store = createAppStore(sample);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    const chip = element({ [TOOL_ID_ATTRIBUTE]: 't_slots', 'cb-canvas': '' });
    const canvas = canvasActions();
    expect(runShortcut(keyEvent(chip), { store, source: 'page' })).toBeUndefined();
    runShortcut(keyEvent(chip), { store, source: 'canvas', canvas });
    expect(store.getState().toolDeleteRequest).toEqual({ toolIds: ['t_slots'] });
    // The card round the chip is not deleted.
    expect(canvas.requestDelete).not.toHaveBeenCalled();
  });

  it('on the canvas with only a tool selected, asks for the tool; with a stage selected, the canvas deletes', () => {
    const store = createAppStore(sample);
    const canvas = canvasActions();
    store.getState().select({ kind: 'tool', id: 't_book' });
    runShortcut(keyEvent(element({ 'cb-canvas': '' })), { store, source: 'canvas', canvas });
    expect(store.getState().toolDeleteRequest).toEqual({ toolIds: ['t_book'] });
    expect(canvas.requestDelete).not.toHaveBeenCalled();
    store.getState().requestToolDelete(null);
    store.getState().select({ kind: 'stage', id: 's_choose' });
    runShortcut(keyEvent(element({ 'cb-canvas': '' })), { store, source: 'canvas', canvas });
    expect(canvas.requestDelete).toHaveBeenCalledTimes(1);
    expect(store.getState().toolDeleteRequest).toBeNull();
  });

  it('is offered by a menu (the command list) when a tool is selected, and not when nothing is', () => {
    const store = createAppStore(sample);
    expect(commandsFor({ store, source: 'list', target: null }).map((c) => c.id)).not.toContain('delete-selection');
    store.getState().select({ kind: 'tool', id: 't_book' });
    const command = commandsFor({ store, source: 'list', target: null }).find((c) => c.id === 'delete-selection')!;
    command.run({ store, source: 'list', target: null });
    expect(store.getState().toolDeleteRequest).toEqual({ toolIds: ['t_book'] });
  });
});
