// Loaded with the first compare (Canvas.tsx, React.lazy): the banner over the canvas, the list of
// differences beside it, one difference side by side, and "What the model sees" (issue 15).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useReactFlow, useStore as useFlowStore } from '@xyflow/react';
import type { AgentDifference } from '../../model/diff';
import { useApp, useStoreApi } from '../../store/context';
import { overlayFor, overlayStyleSheet } from '../../canvas/compare-overlay';
import { DiffList } from '../diff/DiffList';
import { SideBySidePanel } from './SideBySidePanel';
import { ModelSees } from './ModelSees';
import './compare.css';

type Tab = 'differences' | 'model';

export default function CompareView() {
  const store = useStoreApi();
  const compare = useApp((s) => s.compare);
  const doc = useApp((s) => s.doc);
  const [tab, setTab] = useState<Tab>('differences');
  // Folded away, the whole canvas shows the overlay; the banner keeps the way back.
  const [folded, setFolded] = useState(false);
  const [picked, setPicked] = useState<{ label: string; path: string } | null>(null);
  const overlay = useMemo(() => (compare ? overlayFor(compare.base, doc) : null), [compare, doc]);
  const sheet = useMemo(() => (overlay ? overlayStyleSheet(overlay, (id) => CSS.escape(id)) : ''), [overlay]);

  // The whole overlay in view, clear of the list beside it (its width: min(420px, 50%) plus its margin).
  const flow = useReactFlow();
  const canvasWidth = useFlowStore((s) => s.width);
  useEffect(() => {
    const right = folded ? 24 : Math.min(420, canvasWidth / 2) + 24;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: { top: '24px', bottom: '64px', left: '24px', right: `${right}px` }, duration: 200 }));
    return () => cancelAnimationFrame(frame);
  }, [folded, flow, canvasWidth]);

  // Another project opened: the base was the other agent's, so the compare ends.
  const docId = useRef(doc.id);
  useEffect(() => {
    if (docId.current !== doc.id) store.getState().closeCompare();
  }, [doc.id, store]);

  if (!compare || !overlay) return null;
  const { differences } = overlay;
  // The picked row after an edit: the same label, or the same place.
  const difference: AgentDifference | undefined = picked
    ? differences.find((d) => d.label === picked.label) ?? differences.find((d) => d.path === picked.path)
    : undefined;
  const count = `${differences.length} difference${differences.length === 1 ? '' : 's'}`;

  return (
    <>
      <style>{sheet}</style>
      <div className={`cb-compare-banner${folded ? ' wide' : ''}`} role="region" aria-label="Compare" data-testid="compare-banner">
        <span>
          Comparing with <strong>{compare.label}</strong> — {count}
        </span>
        <button type="button" className="ghost" aria-expanded={!folded} onClick={() => setFolded(!folded)} data-testid="compare-fold">{folded ? 'Show list' : 'Hide list'}</button>
        <button type="button" className="ghost" onClick={() => store.getState().closeCompare()} data-testid="compare-close">Close</button>
      </div>
      {!folded && (
        <aside className="cb-compare-side" aria-label={`Differences with ${compare.label}`} data-testid="compare-side">
          <div className="cb-compare-tabs">
            <button type="button" aria-pressed={tab === 'differences'} onClick={() => setTab('differences')} data-testid="compare-tab-differences">Differences</button>
            <button type="button" aria-pressed={tab === 'model'} onClick={() => setTab('model')} data-testid="compare-tab-model">What the model sees</button>
          </div>
          <div className="cb-compare-body">
            {tab === 'differences' ? (
              <>
                <DiffList differences={differences} openable onOpen={(d) => setPicked({ label: d.label, path: d.path })} empty="No differences: the open agent is the same." />
                {difference && <SideBySidePanel difference={difference} base={compare.base} doc={doc} label={compare.label} />}
              </>
            ) : (
              <ModelSees base={compare.base} doc={doc} differences={differences} />
            )}
          </div>
        </aside>
      )}
    </>
  );
}
