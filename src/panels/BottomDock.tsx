import { useApp, useStoreApi } from '../store/context';
import { useSettledProblems } from '../store/useSettledProblems';
import { ProblemsPanel } from './problems/ProblemsPanel';
import { ExportPanel } from './export/ExportPanel';
import type { BottomTab } from '../store';
import './dock.css';

// The simulator, change log, turn inspector and export preview join this dock with their issues.
const TABS: { id: BottomTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'export', label: 'Export preview' },
];

export function BottomDock() {
  const tab = useApp((s) => s.bottomTab);
  const problems = useSettledProblems();
  const counts = { error: 0, warning: 0, info: 0 };
  for (const p of problems) counts[p.severity] += 1;
  const store = useStoreApi();
  return (
    <div className="dock">
      <div className="dock-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} role="tab" aria-selected={tab === t.id} className="dock-tab" onClick={() => store.getState().setBottomTab(t.id)} data-testid={`dock-tab-${t.id}`}>
            {t.label}
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
        {tab === 'export' && <ExportPanel />}
      </div>
    </div>
  );
}
