// The diff is complete: for random edits of the sample (field changes, additions, removals,
// renames, reordered edges, moved cards), applying every reported difference of a → b to a gives
// b; and an agent against itself has none. Fixed seed in `npm test`; `npm run fuzz` scales it.
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../ops/testing';
import type { AgentDocument } from '../types';
import { canonical } from './compare';
import { applyDifferences } from './apply';
import { diffAgents } from '.';

const FUZZ = process.env.FUZZ_CASES ? Number(process.env.FUZZ_CASES) : undefined;
const RUNS = FUZZ === undefined ? 150 : Math.max(150, Math.round(FUZZ / 20));
const sample = frozenSample();

type Edit = (d: AgentDocument, pick: number, text: string) => void;
const at = <T>(list: T[], pick: number): T | undefined => (list.length ? list[pick % list.length] : undefined);

const EDITS: Record<string, Edit> = {
  toolDescription: (d, p, t) => { const x = at(d.tools, p); if (x) x.description = t; },
  toolRename: (d, p, t) => { const x = at(d.tools, p); if (x) x.name = `${x.name}_${t.length}`; },
  parameterDescription: (d, p, t) => {
    const x = at(d.tools, p);
    const name = x && at(Object.keys(x.parameters.properties ?? {}), p);
    if (name) (x.parameters.properties![name] as { description?: string }).description = t;
  },
  parameterAdded: (d, p) => { const x = at(d.tools, p); if (x) x.parameters = { ...x.parameters, properties: { ...x.parameters.properties, [`extra_${p}`]: { type: 'string' } } }; },
  toolRemoved: (d, p) => { const x = at(d.tools, p); if (x) d.tools = d.tools.filter((y) => y !== x); },
  toolAdded: (d, p, t) => { d.tools.push({ ...JSON.parse(JSON.stringify(d.tools[0])), id: `t_new_${d.tools.length}_${p}`, name: `new_tool_${d.tools.length}_${p}`, description: t }); },
  toolOption: (d, p, t) => { const x = at(d.tools, p); if (x) { x.confirm = t; x.pii = p % 2 ? [] : ['a']; } },
  scope: (d, p) => { const x = at(d.tools, p); const s = at(d.stages, p); if (x && s) x.scope = p % 3 ? { kind: 'stages', stageIds: [s.id] } : { kind: 'all' }; },
  instructions: (d, p, t) => { const s = at(d.stages, p); if (s) s.instructions = `${s.instructions} ${t}`; },
  stageRename: (d, p) => { const s = at(d.stages, p); if (s) s.name = `${s.name}_r${p}`; },
  stageAdded: (d, p, t) => { d.stages.push({ ...JSON.parse(JSON.stringify(d.stages[0])), id: `s_new_${d.stages.length}_${p}`, name: `stage_${d.stages.length}_${p}`, instructions: t }); },
  edgeCondition: (d, p, t) => { const e = at(d.edges, p); const c = e && at(e.conditions, p); if (c && c.kind === 'tool') c.expected = t; },
  edgeTarget: (d, p) => { const e = at(d.edges, p); const s = at(d.stages, p + 1); if (e && s) e.to = s.id; },
  edgeRemoved: (d, p) => { const e = at(d.edges, p); if (e) d.edges = d.edges.filter((x) => x !== e); },
  edgesSwapped: (d, p) => {
    const e = at(d.edges, p);
    const same = e ? d.edges.flatMap((x, i) => (x.from === e.from ? [i] : [])) : [];
    if (same.length >= 2) { const [i, j] = [same[0], same[same.length - 1]]; [d.edges[i], d.edges[j]] = [d.edges[j], d.edges[i]]; }
  },
  stateType: (d, p) => { const f = at(d.state, p); if (f) { f.type = f.type === 'string' ? 'number' : 'string'; f.pii = !f.pii; } },
  persona: (d, _p, t) => { d.persona = `${d.persona} ${t}`; },
  llm: (d, p) => { d.llm = { ...d.llm, temperature: (p % 10) / 10 }; },
  entry: (d, p) => { const s = at(d.stages, p); if (s) d.entryStageId = s.id; },
  moved: (d, p) => { const s = at(d.stages, p); if (s) d.layout.positions[s.id] = { x: p, y: -p }; },
  testInput: (d, p, t) => { const x = at(d.tests ?? [], p); if (x) x.input = [...x.input, t]; },
  testRemoved: (d, p) => { const x = at(d.tests ?? [], p); if (x) d.tests = d.tests!.filter((y) => y !== x); },
};

const editArbitrary = fc.tuple(fc.constantFrom(...Object.keys(EDITS)), fc.nat(50), fc.string({ minLength: 1, maxLength: 12 }));

/** Documents equal as entity sets (order aside) and edges in order: the comparison the property holds to. */
const canonicalDoc = (doc: AgentDocument) => {
  const byId = <T extends { id: string }>(list: T[]) => [...list].sort((p, q) => (p.id < q.id ? -1 : 1));
  return canonical({
    ...doc,
    tools: byId(doc.tools), stages: byId(doc.stages), blocks: byId(doc.blocks), state: byId(doc.state),
    tests: [...(doc.tests ?? [])].sort((p, q) => (p.name < q.name ? -1 : 1)),
  });
};

describe('diffAgents property', () => {
  it('applying every difference of a → b to a gives b', () => {
    fc.assert(fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 6 }), (edits) => {
      const b = produce(sample, (d) => { for (const [name, pick, text] of edits) EDITS[name](d, pick, text); });
      const differences = diffAgents(sample, b, { layout: true, format: true });
      const applied = applyDifferences(sample, b, differences);
      expect(canonicalDoc(applied)).toBe(canonicalDoc(b));
      expect(diffAgents(b, b, { layout: true, format: true })).toEqual([]);
    }), { numRuns: RUNS });
  });
});
