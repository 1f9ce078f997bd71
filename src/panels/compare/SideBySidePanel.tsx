import type { AgentDifference } from '../../model/diff';
import type { AgentDocument } from '../../model';
import { LazyDiffEditor } from '../../editors/LazyDiffEditor';
import { sideBySideOf } from './side-by-side';

/** One difference, old beside new (issue 15): Monaco's diff editor for text and schemas, else old → new. */
export function SideBySidePanel({ difference, base, doc, label }: { difference: AgentDifference; base: AgentDocument; doc: AgentDocument; label: string }) {
  const view = sideBySideOf(difference, base, doc);
  return (
    <section className="cb-compare-detail" aria-label={`Side by side: ${difference.label}`} data-testid="compare-side-by-side">
      <h3 className="cb-compare-detail-title">{difference.label}</h3>
      <div className="cb-compare-sides" aria-hidden="true">
        <span>{label}</span>
        <span>Open agent</span>
      </div>
      {view.mode === 'text' ? (
        <LazyDiffEditor original={view.original} modified={view.modified} language={view.language} ariaLabel={difference.label} testId="compare-diff-editor" />
      ) : (
        <p className="cb-compare-short" data-testid="compare-short">
          <del>{view.old}</del> → <ins>{view.new}</ins>
        </p>
      )}
    </section>
  );
}
