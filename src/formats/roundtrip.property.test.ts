// The round-trip property of issue 3, for both formats, over random valid documents
// (formats/testing/arbitraries.ts): import(export(doc)) equals project(doc, target), and the
// export's warnings (lossesFor) name exactly the paths where doc and project(doc, target) differ.
// FUZZ_RUNS=2000 npx vitest run src/formats/roundtrip.property.test.ts scales the runs up;
// FUZZ_STATS=1 prints how often each generated feature occurred.
import fc from 'fast-check';
import { TARGETS } from '../runtimes';
import { describe, expect, it } from 'vitest';
import { lint } from '../model/lint';
import { resolvePointer } from '../model/lint/pointer';
import type { Loss } from '../model';
import type { AgentDocument, Target } from '../model/types';
import { validateDocument } from '../model/validate';
import { exportBlockAgentYaml } from '../runtimes/block-agent/format/export';
import { importBlockAgentYaml } from '../runtimes/block-agent/format/import';
import { normalizeForComparison as normalizeBlockAgent } from '../runtimes/block-agent/format/compare';
import { exportPinecallTs } from '../runtimes/pinecall/format/export';
import { importPinecallTs } from '../runtimes/pinecall/format/import';
import { normalizeForComparison as normalizePinecall } from '../runtimes/pinecall/format/project';
import { diffDocuments, project } from './project';
import { exportPipecatFlow, importPipecatFlow } from '../runtimes/pipecat/format';
import { normalizeForComparison as normalizePipecat } from '../runtimes/pipecat/format/compare';
import { documentArbitrary } from './testing/arbitraries';
import { expectedFeatures, featuresOf } from './testing/features';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

interface Format {
  /** `beside`: the files written next to it (Pipecat's handlers.py), which the import reads too. */
  export(doc: AgentDocument): { text: string; warnings: Loss[]; beside?: string };
  import(text: string, beside?: string, name?: string): { ok: true; doc: AgentDocument } | { ok: false; errors: unknown[] };
  normalize(doc: AgentDocument): AgentDocument;
}

const FORMATS: Record<Target, Format> = {
  'block-agent': { export: exportBlockAgentYaml, import: (text) => importBlockAgentYaml(text), normalize: normalizeBlockAgent },
  pinecall: { export: exportPinecallTs, import: (text) => importPinecallTs(text), normalize: normalizePinecall },
  pipecat: {
    export: (doc) => { const flow = exportPipecatFlow(doc); return { text: flow.text, warnings: flow.warnings, beside: flow.handlers }; },
    import: (text, handlers, name) => importPipecatFlow(text, { ...(name ? { name } : {}), ...(handlers !== undefined ? { handlers } : {}) }),
    normalize: normalizePipecat,
  },
};

/** Whether `path` is `at` or lies under it. */
const under = (path: string, at: string) => path === at || path.startsWith(`${at}/`);

/**
 * The warnings name exactly the changed paths: every changed leaf lies under a warning, and every
 * warning has a change under it (or lies inside something removed whole). One exception, about something added rather than changed: Block
 * Agent declares a variable for every parameter a written tool captures, so the round trip adds a
 * state field for a captured parameter the document does not declare. Nothing the document holds
 * is lost, so no warning names it; such added fields are checked to be exactly those.
 */
function expectWarningsNameTheChanges(doc: AgentDocument, projected: AgentDocument, warnings: Loss[], target: Target): void {
  const { changed, added } = diffDocuments(doc, projected, target);
  const paths = warnings.map((w) => w.path);
  expect(paths.filter((p) => !resolvePointer(doc, p).found), 'a warning path that names nothing in the document').toEqual([]);
  const addedPaths: string[] = [];
  for (const { list, item } of added) {
    if (target === 'block-agent' && list === 'state') {
      expect(doc.state.map((f) => f.name), 'an added state field is one the document does not declare').not.toContain(item.name);
      expect(projected.tools.some((t) => t.kind === 'function' && Object.keys(t.parameters.properties ?? {}).includes(item.name as string))).toBe(true);
    } else if (target === 'pipecat' && list === 'state') {
      // A flow declares no state: its import names each flow_manager.state key a {{ key }} reads.
      expect(doc.state.map((f) => f.name), 'an added state field is one the document does not declare').not.toContain(item.name);
      const reads = new RegExp(`\\{\\{\\s*${item.name as string}\\s*\\}\\}`);
      expect([doc.persona, ...doc.stages.map((s) => s.instructions)].some((text) => reads.test(text)), `${item.name as string} is a placeholder the flow reads`).toBe(true);
    } else addedPaths.push(`/${list}/-`);
  }
  const all = [...changed, ...addedPaths];
  expect(all.filter((c) => !paths.some((w) => under(c, w))), 'changed, but no warning names it').toEqual([]);
  // A change at or under the warned path, or the removal of what holds it (a lost edge, block or tool).
  expect(paths.filter((w) => !all.some((c) => under(c, w) || under(w, c))), 'warned, but nothing changed there').toEqual([]);
}

