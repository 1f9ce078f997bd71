import { beforeAll, describe, expect, it } from 'vitest';
import { preparePatternSandbox } from '../../simulator/sandbox/patterns';
import { setSamplePatterns } from './pattern-samples';
import { readdirSync, readFileSync } from 'node:fs';
import type { AgentDocument, Target } from '../types';
import { lint, LOSS_RULE, RULES, severityOf, type RuleId } from './index';
import { RUNTIME_TRAITS } from '../runtime-homes';
import { resolvePointer } from './pointer';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
import { TARGETS } from '../../runtimes';
const withTarget = (doc: AgentDocument, target: Target) => ({ ...structuredClone(doc), target });

// Lint's sample checks run patterns in the pattern sandbox, which the CLI and the problems worker hand it.
beforeAll(async () => {
  setSamplePatterns(await preparePatternSandbox());
});

/** One document that breaks as many rules as possible at once, for checks over all problems. */
function brokenEverywhere(): AgentDocument {
  const d = structuredClone(sample);
  d.persona += ' {{ nobody }} {{ visit }}';
  d.state[1].visibility = 'public';
  d.state.push({ ...d.state[0], id: 'f_dup', name: 'stage' }, { ...d.state[0], id: 'f_dup2', name: 'stage' });
  d.state.push({ ...d.state[0], id: 'f_voice', name: 'voice' }, { ...d.state[0], id: 'f_web', name: 'web' });
  // Invisible and look-alike text (issue 30): a tag character, a bidi override, a zero-width space, a twin name, a mixed-script one.
  d.persona += ' \u{E0078}\u202E';
  d.stages[1].instructions += ' \u200B';
  d.state.push({ ...d.state[0], id: 'f_twin', name: `${d.state[0].name}\u200B` }, { ...d.state[0], id: 'f_mixed', name: 'c\u0430ller_age' });
  d.blocks[3].ref = 'booking';
  d.blocks[0].looping!.connectTo = 's_nope';
  d.blocks.push({ id: 'b_empty', name: 'Empty', ref: 'empty', intent: true });
  d.blocks[1].intent = true;
  d.blocks[2].looping = { threshold: 2, messages: [] };
  d.stages[4].instructions = d.stages[4].instructions.replace('the booking', 'the booking ({{ booking_when }})');
  d.stages[4].name = 'choose';
  d.stages[4].ref = 't_choose';
  d.stages[2].waitToken = '';
  d.stages.push({ id: 's_lost', name: 'lost', ref: 't_lost', blockId: 'b_gone', kind: 'wait', instructions: '{{ who }}' });
  d.edges.push({ id: 'e_bad', from: 's_greet', to: 's_nope', kind: 'loop', conditions: [{ kind: 'tool', toolId: 't_end', field: 'x', expected: 'y' }] });
  d.edges[6].conditions.push({ kind: 'expression', expression: 'searches >=' }, { kind: 'expression', expression: 'outage_confirmed == true' }, { kind: 'nlu', sentence: 'Gives up.' });
  d.edges[5].conditions.push({ kind: 'tool', toolId: 't_gone', expected: '*' });
  d.edges.push({ id: 'e_always', from: 's_choose', to: 's_goodbye', kind: 'edge', conditions: [] });
  d.tools[4].when = '(s) => s.isUrgent';
  const book = d.tools[5];
  Object.assign(book, { name: 'book-it', description: '', when: '(s) =>', confirm: 'Shall I book {{dayx}} {{result}}?', preview: 0, timeout: 0, pii: ['dni'] });
  book.parameters = {
    type: 'object', required: ['nope'],
    properties: {
      slot: { type: 'object' }, day: { type: 'string', pattern: '(', minLenght: 1 },
      // A shape that backtracks, stopped at its deadline on its default, and an example it refuses.
      code: { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(30)}!`, examples: ['b'] },
    },
  };
  d.tools[6].name = 'b'.repeat(70);
  d.tools[6].scope = { kind: 'stages', stageIds: ['s_nope'] };
  d.tools[4].name = 'slots';
  d.tools.push({ ...structuredClone(d.tools[0]), id: 't_dup', scope: { kind: 'blocks', blockIds: ['b_nope'] } });
  d.tools.push({ ...structuredClone(d.tools[0]), id: 't_dup2', scope: { kind: 'blocks', blockIds: [] } });
  d.tools.push({ ...structuredClone(d.tools[0]), id: 't_dup3' });
  d.tools[1].parameters = { type: 'string' };
  d.tools[3].mcp = { serverLabel: '', serverUrl: '', allowedTools: [], headers: { 'X-Key': 'secret' } };
  d.tools[2].mock = JSON.parse('['.repeat(70) + ']'.repeat(70));
  const test = { name: 'twice', input: [], state: { ghost: 1 }, mocks: { nope: 1 }, expect: { tools: ['gone'], stage: 'nowhere' } };
  d.tests = [test, { ...test }];
  return d;
}

describe('lint', () => {
  it.each(TARGETS)('finds no error in the sample agent (%s)', (target) => {
    const errors = lint(withTarget(sample, target)).filter((p) => p.severity === 'error');
    expect(errors).toEqual([]);
  });

  it.each(TARGETS)('gives every problem a path that resolves inside the document (%s)', (target) => {
    for (const doc of [withTarget(sample, target), withTarget(brokenEverywhere(), target)]) {
      const problems = lint(doc);
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(resolvePointer(doc, problem.path).found, `${problem.rule} ${problem.path}`).toBe(true);
    }
  });

  it.each(TARGETS)('gives every problem a known rule, the table\'s severity, an entity that exists and a message (%s)', (target) => {
    const doc = withTarget(brokenEverywhere(), target);
    const ids: Record<string, string[]> = {
      block: doc.blocks.map((b) => b.id), stage: doc.stages.map((s) => s.id), edge: doc.edges.map((e) => e.id),
      tool: doc.tools.map((t) => t.id), state: doc.state.map((f) => f.id),
    };
    for (const problem of lint(doc)) {
      expect(problem.rule in RULES || problem.rule === LOSS_RULE, problem.rule).toBe(true);
      expect(problem.severity).toBe(severityOf(problem.rule as keyof typeof RULES, target));
      if (problem.entity.kind !== 'agent') expect(ids[problem.entity.kind], problem.rule).toContain(problem.entity.id);
      expect(problem.message.length).toBeGreaterThan(20);
    }
  });

  it('fires every rule on the broken document but those that need a document without stages or entry', () => {
    const fired = new Set(TARGETS.flatMap((t) => lint(withTarget(brokenEverywhere(), t)).map((p) => p.rule)));
    const missing = Object.keys(RULES).filter((rule) => !fired.has(rule));
    expect(missing).toEqual(['tool-scope-stage-without-stages', 'entry-missing', 'entry-unknown', 'agent-empty']);
  });

  it('changes only severities when the target is switched, besides the losses', () => {
    const strip = (target: Target) => lint(withTarget(brokenEverywhere(), target))
      .filter((p) => p.rule !== LOSS_RULE && !p.rule.startsWith('tool-name-') && p.rule !== 'tool-docstring')
      .map((p) => `${p.rule} ${p.path}`);
    expect(strip('block-agent')).toEqual(strip('pinecall'));
  });
});

describe('rule table', () => {
  it('gives every rule a severity for each target and a summary', () => {
    for (const [id, info] of Object.entries(RULES)) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(info.summary.length).toBeGreaterThan(5);
      for (const target of TARGETS) expect(['error', 'warning', 'info']).toContain(severityOf(id as RuleId, target));
    }
  });

  it("reads a runtime's severities from the column its traits name, not from its name", () => {
    // Every runtime names a column of the table; a new one that reads like Pipecat's flow takes its severities whole.
    for (const target of TARGETS) expect(Object.keys(RULES['tool-docstring'].severity)).toContain(RUNTIME_TRAITS[target].lint);
    const asFlow = TARGETS.find((t) => RUNTIME_TRAITS[t].lint === 'flow')!;
    const asBlocks = TARGETS.find((t) => RUNTIME_TRAITS[t].lint === 'blocks')!;
    // A tool name Pinecall refuses and a flow's Python function refuses too, where blocks only note it.
    expect(severityOf('tool-name-pinecall', asFlow)).toBe('error');
    expect(severityOf('tool-name-pinecall', asBlocks)).toBe('info');
  });

  it('has a failing and a passing case for every rule in the rule tests', () => {
    const dir = new URL('./', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
    const covered = new Set([...sources.matchAll(/\{ rule: '([a-z-]+)', path: '[^']+', severity: \[/g)].map((m) => m[1]));
    expect(Object.keys(RULES).filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it('keeps each rule file small', () => {
    const dir = new URL('./', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      expect(readFileSync(new URL(file, dir), 'utf8').split('\n').length, file).toBeLessThan(300);
    }
  });
});
