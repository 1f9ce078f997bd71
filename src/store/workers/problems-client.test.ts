// The problems client without Web Workers (Node): the same API runs in place, through the same
// document patches and "same answer" replies as the worker. The worker itself: e2e (problems).
import { produce } from 'immer';
import { describe, expect, it, vi } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import { problemsOf } from '../../formats/problems';
import { problemsInWorker } from './problems-client';

const sample = frozenSample();

describe('problemsInWorker', () => {
  it('answers each document with its problems; an equal answer is the very same array', async () => {
    const first = await problemsInWorker(sample);
    expect(first).toEqual(problemsOf(sample));
    // Typing in a stage's instructions: the problems stay, and so does their identity (nothing downstream rebuilds).
    const typed = produce(sample, (d) => { d.stages[0].instructions += ' more'; });
    expect(await problemsInWorker(typed)).toBe(first);
    // A change that makes a problem: a new answer, equal to lint of that document.
    const broken = produce(typed, (d) => { d.tools[0].name = 'not a valid name!'; });
    const third = await problemsInWorker(broken);
    expect(third).not.toBe(first);
    expect(third).toEqual(problemsOf(broken));
    // And back: equal to the first problems, but a new answer to the last one held.
    expect(await problemsInWorker(produce(broken, (d) => { d.tools[0].name = sample.tools[0].name; }))).toEqual(first);
  });

  it('loads the expression parser only for a source that needs it, and then reports its syntax', async () => {
    vi.resetModules();
    const syntax = await import('../../model/lint/js-syntax');
    const { problemsApi } = await import('./problems-api');
    const api = problemsApi();
    // The sample's `when` and expression condition are plain: lint answers without acorn.
    const plain = await api.problemsOf({ kind: 'full', key: 1, doc: sample });
    expect(syntax.expressionParserLoaded()).toBe(false);
    expect(plain.kind === 'new' && plain.problems).toEqual(problemsOf(sample));
    // A `when` that is not: the parser loads, and its syntax error is in the answer.
    const broken = produce(sample, (d) => { d.tools[0].when = '(s) => { s.x ++ 1 }'; });
    const answer = await api.problemsOf({ kind: 'full', key: 2, doc: broken });
    expect(syntax.expressionParserLoaded()).toBe(true);
    expect(answer.kind === 'new' && answer.problems.map((p) => p.rule)).toContain('tool-when-syntax');
  });

  it('loads the pattern sandbox when a pattern has a sample, and then reports a pattern that takes too long on it', async () => {
    vi.resetModules();
    const samples = await import('../../model/lint/pattern-samples');
    const { problemsApi } = await import('./problems-api');
    const api = problemsApi();
    // Fourteen [0-9]* on a 40-digit default: never run on this thread's RegExp, run in the sandbox.
    const slow = produce(sample, (d) => { Object.assign(d.tools[2].parameters.properties!.phone, { pattern: `^${'[0-9]*'.repeat(14)}x$`, default: '4'.repeat(40) }); });
    const answer = await api.problemsOf({ kind: 'full', key: 1, doc: slow });
    expect(samples.samplePatternsWanted()).toBe(false);
    const found = answer.kind === 'new' ? answer.problems.filter((p) => p.rule === 'parameter-pattern-slow') : [];
    expect(found.map((p) => p.path)).toEqual(['/tools/2/parameters/properties/phone/default']);
  });
});

describe('settledInWorker: the stage flow of a Pinecall agent read off the page', () => {
  it('answers the code-flow reader\'s writes with the problems, and reachability follows them', async () => {
    const { settledInWorker } = await import('./problems-client');
    // goodbye is reached only through free_slots's code once its edges and looping go.
    const doc = produce(sample, (d) => {
      d.target = 'pinecall';
      d.edges = d.edges.filter((e) => e.to !== 's_goodbye');
      d.blocks.forEach((b) => { if (b.looping) b.looping.connectTo = null; });
      d.tools.find((t) => t.id === 't_slots')!.implementation = 'const LAST = "goodbye";\nif (this.searches > 3) this.stage = LAST;\nreturn [];';
    });
    const settled = await settledInWorker(doc);
    expect(settled?.stageFlow?.writes).toMatchObject([{ tool: 'free_slots', to: 'goodbye', condition: 'this.searches > 3', at: { line: 2 } }]);
    expect(settled?.problems.filter((p) => p.rule === 'stage-unreachable')).toEqual([]);
    // The lexer alone sees no literal after `this.stage =`: the stage would be unreachable.
    expect(problemsOf(doc).filter((p) => p.rule === 'stage-unreachable')).toHaveLength(1);
  });
});