function roundTrip(doc: AgentDocument, target: Target): Loss[] {
  const format = FORMATS[target];
  expect(validateDocument(doc).ok).toBe(true);
  expect(lint(doc).filter((p) => p.severity === 'error').map((p) => `${p.rule} ${p.path}: ${p.message}`)).toEqual([]);
  const exported = format.export(doc);
  const read = format.import(exported.text, exported.beside, doc.name);
  if (!read.ok) throw new Error(`the export does not import: ${JSON.stringify(read.errors)}\n${exported.text}`);
  const projected = project(doc, target);
  expect(validateDocument(read.doc).ok).toBe(true);
  expect(format.normalize(read.doc)).toEqual(format.normalize(projected));
  expectWarningsNameTheChanges(doc, projected, exported.warnings, target);
  return exported.warnings;
}

describe.each([...TARGETS].reverse())('round trip of random documents through %s', (target) => {
  it(`import(export(doc)) is project(doc, ${target}), and the warnings name exactly what changed`, () => {
    const seen = new Map<string, number>(expectedFeatures(target).map((f) => [f, 0]));
    const lost = new Map<string, number>();
    // A flow needs a node to start in, and lint under Pipecat's severities refuses more (two stages of one name).
    const documents = target === 'pipecat'
      ? documentArbitrary(target).filter((d) => d.stages.some((s) => s.kind === 'turn') && lint(d).every((p) => p.severity !== 'error'))
      : documentArbitrary(target);
    fc.assert(fc.property(documents, (doc) => {
      const warnings = roundTrip(doc, target);
      for (const feature of featuresOf(doc)) seen.set(feature, (seen.get(feature) ?? 0) + 1);
      for (const feature of new Set(warnings.map((w) => w.feature))) lost.set(feature, (lost.get(feature) ?? 0) + 1);
    }), { numRuns: RUNS });
    if (process.env.FUZZ_STATS) console.log(target, 'documents showing each feature', Object.fromEntries(seen), 'documents losing each', Object.fromEntries(lost));
    expect([...seen].filter(([, n]) => n === 0).map(([f]) => f), 'features no generated document showed').toEqual([]);
  }, 120_000);
});

/**
 * Across runtimes: a random document written for one runtime, read back through its file (what an
 * import from that runtime gives), then switched to another runtime and written there. The second
 * export holds the same property — its import is the projection and its warnings name exactly what
 * changed — on documents shaped by the first runtime's file rather than by the generator. A
 * document the second runtime's lint refuses (the app shows those errors and the export says it
 * cannot be written) is left out; the test checks that most are kept.
 */
const PAIRS = TARGETS.flatMap((from) => TARGETS.filter((to) => to !== from).map((to) => [from, to] as const));

describe.each(PAIRS)('random documents read from %s and written as %s', (from, to) => {
  it('the second export is its projection, and its warnings name exactly what changed', () => {
    let kept = 0;
    let tried = 0;
    const refusedBy = new Map<string, number>();
    const documents = from === 'pipecat'
      ? documentArbitrary(from).filter((d) => d.stages.some((s) => s.kind === 'turn') && lint(d).every((p) => p.severity !== 'error'))
      : documentArbitrary(from);
    fc.assert(fc.property(documents, (doc) => {
      const format = FORMATS[from];
      const exported = format.export(doc);
      const read = format.import(exported.text, exported.beside, doc.name);
      if (!read.ok) throw new Error(`the ${from} export does not import: ${JSON.stringify(read.errors)}`);
      const switched: AgentDocument = { ...read.doc, target: to };
      tried++;
      const refusals = lint(switched).filter((p) => p.severity === 'error');
      for (const p of refusals) refusedBy.set(p.rule, (refusedBy.get(p.rule) ?? 0) + 1);
      if (refusals.length) return;
      kept++;
      roundTrip(switched, to);
    }), { numRuns: Math.max(20, Math.round(RUNS / 2)) });
    expect(kept, `documents ${to}'s lint accepted, of ${tried} (refused by ${JSON.stringify(Object.fromEntries(refusedBy))})`).toBeGreaterThan(tried / 10);
  }, 120_000);
});

