import { useState } from 'react';
import { Command } from 'cmdk';
import { canvasActionsForLists, commandsFor, type Command as UserCommand, type CommandContext } from '../commands';
import { rankSearch, type Searchable } from '../commands/search-rank';
import { byId } from '../model';
import { useApp, useStoreApi } from '../store/context';
import type { EntityRef } from '../store';
import { PALETTE_ACTIONS, type PaletteAction } from './palette-actions';

interface Entry extends Searchable {
  /** Unique among all entries: cmdk's value, and what the highlighted row is. */
  key: string;
  testId?: string;
  hint: string;
  /** The hint is a shortcut: drawn as keys. */
  keys?: boolean;
  onSelect(): void;
}

interface Group {
  heading: string;
  entries: Entry[];
}

/**
 * The groups and their rows in the order of their best match (search-rank.ts), and the best row
 * overall, which Enter takes. We filter and sort ourselves (cmdk's shouldFilter is off): its fuzzy
 * filter matched letters in order, and it sorts rows inside a group but not the groups.
 */
function ranked(groups: Group[], search: string): { groups: Group[]; best?: string } {
  const scored = groups.map((g) => {
    const rows = rankSearch(g.entries, search);
    return { heading: g.heading, entries: rows.map((r) => r.entry), top: rows[0]?.score ?? 0 };
  }).filter((g) => g.entries.length > 0);
  if (search.trim()) scored.sort((a, b) => b.top - a.top);
  return { groups: scored, best: scored[0]?.entries[0]?.key };
}

export default function SearchList({ onClose }: { onClose: () => void }) {
  const doc = useApp((s) => s.doc);
  const store = useStoreApi();
  const [search, setSearch] = useState('');
  const [highlighted, setHighlighted] = useState<string | undefined>();
  const pick = (ref: EntityRef) => () => {
    store.getState().select(ref, { reveal: true });
    onClose();
  };
  // Picked, not pressed: no key; the canvas's actions as the mounted canvas provides them (add,
  // fit, layout run as from their keys), with no card focused and no menu open.
  const context: CommandContext = { store, source: 'list', target: null, canvas: canvasActionsForLists() };
  const run = (command: UserCommand) => () => {
    // Closed first: a command may open a dialog of its own (the shortcuts).
    onClose();
    command.run(context);
  };
  const act = (action: PaletteAction) => () => {
    onClose();
    action.run(store);
  };
  const groups: Group[] = [
    {
      heading: 'Tools',
      entries: doc.tools.map((t) => ({
        key: `tool:${t.id}`, name: t.name, kind: 'tool', description: t.description, code: t.implementation, testId: `search-item-tool-${t.name}`, hint: t.kind === 'mcp' ? 'mcp tool' : 'tool', onSelect: pick({ kind: 'tool', id: t.id }),
      })),
    },
    {
      heading: 'Stages',
      entries: doc.stages.map((s) => ({
        key: `stage:${s.id}`, name: s.name, kind: 'stage', description: `${s.ref} ${s.instructions}`, testId: `search-item-stage-${s.name}`, hint: `stage in ${byId(doc.blocks, s.blockId)?.name ?? '—'}`, onSelect: pick({ kind: 'stage', id: s.id }),
      })),
    },
    {
      heading: 'Blocks',
      entries: doc.blocks.map((b) => ({
        key: `block:${b.id}`, name: b.name, kind: 'block', description: b.ref, testId: `search-item-block-${b.name}`, hint: 'block', onSelect: pick({ kind: 'block', id: b.id }),
      })),
    },
    {
      heading: 'State',
      entries: doc.state.map((f) => ({
        key: `state:${f.id}`, name: f.name, kind: 'state', description: f.description, hint: `${f.type} state field`, onSelect: pick({ kind: 'state', id: f.id }),
      })),
    },
    {
      heading: 'Commands',
      entries: [
        ...commandsFor(context).map((c): Entry => ({
          key: `command:${c.id}`, name: c.label, kind: 'command', description: c.words, testId: `search-item-command-${c.id}`, hint: c.shortcut.display, keys: true, onSelect: run(c),
        })),
        ...PALETTE_ACTIONS.filter((a) => a.applies?.(store) ?? true).map((a): Entry => ({
          key: `action:${a.id}`, name: a.label, kind: 'command', description: a.words, testId: `search-item-command-${a.id}`, hint: '', onSelect: act(a),
        })),
      ],
    },
  ];
  const shown = ranked(groups, search);
  return (
    <Command
      className="palette"
      label="Search the agent"
      loop
      shouldFilter={false}
      value={highlighted ?? shown.best ?? ''}
      onValueChange={setHighlighted}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <Command.Input
        autoFocus
        placeholder="Find a block, stage, tool, state field or command…"
        data-testid="search-input"
        value={search}
        // A new query highlights its best match again (the arrows move from there).
        onValueChange={(next) => { setSearch(next); setHighlighted(undefined); }}
      />
      <Command.List>
        <Command.Empty>Nothing matches. Try a tool's name or a word from its description.</Command.Empty>
        {shown.groups.map((group) => (
          <Command.Group key={group.heading} heading={group.heading}>
            {group.entries.map((e) => (
              <Command.Item key={e.key} value={e.key} onSelect={e.onSelect} data-testid={e.testId}>
                <span>{e.name}</span>
                <span className={e.keys ? 'hint kbd' : 'hint'}>{e.hint}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );
}
