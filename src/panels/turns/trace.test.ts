import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import type { TraceEntry } from '../../simulator/types';
import { callAskingFor, callFailed, edgeDecisions, entriesOfStep, MIN_BAR, modelCalls, overlap, stepNumbers, stepTotals, tickStep, timeAxis, type ModelCallEntry } from './trace';

const call = (callNo: number, at: number, ms: number, extra: Partial<ModelCallEntry> = {}): ModelCallEntry => ({
  kind: 'model-call', step: 1, revision: 1, call: callNo, at, ms,
  request: { system: 's', messages: [], tools: [], toolChoice: 'none' },
  response: { text: '', toolCalls: [] },
  ...extra,
});

describe('the time axis', () => {
  it('draws two calls started together as overlapping bars from the left edge', () => {
    const axis = timeAxis([call(1, 10_000, 400), call(2, 10_000, 800)]);
    expect(axis.span).toBe(800);
    expect(axis.bars).toEqual([
      { call: 1, left: 0, width: 0.5, startMs: 0, ms: 400 },
      { call: 2, left: 0, width: 1, startMs: 0, ms: 800 },
    ]);
    expect(overlap(axis.bars[0], axis.bars[1])).toBe(true);
  });

  it('places a later call after the ones before it, without overlap', () => {
    const axis = timeAxis([call(1, 0, 300), call(2, 0, 500), call(3, 600, 400)]);
    expect(axis.span).toBe(1000);
    expect(axis.bars[2]).toMatchObject({ left: 0.6, width: 0.4, startMs: 600 });
    expect(overlap(axis.bars[1], axis.bars[2])).toBe(false);
  });

  it('keeps instant calls visible and inside the axis', () => {
    const axis = timeAxis([call(1, 50, 0), call(2, 50, 0)]);
    expect(axis.span).toBe(1);
    for (const bar of axis.bars) {
      expect(bar.width).toBe(MIN_BAR);
      expect(bar.left + bar.width).toBeLessThanOrEqual(1);
    }
  });

  it('puts at most six ticks (0 included) on round numbers', () => {
    expect(tickStep(800)).toBe(200);
    expect(tickStep(1000)).toBe(200);
    expect(tickStep(2300)).toBe(500);
    expect(tickStep(45)).toBe(10);
    expect(timeAxis([call(1, 0, 800)]).ticks.map((t) => t.ms)).toEqual([0, 200, 400, 600, 800]);
    expect(timeAxis([])).toEqual({ span: 0, bars: [], ticks: [] });
  });
});

describe('one step of the trace', () => {
  const trace: TraceEntry[] = [
    { kind: 'note', step: 1, revision: 1, at: 1, message: 'n' },
    call(2, 5, 10, { step: 2 }),
    call(1, 5, 30, { step: 2, error: 'HTTP 500', response: undefined }),
  ];

  it('lists steps 1…turn and picks a step\'s model calls in call order', () => {
    expect(stepNumbers({ turn: 3 })).toEqual([1, 2, 3]);
    expect(entriesOfStep(trace, 1)).toHaveLength(1);
    expect(modelCalls(entriesOfStep(trace, 2)).map((c) => c.call)).toEqual([1, 2]);
  });

  it('sums tokens and failures and measures wall time, not the sum of latencies', () => {
    const calls = [call(1, 100, 400, { response: { text: '', toolCalls: [], usage: { inputTokens: 300, outputTokens: 20 } } }), call(2, 100, 700, { response: { text: '', toolCalls: [], usage: { inputTokens: 350 } } }), call(3, 900, 50, { error: 'x', response: undefined })];
    expect(stepTotals(calls)).toEqual({ calls: 3, ms: 850, inputTokens: 650, outputTokens: 20, failed: 1 });
    expect(stepTotals([])).toEqual({ calls: 0, ms: 0, inputTokens: 0, outputTokens: 0, failed: 0 });
  });
});

describe('failed calls', () => {
  it('counts a call without an answer as failed, and an answered one not acted on as not', () => {
    expect(callFailed({ error: 'HTTP 500', response: undefined })).toBe(true);
    expect(callFailed({ error: 'its pair failed: not acted on', response: { text: 'hi', toolCalls: [] } })).toBe(false);
    expect(callFailed({ response: { text: 'hi', toolCalls: [] } })).toBe(false);
  });
});

describe('the call behind a tool', () => {
  it('finds the call whose answer asked for the tool', () => {
    const reply = call(1, 0, 10);
    const tools = call(2, 0, 20, { response: { text: '', toolCalls: [{ id: 'c1', name: 'book', arguments: '{}' }] } });
    expect(callAskingFor([reply, tools], 'book')).toBe(tools);
    expect(callAskingFor([reply, tools], 'end_call')).toBeUndefined();
    expect(callAskingFor([reply, tools], undefined)).toBeUndefined();
  });
});

describe('edge decisions', () => {
  const doc = frozenSample();
  const change = (from: string, to: string, via: string, edgeId?: string): TraceEntry => ({ kind: 'stage-change', step: 1, revision: 1, at: 0, from, to, via, edgeId });

  it('names the edge that fired and its conditions as the canvas labels them', () => {
    expect(edgeDecisions(doc, [change('greet', 'identify', 'e_greet_identify', 'e_greet_identify')])).toEqual([
      { from: 'greet', to: 'identify', edgeId: 'e_greet_identify', loop: false, conditions: ['schedule_appointment = true'], via: 'e_greet_identify' },
    ]);
  });

  it('marks a loop edge, and keeps a move no edge explains (looping, set in code) with its author', () => {
    const [loop, jump] = edgeDecisions(doc, [change('greet', 'greet', 'loop', 'e_greet_loop'), change('choose', 'goodbye', 'looping')]);
    expect(loop).toMatchObject({ loop: true, conditions: ['"The caller has not yet said why…"'] });
    expect(jump).toMatchObject({ edgeId: undefined, conditions: [], via: 'looping', loop: false });
  });
});
