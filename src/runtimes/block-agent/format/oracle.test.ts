// A smoke property test of the round-trip oracle on random documents, lint-invalid ones included
// (the full generators are formats/testing/arbitraries.ts, for formats/roundtrip.property.test.ts).
// It checks that export → import lands exactly on projectBlockAgent, including the awkward cases:
// repeated and empty refs, repeated tool names, stage and `all` scopes, entry stages that are not
// first, extras, every condition kind.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateDocument, type AgentDocument, type Condition, type Tool, type ToolScope } from '../../../model';
import { normalizeForComparison } from './compare';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';
import { projectBlockAgent } from './project';

const word = fc.constantFrom('a', 'b', 'greet', 'Check-in', 'é', 'true', 'x y');
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'multi\nline', ' lead', '*/', "it's", 'a: b'));
const extra = fc.option(fc.dictionary(fc.constantFrom('x_a', 'x_b', 'type', 'connect_to', 'looping', 'function'), fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.dictionary(fc.constantFrom('k', 'turn_id', 'threshold'), fc.integer())), { maxKeys: 3 }), { nil: undefined });

const documents = fc.record({
  blockCount: fc.integer({ min: 1, max: 3 }),
  stages: fc.array(fc.record({ block: fc.nat(), name: word, ref: fc.oneof(word, fc.constant('')), wait: fc.boolean(), token: fc.option(word, { nil: undefined }), text, extra }), { maxLength: 6 }),
  tools: fc.array(fc.record({
    name: fc.constantFrom('pick', 'pick', 'caller_intent_not_yet_detected', 'book', 'kb'), mcp: fc.boolean(), description: text,
    scope: fc.nat({ max: 3 }), scoped: fc.array(fc.nat(), { maxLength: 3 }), params: fc.array(fc.constantFrom('day', 'when', 'ok'), { maxLength: 2 }),
    implementation: fc.option(fc.constant('return 1;'), { nil: undefined }), pii: fc.boolean(), extra,
  }), { maxLength: 5 }),
  edges: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), loop: fc.boolean(), kinds: fc.array(fc.nat({ max: 3 }), { maxLength: 3 }), tool: fc.nat(), value: word, extra }), { maxLength: 8 }),
  looping: fc.option(fc.record({ threshold: fc.integer({ min: 1, max: 4 }), to: fc.option(fc.nat(), { nil: undefined }), kpis: fc.option(fc.array(word, { maxLength: 2 }), { nil: undefined }) }), { nil: undefined }),
  entry: fc.option(fc.nat(), { nil: undefined }),
  agentOpens: fc.boolean(),
  blockExtra: extra,
  preserved: fc.option(fc.dictionary(fc.constantFrom('version', 'llm_settings', 'blocks'), fc.oneof(fc.string({ maxLength: 4 }), fc.dictionary(fc.constantFrom('model', 'temperature'), fc.string({ maxLength: 4 }))), { maxKeys: 2 }), { nil: undefined }),
}).map((g): AgentDocument => {
  const blocks = Array.from({ length: g.blockCount }, (_, i) => ({ id: `b${i}`, name: `Block ${i}`, ref: i === 1 ? '' : `blk${i % 2}`, intent: false }));
  const stages = g.stages.map((s, i) => ({
    id: `s${i}`, name: s.name, ref: s.ref, blockId: blocks[s.block % blocks.length].id, kind: s.wait ? 'wait' as const : 'turn' as const,
    instructions: s.text, ...(s.token !== undefined ? { waitToken: s.token } : {}), ...(s.extra ? { extra: s.extra } : {}),
  }));
  const tools: Tool[] = g.tools.map((t, i) => {
    const scopes: ToolScope[] = [
      { kind: 'all' }, { kind: 'blocks', blockIds: t.scoped.map((n) => blocks[n % blocks.length].id) },
      { kind: 'stages', stageIds: stages.length ? t.scoped.map((n) => stages[n % stages.length].id) : [] }, { kind: 'blocks', blockIds: [] },
    ];
    const properties = Object.fromEntries(t.params.map((p) => [p, { type: 'string' }]));
    return {
      id: `t${i}`, kind: t.mcp ? 'mcp' : 'function', name: t.name, description: t.description, scope: scopes[t.scope], fallback: false,
      pii: t.pii ? ['day'] : [], parameters: t.mcp ? { type: 'object', properties: {} } : { type: 'object', properties },
      ...(t.mcp ? { mcp: { serverLabel: t.name, serverUrl: 'https://x', allowedTools: [], headers: {} } } : {}),
      ...(t.implementation ? { implementation: t.implementation } : {}), ...(t.extra ? { extra: t.extra } : {}),
    };
  });
  const conditionOf = (kind: number, e: (typeof g.edges)[number]): Condition | undefined => {
    if (kind === 0) return tools.length ? { kind: 'tool', toolId: tools[e.tool % tools.length].id, expected: e.value } : undefined;
    if (kind === 1) return { kind: 'external', expected: e.value };
    if (kind === 2) return { kind: 'nlu', sentence: e.value };
    return { kind: 'expression', expression: `${e.value} > 1` };
  };
  const edges = stages.length === 0 ? [] : g.edges.map((e, i) => {
    const from = stages[e.from % stages.length].id;
    return {
      id: `e${i}`, from, to: e.loop ? from : stages[e.to % stages.length].id, kind: e.loop ? 'loop' as const : 'edge' as const,
      conditions: e.kinds.map((k) => conditionOf(k, e)).filter((c): c is Condition => !!c), ...(e.extra ? { extra: e.extra } : {}),
    };
  });
  if (g.looping) blocks[0] = Object.assign(blocks[0], { looping: { threshold: g.looping.threshold, messages: ['Bye.'], ...(g.looping.to !== undefined && stages.length ? { connectTo: stages[g.looping.to % stages.length].id } : {}), ...(g.looping.kpis ? { kpis: g.looping.kpis } : {}) } });
  if (g.blockExtra) Object.assign(blocks[blocks.length - 1], { extra: g.blockExtra });
  const doc: AgentDocument = {
    format: 'callboard.agent', version: 1, id: 'doc', name: 'Random', target: 'pinecall', persona: 'P {{ day }}', llm: { temperature: 1 },
    opening: g.agentOpens ? 'agent' : 'caller', state: [{ id: 'f1', name: 'day', type: 'string', default: 'x', pii: true, visibility: 'public' }],
    blocks, stages, edges, tools, entryStageId: g.entry !== undefined && stages.length ? stages[g.entry % stages.length].id : null,
    layout: { positions: {}, sizes: {} }, ...(g.preserved ? { preserved: { blockAgent: g.preserved } } : {}),
  };
  return doc;
});

describe('the round-trip oracle on random documents', () => {
  it('import(export(doc)) is projectBlockAgent(doc), ids aside', () => {
    fc.assert(fc.property(documents, (doc) => {
      expect(validateDocument(doc).ok).toBe(true);
      const result = importBlockAgentYaml(exportBlockAgentYaml(doc).text);
      if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
      expect(normalizeForComparison(result.doc)).toEqual(normalizeForComparison(projectBlockAgent(doc)));
    }), { numRuns: 300 });
  }, 30_000);
});
