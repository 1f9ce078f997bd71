import { lazy, Suspense, useState } from 'react';
import { TARGET_LABEL, TARGETS as TARGET_LIST, type Target } from '../model';
import { saveStatusText } from '../store/access';
import { useApp, useServices, useStoreApi } from '../store/context';
import { runAutoLayout } from '../canvas/run-auto-layout';
import { ImportButton } from '../panels/import/ImportButton';
import { LlmSettingsButton } from '../panels/settings/LlmSettingsButton';

// The project list loads on its first opening: the first paint is on a budget (.size-limit.mjs).
const ProjectMenu = lazy(() => import('./ProjectMenu').then((m) => ({ default: m.ProjectMenu })));

// Every runtime, from the one list (model/loss.ts): a new runtime shows here without an edit.
const TARGETS: { value: Target; label: string }[] = TARGET_LIST.map((value) => ({ value, label: TARGET_LABEL[value] }));

export function TopBar() {
  const store = useStoreApi();
  const name = useApp((s) => s.doc.name);
  const target = useApp((s) => s.doc.target);
  const canUndo = useApp((s) => s.canUndo);
  const canRedo = useApp((s) => s.canRedo);
  const saveError = useApp((s) => s.saveError);
  const access = useApp((s) => s.access);
  const loadError = useApp((s) => s.loadError);
  // In the store: the Ctrl+K palette's "New agent…" opens it on the templates.
  const projectMenu = useApp((s) => s.projectMenu);
  const menuOpen = projectMenu !== 'closed';
  const setMenuOpen = (open: boolean | ((was: boolean) => boolean)) => {
    const next = typeof open === 'function' ? open(menuOpen) : open;
    store.getState().setProjectMenu(next ? 'list' : 'closed');
  };
  const [layingOut, setLayingOut] = useState(false);
  const { projects } = useServices();

  const layout = async () => {
    setLayingOut(true);
    try {
      await runAutoLayout(store);
    } finally {
      setLayingOut(false);
    }
  };

  return (
    <header className="topbar">
      <span className="brand">Callboard</span>
      <div style={{ position: 'relative' }}>
        <button data-testid="project-menu-button" onClick={() => setMenuOpen((o) => !o)} aria-expanded={menuOpen} title="Projects">
          {name || 'Untitled agent'} ▾
        </button>
        {menuOpen && (
          <Suspense fallback={null}>
            <ProjectMenu controller={projects} choosingAtFirst={projectMenu === 'new-agent'} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
      </div>
      <div className="segmented" role="group" aria-label="Target runtime" data-testid="target-switch">
        {TARGETS.map((t) => (
          <button
            key={t.value}
            aria-pressed={target === t.value}
            onClick={() => store.getState().apply((doc) => ({ ...doc, target: t.value }), { label: 'switch target' })}
            title={`Lint, simulate and export for ${t.label}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="group">
        <button className="ghost" data-testid="undo" disabled={!canUndo} onClick={() => store.getState().undo()} title="Undo (Ctrl/Cmd+Z)" aria-label="Undo">↶</button>
        <button className="ghost" data-testid="redo" disabled={!canRedo} onClick={() => store.getState().redo()} title="Redo (Ctrl/Cmd+Shift+Z)" aria-label="Redo">↷</button>
      </div>
      <button data-testid="auto-layout" onClick={layout} disabled={layingOut} title="Arrange blocks and stages automatically">
        {layingOut ? 'Arranging…' : 'Layout'}
      </button>
      <ImportButton />
      <button data-testid="open-export" onClick={() => store.getState().setBottomTab('export')} title="Preview, copy and download the agent as Block Agent YAML, Pinecall TypeScript, JSON or OpenAI tools">
        Export
      </button>
      <button data-testid="open-search" onClick={() => store.getState().setSearchOpen(true)} title="Find blocks, stages and tools">
        Search <span className="kbd">Ctrl K</span>
      </button>
      <span className="spacer" />
      {loadError && <span className="save-status error" title={loadError}>A saved project could not be read</span>}
      <span className={`save-status${saveError || access.mode === 'read-only' ? ' error' : ''}`} data-testid="save-status" title={saveError ?? (access.mode === 'read-only' ? 'This tab saves nothing: see the banner above the canvas' : 'Every change is saved in this browser')}>
        {saveStatusText(access, saveError)}
      </span>
      <LlmSettingsButton />
      <button className="ghost" onClick={() => store.getState().setShortcutsOpen(true)} title="Keyboard shortcuts" aria-label="Keyboard shortcuts">?</button>
    </header>
  );
}
