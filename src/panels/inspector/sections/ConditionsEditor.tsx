import { parameterNames, toolsVisibleIn, type Condition, type Edge } from '../../../model';
import { addCondition, moveCondition, removeCondition, updateCondition } from '../../../model/ops';
import { useCommit, useEndGesture } from '../commit';
import { SelectControl, TextControl } from '../fields';
import type { SectionProps } from '../types';

const KINDS: { value: Condition['kind']; label: string }[] = [
  { value: 'tool', label: 'Tool fired' },
  { value: 'external', label: 'External value' },
  { value: 'nlu', label: 'Natural language' },
  { value: 'expression', label: 'State expression' },
  { value: 'result', label: 'Tool result' },
];

/** A fresh condition of a kind, with what it needs filled from the edge's context. */
function fresh(kind: Condition['kind'], toolId: string | undefined): Condition {
  switch (kind) {
    case 'tool':
      return { kind: 'tool', toolId: toolId ?? '', expected: '*' };
    case 'external':
      return { kind: 'external', expected: '*' };
    case 'nlu':
      return { kind: 'nlu', sentence: '' };
    case 'expression':
      return { kind: 'expression', expression: '' };
    case 'result':
      return { kind: 'result', toolId: toolId ?? '', field: 'status', expected: '' };
  }
}

/** An edge's conditions, all of which must hold, in the order they are written. */
export function ConditionsEditor({ entity: edge, doc }: SectionProps<Edge>) {
  const commit = useCommit();
  const endGesture = useEndGesture();
  const from = doc.stages.find((s) => s.id === edge.from);
  const offered = from ? toolsVisibleIn(doc, from) : doc.tools;
  // Tools the from-stage offers first; the others still selectable (lint says why they cannot fire).
  const toolOptions = [
    ...offered.map((t) => ({ value: t.id, label: t.name })),
    ...doc.tools.filter((t) => !offered.includes(t)).map((t) => ({ value: t.id, label: `${t.name} (not offered here)` })),
  ];
  const update = (index: number, patch: Partial<Condition>, history: 'push' | 'gesture' = 'push') =>
    commit((d) => updateCondition(d, edge.id, index, patch), history);

  return (
    <div className="conditions" data-testid="conditions-editor">
      {edge.conditions.length === 0 && <div className="muted small">No conditions: the edge is taken as soon as it is tried.</div>}
      {edge.conditions.map((c, index) => {
        const tool = c.kind === 'tool' ? doc.tools.find((t) => t.id === c.toolId) : undefined;
        const params = tool ? parameterNames(tool.parameters) : [];
        return (
          <div className="condition" key={index} data-path={`/conditions/${index}`} data-testid="condition">
            <div className="condition-head">
              <span className="condition-index">{index === 0 ? 'when' : 'and'}</span>
              <SelectControl
                value={c.kind}
                ariaLabel="Condition kind"
                options={KINDS}
                onWrite={(kind) => update(index, fresh(kind as Condition['kind'], offered[0]?.id))}
              />
              <span className="spacer" />
              <button type="button" className="ghost" aria-label="Move condition up" disabled={index === 0} onClick={() => commit((d) => moveCondition(d, edge.id, index, index - 1))}>↑</button>
              <button type="button" className="ghost" aria-label="Move condition down" disabled={index === edge.conditions.length - 1} onClick={() => commit((d) => moveCondition(d, edge.id, index, index + 1))}>↓</button>
              <button type="button" className="ghost" aria-label="Remove condition" onClick={() => commit((d) => removeCondition(d, edge.id, index))}>×</button>
            </div>
            {c.kind === 'tool' && (
              <div className="condition-body condition-tool">
                <label className="insp-sub" data-path={`/conditions/${index}/toolId`}>
                  <span>tool</span>
                  <SelectControl value={c.toolId} ariaLabel="Tool" options={toolOptions} onWrite={(toolId) => update(index, { toolId, field: undefined })} />
                </label>
                <label className="insp-sub" data-path={`/conditions/${index}/field`}>
                  <span>field</span>
                  <SelectControl
                    value={c.field ?? ''}
                    ariaLabel="Field"
                    options={[{ value: '', label: params[0] ? `first parameter (${params[0]})` : 'first parameter' }, ...params.map((p) => ({ value: p, label: p }))]}
                    onWrite={(field) => update(index, { field: field || undefined })}
                  />
                </label>
                <label className="insp-sub" data-path={`/conditions/${index}/expected`}>
                  <span>equals</span>
                  <TextControl value={c.expected} mono ariaLabel="Expected value" placeholder="*" onWrite={(expected, h) => update(index, { expected }, h)} onDone={endGesture} />
                </label>
              </div>
            )}
            {c.kind === 'result' && (
              <div className="condition-body condition-tool">
                <label className="insp-sub" data-path={`/conditions/${index}/toolId`}>
                  <span>tool</span>
                  <SelectControl value={c.toolId} ariaLabel="Tool" options={toolOptions} onWrite={(toolId) => update(index, { toolId })} />
                </label>
                <label className="insp-sub" data-path={`/conditions/${index}/field`}>
                  <span>result field</span>
                  <TextControl value={c.field} mono ariaLabel="Result field" placeholder="status" onWrite={(field, h) => update(index, { field }, h)} onDone={endGesture} />
                </label>
                <label className="insp-sub" data-path={`/conditions/${index}/expected`}>
                  <span>equals</span>
                  <TextControl value={c.expected} mono ariaLabel="Expected result value" placeholder="available" onWrite={(expected, h) => update(index, { expected }, h)} onDone={endGesture} />
                </label>
              </div>
            )}
            {c.kind === 'external' && (
              <label className="insp-sub" data-path={`/conditions/${index}/expected`}>
                <span>equals</span>
                <TextControl value={c.expected} mono ariaLabel="Expected external value" placeholder="*" onWrite={(expected, h) => update(index, { expected }, h)} onDone={endGesture} />
              </label>
            )}
            {c.kind === 'nlu' && (
              <label className="insp-sub" data-path={`/conditions/${index}/sentence`}>
                <span>the model judges that</span>
                <TextControl value={c.sentence} multiline rows={2} ariaLabel="Sentence" placeholder="The caller has said why they are calling." onWrite={(sentence, h) => update(index, { sentence }, h)} onDone={endGesture} />
              </label>
            )}
            {c.kind === 'expression' && (
              <label className="insp-sub" data-path={`/conditions/${index}/expression`}>
                <span>holds</span>
                <TextControl value={c.expression} mono ariaLabel="Expression" placeholder="searches >= 3" onWrite={(expression, h) => update(index, { expression }, h)} onDone={endGesture} />
              </label>
            )}
          </div>
        );
      })}
      {edge.conditions.some((c) => c.kind === 'result') && (
        <div className="insp-hint">
          A result case is compared as Pipecat compares a branch key: the value as Python writes it (<code>true</code>/<code>false</code> in any case alike).
        </div>
      )}
      {edge.conditions.some((c) => c.kind === 'tool' || c.kind === 'external') && (
        <div className="insp-hint">
          Values are compared as text, ignoring case; <code>*</code> matches any non-empty value.
        </div>
      )}
      <div className="row-buttons">
        <button type="button" data-testid="condition-add" onClick={() => commit((d) => addCondition(d, edge.id, fresh('tool', offered[0]?.id ?? doc.tools[0]?.id)))}>
          Add condition
        </button>
      </div>
    </div>
  );
}
