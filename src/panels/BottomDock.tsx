import { lazy, Suspense } from 'react';
import { useApp, useStoreApi } from '../store/context';
import { useSettledProblems } from '../store/useSettledProblems';
import { ProblemsPanel } from './problems/ProblemsPanel';
import { ExportPanel } from './export/ExportPanel';
import { SimulatorPanel } from './simulator/SimulatorPanel';
import { ChangeLogPanel } from './changelog/ChangeLogPanel';
import { TurnInspector } from './turns/TurnInspector';
import { TestsPanel } from './tests/TestsPanel';
import type { BottomTab } from '../store';
import './dock.css';

const TABS: { id: BottomTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'simulator', label: 'Simulator' },
  { id: 'changelog', label: 'Change log' },
  { id: 'turns', label: 'Turn inspector' },
  { id: 'tests', label: 'Tests' },
  { id: 'export', label: 'Export preview' },
  { id: 'versions', label: 'Versions' },
];

// Versions load on first open: the diff engine and the history are not first-paint work.
const VersionsPanel = lazy(() => import('./versions/VersionsPanel'));

export function BottomDock() {
  const tab = useApp((s) => s.bottomTab);
  const problems = useSettledProblems();
  const counts = { error: 0, warning: 0, info: 0 };
  for (const p of problems) counts[p.severity] += 1;
  const store = useStoreApi();
  const testCount = useApp((s) => s.doc.tests?.length ?? 0);
  return (
    <div className="dock">
      <div className="dock-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} role="tab" aria-selected={tab === t.id} className="dock-tab" onClick={() => store.getState().setBottomTab(t.id)} data-testid={`dock-tab-${t.id}`}>
            {t.label}
            {t.id === 'tests' && testCount > 0 && <span className="dock-counts"><span className="count" title="tests">{testCount}</span></span>}
            {t.id === 'problems' && (
              <span className="dock-counts">
                {counts.error > 0 && <span className="count sev-error" title="errors">{counts.error}</span>}
                {counts.warning > 0 && <span className="count sev-warning" title="warnings">{counts.warning}</span>}
                {counts.info > 0 && <span className="count sev-info" title="notes">{counts.info}</span>}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="dock-body">
        {tab === 'problems' && <ProblemsPanel />}
        {tab === 'simulator' && <SimulatorPanel />}
        {tab === 'changelog' && <ChangeLogPanel />}
        {tab === 'turns' && <TurnInspector />}
        {tab === 'tests' && <TestsPanel />}
        {tab === 'export' && <ExportPanel />}
        {tab === 'versions' && <Suspense fallback={<div className="empty-state">Loading versions…</div>}><VersionsPanel /></Suspense>}
      </div>
    </div>
  );
}
