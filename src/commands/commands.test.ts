import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { sampleAgent } from '../simulator/testing';
import { createAppStore } from '../store/create';
import { COMMANDS, GESTURES, commandsFor, runShortcut, shortcutRows, type CanvasActions, type CommandContext, type CommandSource, type KeyLike } from '.';

const SOURCES: CommandSource[] = ['page', 'canvas', 'list'];

/** Enough of an element for isEditingText: `closest` finds a field round it, or does not. */
const element = (inField: boolean) => ({ isContentEditable: false, closest: () => (inField ? {} : null) }) as unknown as EventTarget;
const textField = element(true);
const plain = element(false);

function canvasActions(overrides: Partial<CanvasActions> = {}): CanvasActions {
  return {
    target: { kind: 'stage', id: 's_greet' },
    requestDelete: vi.fn(), requestConnect: vi.fn(), copy: vi.fn(), paste: vi.fn(), duplicate: vi.fn(), focusInspector: vi.fn(),
    openMenu: vi.fn(), fitView: vi.fn(), addBlock: vi.fn(), addStage: vi.fn(), autoLayout: vi.fn(),
    nudge: vi.fn(() => true),
    ...overrides,
  };
}

const keyEvent = (key: KeyLike, target: EventTarget | null = plain) => ({ ...key, target, preventDefault: vi.fn(), stopPropagation: vi.fn() });
const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

/** Every context a command can be asked in: each source, with the canvas's actions where it hands them over. */
function contexts(target: EventTarget | null, sample?: KeyLike): CommandContext[] {
  // The sample agent: canvasActions' target (s_greet) is one of its stages, as a card's would be.
  const store = createAppStore(sampleAgent());
  return SOURCES.flatMap((source) => [undefined, canvasActions()].map((canvas) => ({
    store, source, target, canvas: source === 'page' ? undefined : canvas, event: sample && source !== 'list' ? keyEvent(sample, target) : undefined,
  })));
}

