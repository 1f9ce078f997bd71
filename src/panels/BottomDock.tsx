import { lazy, Suspense } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { useSettledProblems } from '../store/useSettledProblems';
import { ProblemsPanel } from './problems/ProblemsPanel';
import type { BottomTab } from '../store';
import { DOCK_TABS as TABS } from './dock-tabs';
import './dock.css';


// Every tab but Problems (the one a first visit opens on) loads when first shown: the first paint
// carries only what it paints (issue 16). A tab's chunk is fetched as the pointer comes over its
// button or the keyboard focuses it, so that the click usually finds it loaded; not on a timer
// after boot, which fetched all of them (~85 kB gzip, the exporters among them) before anyone
// asked. Versions brings the diff engine and the history.
const PANELS = {
  simulator: () => import('./simulator/SimulatorPanel'),
  changelog: () => import('./changelog/ChangeLogPanel'),
  turns: () => import('./turns/TurnInspector'),
  tests: () => import('./tests/TestsPanel'),
  export: () => import('./export/ExportPanel'),
  versions: () => import('./versions/VersionsPanel'),
} satisfies Partial<Record<BottomTab, () => Promise<unknown>>>;
const SimulatorPanel = lazy(() => PANELS.simulator().then((m) => ({ default: m.SimulatorPanel })));
const ChangeLogPanel = lazy(() => PANELS.changelog().then((m) => ({ default: m.ChangeLogPanel })));
const TurnInspector = lazy(() => PANELS.turns().then((m) => ({ default: m.TurnInspector })));
const TestsPanel = lazy(() => PANELS.tests().then((m) => ({ default: m.TestsPanel })));
const ExportPanel = lazy(() => PANELS.export().then((m) => ({ default: m.ExportPanel })));
const VersionsPanel = lazy(PANELS.versions);
const prefetch = (tab: BottomTab) => {
  if (tab in PANELS) void PANELS[tab as keyof typeof PANELS]().catch(() => undefined);
};

export function BottomDock() {
  const tab = useApp((s) => s.bottomTab);
  const problems = useSettledProblems();
  const counts = { error: 0, warning: 0, info: 0 };
  // Notes (what the target leaves out, what only another runtime minds) are not counted: the badge
  // says there is something to fix; the Problems panel keeps the notes in collapsed groups.
  for (const p of problems) counts[p.severity] += 1;
  const store = useStoreApi();
  const testCount = useApp((s) => s.doc.tests?.length ?? 0);
  return (
    <div className="dock">
      <div className="dock-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id} role="tab" aria-selected={tab === t.id} className="dock-tab" data-testid={`dock-tab-${t.id}`}
            onClick={() => store.getState().setBottomTab(t.id)} onPointerEnter={() => prefetch(t.id)} onFocus={() => prefetch(t.id)}
          >
            {t.label}
            {t.id === 'tests' && testCount > 0 && <span className="dock-counts"><span className="count" title="tests">{testCount}</span></span>}
            {t.id === 'problems' && (
              <span className="dock-counts">
                {counts.error > 0 && <span className="count sev-error" title="errors">{counts.error}</span>}
                {counts.warning > 0 && <span className="count sev-warning" title="warnings">{counts.warning}</span>}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="dock-body">
        {tab === 'problems' && <ProblemsPanel />}
        <Suspense fallback={<div className="empty-state">Loading…</div>}>
          {tab === 'simulator' && <SimulatorPanel />}
          {tab === 'changelog' && <ChangeLogPanel />}
          {tab === 'turns' && <TurnInspector />}
          {tab === 'tests' && <TestsPanel />}
          {tab === 'export' && <ExportPanel />}
          {tab === 'versions' && <VersionsPanel />}
        </Suspense>
      </div>
    </div>
  );
}
