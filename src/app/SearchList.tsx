import { Command } from 'cmdk';
import { byId } from '../model';
import { useApp, useStoreApi } from '../store/context';
import type { EntityRef } from '../store';

export default function SearchList({ onClose }: { onClose: () => void }) {
  const doc = useApp((s) => s.doc);
  const store = useStoreApi();
  const pick = (ref: EntityRef) => {
    store.getState().select(ref, { reveal: true });
    onClose();
  };
  return (
    <Command className="palette" label="Search the agent" loop onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <Command.Input autoFocus placeholder="Find a block, stage, tool or state field…" data-testid="search-input" />
      <Command.List>
        <Command.Empty>Nothing matches. Try a tool's name or a word from its description.</Command.Empty>
        <Command.Group heading="Tools">
          {doc.tools.map((t) => (
            <Command.Item key={t.id} value={`tool ${t.name} ${t.description}`} onSelect={() => pick({ kind: 'tool', id: t.id })} data-testid={`search-item-tool-${t.name}`}>
              <span>{t.name}</span>
              <span className="hint">{t.kind === 'mcp' ? 'mcp tool' : 'tool'}</span>
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="Stages">
          {doc.stages.map((s) => (
            <Command.Item key={s.id} value={`stage ${s.name} ${s.ref}`} onSelect={() => pick({ kind: 'stage', id: s.id })} data-testid={`search-item-stage-${s.name}`}>
              <span>{s.name}</span>
              <span className="hint">stage in {byId(doc.blocks, s.blockId)?.name ?? '—'}</span>
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="Blocks">
          {doc.blocks.map((b) => (
            <Command.Item key={b.id} value={`block ${b.name} ${b.ref}`} onSelect={() => pick({ kind: 'block', id: b.id })} data-testid={`search-item-block-${b.name}`}>
              <span>{b.name}</span>
              <span className="hint">block</span>
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="State">
          {doc.state.map((f) => (
            <Command.Item key={f.id} value={`state ${f.name} ${f.description ?? ''}`} onSelect={() => pick({ kind: 'state', id: f.id })}>
              <span>{f.name}</span>
              <span className="hint">{f.type} state field</span>
            </Command.Item>
          ))}
        </Command.Group>
      </Command.List>
    </Command>
  );
}
