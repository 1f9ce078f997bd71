import { useState } from 'react';
import { Command, defaultFilter } from 'cmdk';
import { commandsFor, type Command as UserCommand, type CommandContext } from '../commands';
import { byId } from '../model';
import { useApp, useStoreApi } from '../store/context';
import type { EntityRef } from '../store';

interface Entry {
  key: string;
  /** What the typed text is matched against. */
  value: string;
  testId?: string;
  name: string;
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
 * The groups in the order of their best match. cmdk 1.1 sorts the rows inside a group but not the
 * groups (it looks them up by an id they do not carry), so Enter would take the best row of the
 * first group rather than the best row: "undo" would pick a tool whose description holds u, n, d, o.
 */
function byBestMatch(groups: Group[], search: string): Group[] {
  if (!search.trim()) return groups;
  const best = new Map(groups.map((g) => [g.heading, Math.max(0, ...g.entries.map((e) => defaultFilter(e.value, search)))]));
  return [...groups].sort((a, b) => best.get(b.heading)! - best.get(a.heading)!);
}

export default function SearchList({ onClose }: { onClose: () => void }) {
  const doc = useApp((s) => s.doc);
  const store = useStoreApi();
  const [search, setSearch] = useState('');
  const pick = (ref: EntityRef) => () => {
    store.getState().select(ref, { reveal: true });
    onClose();
  };
  // Picked, not pressed: no key, no canvas (its commands need the canvas's focus and dialogs).
  const context: CommandContext = { store, source: 'list', target: null };
  const run = (command: UserCommand) => () => {
    // Closed first: a command may open a dialog of its own (the shortcuts).
    onClose();
    command.run(context);
  };
  const groups: Group[] = [
    {
      heading: 'Tools',
      entries: doc.tools.map((t) => ({
        key: t.id, value: `tool ${t.name} ${t.description}`, testId: `search-item-tool-${t.name}`, name: t.name, hint: t.kind === 'mcp' ? 'mcp tool' : 'tool', onSelect: pick({ kind: 'tool', id: t.id }),
      })),
    },
    {
      heading: 'Stages',
      entries: doc.stages.map((s) => ({
        key: s.id, value: `stage ${s.name} ${s.ref}`, testId: `search-item-stage-${s.name}`, name: s.name, hint: `stage in ${byId(doc.blocks, s.blockId)?.name ?? '—'}`, onSelect: pick({ kind: 'stage', id: s.id }),
      })),
    },
    {
      heading: 'Blocks',
      entries: doc.blocks.map((b) => ({
        key: b.id, value: `block ${b.name} ${b.ref}`, testId: `search-item-block-${b.name}`, name: b.name, hint: 'block', onSelect: pick({ kind: 'block', id: b.id }),
      })),
    },
    {
      heading: 'State',
      entries: doc.state.map((f) => ({
        key: f.id, value: `state ${f.name} ${f.description ?? ''}`, name: f.name, hint: `${f.type} state field`, onSelect: pick({ kind: 'state', id: f.id }),
      })),
    },
    {
      heading: 'Commands',
      entries: commandsFor(context).map((c) => ({
        key: c.id, value: `command ${c.label}`, testId: `search-item-command-${c.id}`, name: c.label, hint: c.shortcut.display, keys: true, onSelect: run(c),
      })),
    },
  ];
  return (
    <Command className="palette" label="Search the agent" loop onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <Command.Input autoFocus placeholder="Find a block, stage, tool, state field or command…" data-testid="search-input" value={search} onValueChange={setSearch} />
      <Command.List>
        <Command.Empty>Nothing matches. Try a tool's name or a word from its description.</Command.Empty>
        {byBestMatch(groups, search).map((group) => (
          <Command.Group key={group.heading} heading={group.heading}>
            {group.entries.map((e) => (
              <Command.Item key={e.key} value={e.value} onSelect={e.onSelect} data-testid={e.testId}>
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