describe('the command list', () => {
  it('gives every command and gesture a unique id, each command in a file of that name', () => {
    const ids = [...COMMANDS, ...GESTURES].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const command of COMMANDS) expect(existsSync(new URL(`./${command.id}.ts`, import.meta.url)), command.id).toBe(true);
  });

  it('gives every command its own shortcut: each way to press one presses no other', () => {
    const displays = COMMANDS.map((c) => c.shortcut.display);
    expect(new Set(displays).size).toBe(displays.length);
    for (const command of COMMANDS) {
      expect(command.shortcut.samples.length).toBeGreaterThan(0);
      for (const sample of command.shortcut.samples) {
        expect(COMMANDS.filter((c) => c.shortcut.matches(sample)).map((c) => c.id), `${command.id}: ${JSON.stringify(sample)}`).toEqual([command.id]);
        // Cmd on a Mac is Ctrl elsewhere.
        if (sample.ctrlKey) expect(command.shortcut.matches({ ...sample, ctrlKey: false, metaKey: true })).toBe(true);
      }
    }
  });

  it('makes the ? overlay\'s rows: every command, then every gesture, with its keys and label', () => {
    expect(shortcutRows()).toEqual([
      ...COMMANDS.map((c) => ({ id: c.id, keys: c.shortcut.display, label: c.label })),
      ...GESTURES.map((g) => ({ id: g.id, keys: g.display, label: g.label })),
    ]);
    const row = (id: string) => shortcutRows().find((r) => r.id === id);
    expect(row('redo')).toMatchObject({ keys: 'Ctrl/Cmd Shift Z / Ctrl/Cmd Y', label: 'Redo' });
    expect(row('move-selection')?.keys).toBe('Arrows (Shift: ×5)');
    expect(row('delete-selection')?.keys).toBe('Delete / Backspace');
  });

  it('applies no command while typing in a field or in Monaco, but Ctrl+K and Esc', () => {
    // Ctrl+K opens the palette from anywhere, and Esc closes it from its own input.
    const reachFields = new Set(['search', 'escape']);
    for (const command of COMMANDS) {
      const sample = command.shortcut.samples[0];
      const typing = contexts(textField, sample).filter((c) => command.when(c));
      const elsewhere = contexts(plain, sample).filter((c) => command.when(c));
      expect(elsewhere.length, `${command.id} applies somewhere`).toBeGreaterThan(0);
      if (reachFields.has(command.id)) expect(typing.map((c) => c.source), command.id).toEqual(['page', 'page']);
      else expect(typing, command.id).toEqual([]);
    }
  });

  it('runs a page key once: the canvas\'s dispatch leaves undo to the page\'s', () => {
    const store = createAppStore();
    store.getState().apply((doc) => ({ ...doc, name: 'Renamed' }));
    const undoKey = press('z', { ctrlKey: true });
    expect(runShortcut(keyEvent(undoKey), { store, source: 'canvas', canvas: canvasActions() })).toBeUndefined();
    expect(runShortcut(keyEvent(undoKey, textField), { store, source: 'page' })).toBeUndefined();
    expect(store.getState().doc.name).toBe('Renamed');
    const event = keyEvent(undoKey);
    expect(runShortcut(event, { store, source: 'page' })?.id).toBe('undo');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(store.getState().doc.name).not.toBe('Renamed');
  });

  it('offers a list what applies there: no keys-only command, no canvas command without the canvas', () => {
    const store = createAppStore();
    expect(commandsFor({ store, source: 'list', target: null }).map((c) => c.id)).toEqual(['undo', 'redo', 'shortcuts']);
  });

  it('builds each context menu from the one list: a card\'s, an edge\'s and the pane\'s', () => {
    const store = createAppStore(sampleAgent());
    const menu = (canvas: Partial<CanvasActions>) => commandsFor({ store, source: 'list', target: null, canvas: canvasActions(canvas) }).map((c) => c.id);
    // A right-click selects what it is on first.
    const greet = { kind: 'stage' as const, id: 's_greet' };
    store.getState().select(greet);
    expect(menu({ target: greet, focused: greet, menu: { kind: 'node', at: { x: 0, y: 0 } } }))
      .toEqual(['open-in-inspector', 'connect', 'delete-selection', 'copy', 'paste', 'duplicate', 'simulate-from-here']);
    const block = { kind: 'block' as const, id: 'b_greeting' };
    store.getState().select(block);
    expect(menu({ target: block, focused: block, menu: { kind: 'node' } })).toContain('add-stage');
    const edge = { kind: 'edge' as const, id: 'e_greet_identify' };
    store.getState().select(edge);
    expect(menu({ target: edge, focused: edge, menu: { kind: 'edge' } })).toEqual(['open-in-inspector', 'delete-selection', 'copy', 'paste']);
    // The pane: the page's commands and the canvas's own; nothing that needs a selection when none is made.
    store.getState().select(null);
    expect(menu({ target: undefined, menu: { kind: 'pane', at: { x: 10, y: 20 } } }))
      .toEqual(['undo', 'redo', 'shortcuts', 'paste', 'add-stage', 'add-block', 'fit-view', 'auto-layout']);
  });

  it('runs a pane menu\'s add commands at the point it was opened on', () => {
    const store = createAppStore(sampleAgent());
    const canvas = canvasActions({ target: undefined, menu: { kind: 'pane', at: { x: 300, y: 400 } } });
    const context = { store, source: 'list' as const, target: null, canvas };
    for (const command of commandsFor(context).filter((c) => c.id.startsWith('add-'))) command.run(context);
    expect(canvas.addStage).toHaveBeenCalledWith({ x: 300, y: 400 });
    expect(canvas.addBlock).toHaveBeenCalledWith({ x: 300, y: 400 });
  });

  it('makes the keyboard-focused node join the selection before a canvas key acts on it, unless Alt is held', () => {
    const store = createAppStore();
    store.getState().select({ kind: 'stage', id: 's_other' });
    const focused = { kind: 'stage' as const, id: 's_greet' };
    const canvas = canvasActions({ target: focused, focused });
    runShortcut(keyEvent(press('Delete', { altKey: true })), { store, source: 'canvas', canvas });
    expect(store.getState().selection).toEqual([{ kind: 'stage', id: 's_other' }]);
    expect(canvas.requestDelete).toHaveBeenCalledTimes(1);
    runShortcut(keyEvent(press('Delete')), { store, source: 'canvas', canvas });
    expect(store.getState().selection).toEqual([focused]);
    expect(canvas.requestDelete).toHaveBeenCalledTimes(2);
    // Shift+arrow moves five times as far; a move keeps the arrow from the page.
    const arrow = keyEvent(press('ArrowDown', { shiftKey: true }));
    runShortcut(arrow, { store, source: 'canvas', canvas });
    expect(canvas.nudge).toHaveBeenCalledWith(0, 40);
    expect(arrow.stopPropagation).toHaveBeenCalled();
  });
});
