// Two runs of the same inputs, step by step: what differs in the tools called (and their
// arguments), the stage path, the state and the lines said. Pure data for the replay view.
import type { AgentDocument } from '../../model';
import type { RunStep } from './replay';
import { summarizeStep, type StepSummary } from './summary';

/** `added`: only the replay has this step; `removed`: only the original (the replay stopped before). */
export type DiffMark = 'same' | 'changed' | 'added' | 'removed';
export type DiffAspect = 'tools' | 'stages' | 'state' | 'said';
export const DIFF_ASPECTS: readonly DiffAspect[] = ['tools', 'stages', 'state', 'said'];

export const ASPECT_LABEL: Record<DiffAspect, string> = { tools: 'tools called', stages: 'stage path', state: 'state', said: 'lines said' };

export interface StepDiff {
  /** The step's number in the run (1 is the first step). */
  step: number;
  mark: DiffMark;
  aspects: Record<DiffAspect, DiffMark>;
  /** State fields whose values differ after the step (empty unless `aspects.state` is changed). */
  stateFields: string[];
  old?: StepSummary;
  new?: StepSummary;
}

/** Values compared as JSON with object keys sorted: `{a, b}` and `{b, a}` are the same arguments. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  ) ?? 'undefined';
}

function differingFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => canonical(a[k]) !== canonical(b[k]));
}

function compare(old: StepSummary, next: StepSummary): Pick<StepDiff, 'aspects' | 'stateFields'> {
  const stateFields = differingFields(old.state, next.state);
  const mark = (same: boolean): DiffMark => (same ? 'same' : 'changed');
  return {
    aspects: {
      tools: mark(canonical(old.tools) === canonical(next.tools)),
      stages: mark(canonical(old.stages) === canonical(next.stages)),
      state: mark(stateFields.length === 0),
      said: mark(canonical(old.said) === canonical(next.said)),
    },
    stateFields,
  };
}

const all = (mark: DiffMark): Record<DiffAspect, DiffMark> => ({ tools: mark, stages: mark, state: mark, said: mark });

/**
 * Step by step from the first step of each list (both start where the replay started). `doc` names
 * the stage a step started on when no stage change says it.
 */
export function diffRuns(oldSteps: readonly RunStep[], newSteps: readonly RunStep[], doc?: AgentDocument): StepDiff[] {
  const out: StepDiff[] = [];
  for (let i = 0; i < Math.max(oldSteps.length, newSteps.length); i++) {
    const old = oldSteps[i] ? summarizeStep(oldSteps[i], doc) : undefined;
    const next = newSteps[i] ? summarizeStep(newSteps[i], doc) : undefined;
    if (old && next) {
      const { aspects, stateFields } = compare(old, next);
      const mark = DIFF_ASPECTS.some((a) => aspects[a] !== 'same') ? 'changed' : 'same';
      out.push({ step: old.step, mark, aspects, stateFields, old, new: next });
    } else if (old) out.push({ step: old.step, mark: 'removed', aspects: all('removed'), stateFields: [], old });
    else if (next) out.push({ step: next.step, mark: 'added', aspects: all('added'), stateFields: [], new: next });
  }
  return out;
}

function stepList(steps: number[]): string {
  const label = steps.length === 1 ? 'step' : 'steps';
  const numbers = steps.length <= 2 ? steps.join(' and ') : `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}`;
  return `${label} ${numbers}`;
}

/**
 * One line for a person: "2 differences: tools called at step 2, lines said at step 2". A changed
 * aspect of a step is one difference; a step only one run has is one difference.
 */
export function describeDiff(diffs: readonly StepDiff[]): { count: number; text: string } {
  const byAspect = new Map<DiffAspect, number[]>();
  const removed: number[] = [];
  const added: number[] = [];
  for (const d of diffs) {
    if (d.mark === 'removed') removed.push(d.step);
    else if (d.mark === 'added') added.push(d.step);
    else for (const a of DIFF_ASPECTS) if (d.aspects[a] === 'changed') byAspect.set(a, [...(byAspect.get(a) ?? []), d.step]);
  }
  const phrases = DIFF_ASPECTS.filter((a) => byAspect.has(a)).map((a) => `${ASPECT_LABEL[a]} at ${stepList(byAspect.get(a)!)}`);
  if (removed.length) phrases.push(`${stepList(removed)} not reached in the replay`);
  if (added.length) phrases.push(`${stepList(added)} only in the replay`);
  const count = [...byAspect.values()].reduce((n, s) => n + s.length, 0) + removed.length + added.length;
  if (count === 0) return { count, text: 'No differences: the replay did what the original run did.' };
  return { count, text: `${count} difference${count === 1 ? '' : 's'}: ${phrases.join(', ')}` };
}
