// Pure helpers of the turn inspector: one step's trace, its model calls on a time axis, and the
// edge that fired with the conditions that made it fire.
import type { AgentDocument } from '../../model';
import { conditionLabel, toolMap } from '../../canvas/labels';
import type { Session, TraceEntry } from '../../simulator/types';

export type ModelCallEntry = Extract<TraceEntry, { kind: 'model-call' }>;
export type StageChangeEntry = Extract<TraceEntry, { kind: 'stage-change' }>;

/** Step numbers 1…turn: every step the run took, even one that traced nothing. */
export const stepNumbers = (session: Pick<Session, 'turn'>): number[] => Array.from({ length: session.turn }, (_, i) => i + 1);

export const entriesOfStep = (trace: readonly TraceEntry[], step: number): TraceEntry[] => trace.filter((t) => t.step === step);

/** The step's model calls in call order (Block Agent traces a call when it ends, so trace order is finishing order). */
export function modelCalls(entries: readonly TraceEntry[]): ModelCallEntry[] {
  return entries.filter((t): t is ModelCallEntry => t.kind === 'model-call').sort((a, b) => a.call - b.call);
}

/** A call that got no answer. One with an answer and an error was answered but not acted on (its parallel pair failed). */
export const callFailed = (c: Pick<ModelCallEntry, 'error' | 'response'>): boolean => c.error !== undefined && c.response === undefined;

/** The first call whose answer called `tool` (where a change-log click on that tool's write leads). */
export const callAskingFor = (calls: readonly ModelCallEntry[], tool: string | undefined): ModelCallEntry | undefined =>
  tool === undefined ? undefined : calls.find((c) => c.response?.toolCalls.some((tc) => tc.name === tool));

export interface AxisBar {
  call: number;
  /** Start and width as fractions of the axis (0…1). */
  left: number;
  width: number;
  startMs: number;
  ms: number;
}

export interface TimeAxis {
  /** Milliseconds the axis spans, from the first call's start. */
  span: number;
  bars: AxisBar[];
  ticks: { ms: number; left: number }[];
}

/** A bar never drawn thinner than this fraction, so an instant (offline) call still shows. */
export const MIN_BAR = 0.012;

/**
 * The calls of one step on one axis: each bar starts at the call's `at` (the moment it started)
 * and is `ms` long, so calls made at once are drawn one above the other, overlapping.
 */
export function timeAxis(calls: readonly Pick<ModelCallEntry, 'call' | 'at' | 'ms'>[]): TimeAxis {
  if (calls.length === 0) return { span: 0, bars: [], ticks: [] };
  const origin = Math.min(...calls.map((c) => c.at));
  const end = Math.max(...calls.map((c) => c.at + Math.max(0, c.ms)));
  const span = Math.max(end - origin, 1);
  const bars = calls.map((c) => {
    const startMs = c.at - origin;
    const width = Math.max(Math.max(0, c.ms) / span, MIN_BAR);
    return { call: c.call, left: Math.min(startMs / span, 1 - width), width, startMs, ms: c.ms };
  });
  const step = tickStep(span);
  const ticks = [];
  for (let ms = 0; ms <= span + 1e-9; ms += step) ticks.push({ ms, left: ms / span });
  return { span, bars, ticks };
}

/** 1, 2 or 5 × 10^k: the smallest such step that puts at most five ticks on the axis. */
export function tickStep(span: number): number {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

export const overlap = (a: Pick<AxisBar, 'left' | 'width'>, b: Pick<AxisBar, 'left' | 'width'>) =>
  Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > 0;

export interface EdgeDecision {
  from: string;
  to: string;
  /** Which edge, with its conditions as the canvas labels them; empty when no edge of the document moved it. */
  edgeId?: string;
  loop: boolean;
  conditions: string[];
  /** What moved the stage: the author the engine recorded (a tool, an edge id, `loop`, `looping`). */
  via: string;
}

/** Every stage change of the step, with the edge's conditions looked up in the document. */
export function edgeDecisions(doc: AgentDocument, entries: readonly TraceEntry[]): EdgeDecision[] {
  const tools = toolMap(doc);
  return entries
    .filter((t): t is StageChangeEntry => t.kind === 'stage-change')
    .map((t) => {
      const edge = t.edgeId === undefined ? undefined : doc.edges.find((e) => e.id === t.edgeId);
      return {
        from: t.from,
        to: t.to,
        edgeId: t.edgeId,
        loop: edge?.kind === 'loop' || t.from === t.to,
        conditions: edge ? (edge.conditions.length ? edge.conditions.map((c) => conditionLabel(c, tools)) : ['always']) : [],
        via: t.via,
      };
    });
}

export interface StepTotals {
  calls: number;
  /** Wall time from the first call's start to the last call's end. */
  ms: number;
  inputTokens: number;
  outputTokens: number;
  failed: number;
}

export function stepTotals(calls: readonly ModelCallEntry[]): StepTotals {
  const wall = calls.length ? Math.max(...calls.map((c) => c.at + c.ms)) - Math.min(...calls.map((c) => c.at)) : 0;
  let inputTokens = 0;
  let outputTokens = 0;
  for (const c of calls) {
    inputTokens += c.response?.usage?.inputTokens ?? 0;
    outputTokens += c.response?.usage?.outputTokens ?? 0;
  }
  return { calls: calls.length, ms: wall, inputTokens, outputTokens, failed: calls.filter(callFailed).length };
}

/** `640 ms`, `1.4 s`, `12 s`. */
export const formatMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s` : `${Math.round(ms)} ms`);
