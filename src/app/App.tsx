import { lazy, Suspense } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { Canvas } from '../canvas/Canvas';
import { Inspector } from '../panels/inspector/Inspector';
import { Outline } from '../panels/outline/Outline';
import { BottomDock } from '../panels/BottomDock';
import { useApp } from '../store/context';
import { TopBar } from './TopBar';
import { SearchPalette } from './SearchPalette';
import { ShortcutsOverlay } from './ShortcutsOverlay';
import { useGlobalShortcuts } from './useGlobalShortcuts';
import { UndoStatus } from './UndoStatus';

// Loaded on the first tool delete: first paint is on a budget (README, size-limit).
const ToolDeleteConfirm = lazy(() => import('../panels/ToolDeleteConfirm').then((m) => ({ default: m.ToolDeleteConfirm })));
// The banners (read-only tab, a version open read-only, unreadable saved project) load when there is one to show.
const ProjectBanners = lazy(() => import('./ProjectBanners').then((m) => ({ default: m.ProjectBanners })));

export function App() {
  const loaded = useApp((s) => s.loaded);
  const toolDeleteAsked = useApp((s) => s.toolDeleteRequest !== null);
  const bannerShown = useApp((s) => s.access.mode === 'read-only' || s.viewing !== null || s.brokenProjects.length > 0);
  useGlobalShortcuts();
  // Panel sizes are remembered between visits (ui.md: panels remember their sizes).
  const vertical = useDefaultLayout({ id: 'callboard-vertical', storage: localStorage });
  const horizontal = useDefaultLayout({ id: 'callboard-horizontal', storage: localStorage });
  if (!loaded) return <div className="boot">Opening your last project…</div>;
  return (
    <div className="app">
      <TopBar />
      {bannerShown && (
        <Suspense fallback={null}>
          <ProjectBanners />
        </Suspense>
      )}
      <Group orientation="vertical" className="workspace" defaultLayout={vertical.defaultLayout} onLayoutChanged={vertical.onLayoutChanged}>
        <Panel id="panel-main" minSize="30%">
          <Group orientation="horizontal" defaultLayout={horizontal.defaultLayout} onLayoutChanged={horizontal.onLayoutChanged}>
            <Panel id="panel-outline" defaultSize="14%" minSize="8%" collapsible className="side-panel">
              <Outline />
            </Panel>
            <Separator className="separator vertical" />
            <Panel id="panel-canvas" minSize="30%">
              <Canvas />
            </Panel>
            <Separator className="separator vertical" />
            <Panel id="panel-inspector" defaultSize="25%" minSize="16%" collapsible className="side-panel">
              <Inspector />
            </Panel>
          </Group>
        </Panel>
        <Separator className="separator horizontal" />
        <Panel id="panel-dock" defaultSize="24%" minSize="6%" collapsible>
          <BottomDock />
        </Panel>
      </Group>
      <SearchPalette />
      <ShortcutsOverlay />
      {toolDeleteAsked && (
        <Suspense fallback={null}>
          <ToolDeleteConfirm />
        </Suspense>
      )}
      <UndoStatus />
    </div>
  );
}
