import { lazy, Suspense } from 'react';
import { Canvas } from '../canvas/Canvas';
import { Inspector } from '../panels/inspector/Inspector';
import { Outline } from '../panels/outline/Outline';
import { BottomDock } from '../panels/BottomDock';
import { useApp } from '../store/context';
import { SplitGroup, SplitPanel, SplitSeparator } from '../ui/SplitPanes';
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
  if (!loaded) return <div className="boot">Opening your last project…</div>;
  return (
    <div className="app">
      <TopBar />
      {bannerShown && (
        <Suspense fallback={null}>
          <ProjectBanners />
        </Suspense>
      )}
      {/* Panel sizes (percent) are remembered between visits under the group's id (ui.md: panels remember their sizes). */}
      <SplitGroup id="callboard-vertical" orientation="vertical" className="workspace">
        <SplitPanel id="panel-main" minSize={30}>
          <SplitGroup id="callboard-horizontal" orientation="horizontal">
            <SplitPanel id="panel-outline" defaultSize={14} minSize={8} collapsible className="side-panel">
              <Outline />
            </SplitPanel>
            <SplitSeparator className="separator vertical" />
            <SplitPanel id="panel-canvas" minSize={30}>
              <Canvas />
            </SplitPanel>
            <SplitSeparator className="separator vertical" />
            <SplitPanel id="panel-inspector" defaultSize={25} minSize={16} collapsible className="side-panel">
              <Inspector />
            </SplitPanel>
          </SplitGroup>
        </SplitPanel>
        <SplitSeparator className="separator horizontal" />
        <SplitPanel id="panel-dock" defaultSize={24} minSize={6} collapsible>
          <BottomDock />
        </SplitPanel>
      </SplitGroup>
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