/** A small valid document, changed by `edit`: the cases below are what the property found. */
function caseDoc(target: Target, edit: (doc: AgentDocument) => void): AgentDocument {
  const doc: AgentDocument = {
    format: 'callboard.agent', version: 1, id: 'doc', name: 'Clinic Booking', target, persona: 'You book visits.', llm: {}, opening: 'caller',
    state: [], blocks: [{ id: 'b0', name: 'Booking', ref: 'booking', intent: false }],
    stages: [{ id: 's0', name: 'greet', ref: 'greet', blockId: 'b0', kind: 'turn', instructions: 'Greet.' }, { id: 's1', name: 'bye', ref: 'bye', blockId: 'b0', kind: 'turn', instructions: 'Say goodbye.' }],
    edges: [], tools: [{ id: 't0', kind: 'function', name: 'book', description: 'Book a visit.', parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'], additionalProperties: false }, scope: { kind: 'all' }, fallback: false, pii: [] }],
    entryStageId: 's0', layout: { positions: {}, sizes: {} },
  };
  edit(doc);
  return doc;
}

describe('cases the property found', () => {
  it('a class without stages writes no `stage` option (Pinecall refuses it), and says the tool is offered always', () => {
    const doc = caseDoc('pinecall', (d) => {
      Object.assign(d, { stages: [], entryStageId: null });
      d.tools[0].scope = { kind: 'blocks', blockIds: [] };
    });
    roundTrip(doc, 'pinecall');
    expect(exportPinecallTs(doc).text).not.toContain('stage:');
    expect(exportPinecallTs(doc).warnings.map((w) => w.path)).toContain('/tools/0/scope');
  });

  it('pii names only parameters the signature holds', () => {
    const doc = caseDoc('pinecall', (d) => {
      d.tools[0].parameters.properties!['first-name'] = { type: 'string' };
      d.tools[0].pii = ['day', 'first-name'];
    });
    roundTrip(doc, 'pinecall');
    expect(exportPinecallTs(doc).text).toContain('pii: ["day"]');
  });

  it('a `when` ending in a // comment keeps the options after it, and its comment', () => {
    const doc = caseDoc('pinecall', (d) => Object.assign(d.tools[0], { when: '(s) => s.found // after a lookup', confirm: 'Booked.' }));
    roundTrip(doc, 'pinecall');
    const read = importPinecallTs(exportPinecallTs(doc).text);
    expect(read.ok && read.doc.tools[0]).toMatchObject({ when: '(s) => s.found // after a lookup', confirm: 'Booked.' });
  });

  it('`*` on a named first parameter stays a non-empty check, also when the parameter before it is dropped', () => {
    const doc = caseDoc('pinecall', (d) => {
      d.tools[0].parameters = { type: 'object', properties: { class: { type: 'string' }, day: { type: 'string' } } };
      d.edges = [{ id: 'e0', from: 's0', to: 's1', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't0', field: 'day', expected: '*' }] }];
    });
    roundTrip(doc, 'pinecall');
    expect(exportPinecallTs(doc).text).toContain('if (this.stage === "greet" && String(day ?? "") !== "") this.stage = "bye";');
  });

  it('a condition on one of two mcp tools written under one server label is named as a loss', () => {
    const mcp = (id: string, name: string, extra?: Record<string, unknown>): AgentDocument['tools'][number] => ({
      id, kind: 'mcp', name, description: '', parameters: { type: 'object', properties: {} }, scope: { kind: 'all' }, fallback: false, pii: [],
      mcp: { serverLabel: 'ehr', serverUrl: 'https://mcp.example.com/mcp', allowedTools: ['lookup'], headers: {} }, ...(extra ? { extra } : {}),
    });
    const doc = caseDoc('block-agent', (d) => {
      d.tools.push(mcp('t1', 'records'), mcp('t2', 'charts', { x_region: 'eu' }));
      d.edges = [{ id: 'e0', from: 's0', to: 's1', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't2', expected: '*' }] }];
    });
    roundTrip(doc, 'block-agent');
    expect(exportBlockAgentYaml(doc).warnings.find((w) => w.path === '/edges/0/conditions/0')?.feature).toBe('condition on a tool of a taken name');
  });
});
