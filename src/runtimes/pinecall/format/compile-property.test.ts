// Issue 12, point 8: every Pinecall export of a lint-clean document compiles under tsc --strict,
// also where the document's names meet in one class (member-names.ts says which one gives way and
// why). The fixed cases first, then the property over random lint-clean documents of both
// targets (formats/testing/member-collisions.ts, and documentArbitrary's shapes). In `npm test`
// it runs on the fixed seed (test/setup/fast-check-seed.ts); FUZZ_CASES and FC_SEED scale it up
// (`npm run fuzz`: FC_SEED=random FUZZ_CASES=20000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileAgent } from '../../../../test/pinecall-agents/compile-agent';
import type { AgentDocument, StateField, Tool } from '../../../model';
import { importBlockAgentYaml } from '../../block-agent/format';
import { problemsOf } from '../../../formats/problems';
import { collidingDocument, lintClean, withDeclaredReads } from '../../../formats/testing/member-collisions';
import { documentArbitrary } from '../../../formats/testing/arbitraries';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { memberRenames } from './member-names';
import { minimalDoc } from './testing';

// The first compile parses the ES2022 library (seconds); later ones check the agent file alone.
const SLOW = 60_000;
const FUZZ = process.env.FUZZ_CASES === undefined ? undefined : Number(process.env.FUZZ_CASES);
/** Per target: every kind of clash on the fixed seed in about 25 s in all (a compile takes 0.1–0.3 s). */
const RUNS = FUZZ === undefined ? 60 : Math.max(60, Math.round(FUZZ / 40));

function imported(text: string): AgentDocument {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(`the export does not import: ${JSON.stringify(read.errors)}\n${text}`);
  return read.doc;
}

/** Compiles the export: no diagnostic, or the class text beside them to read what went wrong. */
function expectCompiles(doc: AgentDocument): string {
  const { text } = exportPinecallTs(doc);
  const diagnostics = compileAgent(text);
  if (diagnostics.length > 0) throw new Error(`${diagnostics.join('\n')}\n\n${text}`);
  return text;
}

const REFILL_YAML = `personality: You help with refills.
blocks:
  - block_id: intent
    name: Intent
    intent: true
    tools:
      - type: function
        function:
          name: wants_refill
          description: Use when the caller wants a refill.
          parameters: {type: object, properties: {wants_refill: {type: boolean}}, required: [wants_refill]}
    turns:
      - turn_id: t1
        name: ask
        content: Ask what they need. {{ wants_refill }}
        edges:
          - {type: edge, conditions: [{source: tools, tool: wants_refill, expected_value: 'true'}], connect_to: {turn_id: t2}}
      - turn_id: t2
        name: done
        content: Bye.
`;

describe('names that meet in one Pinecall class', () => {
  it('a Block Agent intent tool wants_refill(wants_refill) beside its variable: the state keeps its name, the method is set_wants_refill', () => {
    const read = importBlockAgentYaml(REFILL_YAML);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.doc.state.map((f) => f.name)).toEqual(['wants_refill']);
    const text = expectCompiles(read.doc);
    expect(text).toContain('  @state wants_refill?: boolean;');
    expect(text).toContain('  async set_wants_refill(wants_refill: boolean) {');
    expect(text).toContain('<p>Ask what they need. {this.wants_refill}</p>');
    expect(text).toContain('String(wants_refill).toLowerCase() === "true"');
    const back = imported(text);
    expect(back.tools.map((t) => t.name)).toEqual(['set_wants_refill']);
    expect(back.state.map((f) => f.name)).toEqual(['wants_refill']);
    expect(back.edges[0].conditions).toEqual([{ kind: 'tool', toolId: back.tools[0].id, expected: 'true' }]);
    // The rename is a loss: the export panel lists the warnings, `callboard lint` the problems of a Pinecall document.
    const loss = exportPinecallTs(read.doc).warnings.find((w) => w.path === '/tools/0/name');
    expect(loss?.message).toMatch(/the state field wants_refill keeps its name.*the method is set_wants_refill: the model calls it set_wants_refill/);
    expect(problemsOf({ ...read.doc, target: 'pinecall' })).toContainEqual(expect.objectContaining({ rule: 'loss', path: '/tools/0/name', message: loss!.message }));
  }, SLOW);

  it('state fields named like the class\'s members, Object.prototype\'s names or a world\'s setting are renamed, and so is every reference', () => {
    const doc = minimalDoc({
      name: 'note', parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false },
      implementation: 'this.log = n;\nthis.log("noted", { n });\nthis.toString = "x";\nthis.__proto__ = true;\nreturn this.voice;',
      when: '(s) => s.log !== undefined && s.voice === ""',
    });
    const field = (id: string, name: string, type: StateField['type'], value: unknown): StateField => ({ id, name, type, default: value, pii: false, visibility: 'private' });
    doc.state = [field('f1', 'log', 'number', 0), field('f2', 'toString', 'string', ''), field('f3', '__proto__', 'boolean', false), field('f4', 'voice', 'string', ''), field('f5', 'stage', 'string', 'a')];
    doc.blocks = [{ id: 'b', name: 'Minimal', ref: 'minimal', intent: false }];
    doc.stages = [
      { id: 's1', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn', instructions: 'Say {{ toString }} and {{stage}}.' },
      { id: 's2', name: 'done', ref: 'done', blockId: 'b', kind: 'turn', instructions: 'Bye.' },
    ];
    doc.entryStageId = 's1';
    doc.edges = [{ id: 'e', from: 's1', to: 's2', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_end', expected: '*' }, { kind: 'expression', expression: 'log >= 2 && stage === "a"' }] }];
    const text = expectCompiles(doc);
    for (const written of [
      '@state log_value: number = 0;', '@state toString_value: string = "";', '@state proto: boolean = false;', '@state voice_value: string = "";',
      '@state stage_value: string = "a";', '@state stage: Stages<"ask" | "done"> = "ask";',
      '<p>Say {this.toString_value} and {this.stage_value}.</p>', 'when: (s) => s.log_value !== undefined && s.voice_value === ""',
      'this.log_value = n;', 'this.log("noted", { n });', 'this.toString_value = "x";', 'this.proto = true;', 'return this.voice_value;',
      '(this.log_value >= 2 && this.stage_value === "a")) this.stage = "done";',
    ]) expect(text).toContain(written);
    const back = imported(text);
    expect(back.state.map((f) => f.name)).toEqual(['log_value', 'toString_value', 'proto', 'voice_value', 'stage_value']);
    expect(exportPinecallTs(doc).warnings.filter((w) => w.feature === 'state field name').map((w) => w.path)).toEqual(['/state/0/name', '/state/1/name', '/state/2/name', '/state/3/name', '/state/4/name']);
  }, SLOW);

  it('tools named like the class\'s members, Object.prototype\'s names, a state field, a refused word or another tool get names of their own', () => {
    const tool = (id: string, name: string): Tool => ({ ...minimalDoc().tools[0], id, name, description: `Do ${name}.` });
    const doc = minimalDoc();
    doc.target = 'block-agent';
    doc.state = [{ id: 'f', name: 'note', type: 'string', pii: false, visibility: 'private' }];
    doc.tools = ['log', 'say', 'render', 'stage', 'onCall', 'restore', 'constructor', 'toString', 'note', 'book-slot', 'book_slot', 'set_log', 'dup', 'dup'].map((n, i) => tool(`t${i}`, n));
    const text = expectCompiles(doc);
    const back = imported(text);
    expect(back.tools.map((t) => t.name)).toEqual(['set_log_2', 'set_say', 'set_render', 'set_stage', 'set_onCall', 'set_restore', 'set_constructor',
      'toString_tool', 'set_note', 'book_slot_2', 'book_slot', 'set_log', 'dup', 'dup_2']);
    expect(memberRenames(doc).filter((r) => r.kind === 'tool').map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13]);
    expect(exportPinecallTs(doc).warnings.filter((w) => w.feature === 'tool name')).toHaveLength(11);
  }, SLOW);

  it('a repeated state field (Block Agent: one variable) is written once, and its loss names the repeat', () => {
    const doc = minimalDoc();
    doc.target = 'block-agent';
    doc.state = [{ id: 'a', name: 'note', type: 'string', pii: false, visibility: 'private' }, { id: 'b', name: 'note', type: 'number', pii: false, visibility: 'private' }];
    const text = expectCompiles(doc);
    expect(imported(text).state.map((f) => [f.name, f.type])).toEqual([['note', 'string']]);
    expect(exportPinecallTs(doc).warnings.map((w) => [w.path, w.feature])).toContainEqual(['/state/1', 'repeated state field']);
  }, SLOW);

  it('parameters named result, String, constructor or __proto__ beside the edge chain, and interfaces named like the file\'s own names', () => {
    const object = { type: 'object', properties: { street: { type: 'string' } }, required: [], additionalProperties: false };
    const other = { type: 'object', properties: { city: { type: 'string' } }, required: [], additionalProperties: false };
    const doc = minimalDoc({
      parameters: { type: 'object', properties: { result: { type: 'string' }, String: { type: 'string' }, constructor: { type: 'number' }, __proto__: { type: 'string' }, record: object, agent: other, stages: object }, required: ['result'], additionalProperties: false } as never,
    });
    Object.defineProperty(doc.tools[0].parameters.properties, '__proto__', { value: { type: 'string' }, enumerable: true, writable: true, configurable: true });
    doc.name = 'Agent';
    doc.blocks = [{ id: 'b', name: 'AgentAgent', ref: 'agentagent', intent: false }];
    doc.stages = [{ id: 's1', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn', instructions: 'Ask.' }, { id: 's2', name: 'done', ref: 'done', blockId: 'b', kind: 'turn', instructions: '' }];
    doc.entryStageId = 's1';
    doc.edges = [{ id: 'e', from: 's1', to: 's2', kind: 'edge', conditions: [{ kind: 'tool', toolId: 't_end', field: 'String', expected: 'Yes' }, { kind: 'tool', toolId: 't_end', field: 'result', expected: '*' }] }];
    const text = expectCompiles(doc);
    expect(text).toContain('export default class AgentAgent extends Agent {');
    expect(text).toContain('const result_2 = await (async () => {');
    expect(text).toContain('if (this.stage === "ask" && globalThis.String(String).toLowerCase() === "yes" && globalThis.String(result ?? "") !== "") this.stage = "done";');
    expect(text).toContain('return result_2;');
    expect(text).toMatch(/interface EndCallRecord \{[^}]*street/);
    expect(text).toContain('interface EndCallAgent {');
    const back = imported(text);
    expect(back.name).toBe('Agent Agent');
    expect(back.tools[0].implementation).toBeUndefined();
    expect(back.edges[0].conditions).toEqual([{ kind: 'tool', toolId: back.tools[0].id, field: 'String', expected: 'yes' }, { kind: 'tool', toolId: back.tools[0].id, field: 'result', expected: '*' }]);
  }, SLOW);
});

/** The renames of `doc` are exactly the names the import of its export gives back, and the losses name each. */
function expectRenamesAsListed(doc: AgentDocument, back: AgentDocument): void {
  const renames = memberRenames(doc);
  const written = (kind: 'state' | 'tool', list: { name: string }[]) =>
    list.flatMap((item, index) => {
      const r = renames.find((x) => x.kind === kind && x.index === index);
      return r ? (r.to === undefined ? [] : [r.to]) : [item.name];
    });
  expect(back.state.map((f) => f.name)).toEqual(written('state', doc.state));
  expect(back.tools.map((t) => t.name)).toEqual(written('tool', doc.tools).filter((_, i) => doc.tools[i].kind === 'function'));
  const paths = exportPinecallTs(doc).warnings.map((w) => w.path);
  for (const r of renames) expect(paths).toContain(r.to === undefined ? `/state/${r.index}` : `/${r.kind === 'state' ? 'state' : 'tools'}/${r.index}/name`);
}

describe.each(['block-agent', 'pinecall'] as const)('every export of a random lint-clean %s document compiles under tsc --strict', (target) => {
  const documents = fc.oneof(
    { weight: 3, arbitrary: collidingDocument(target) },
    { weight: 1, arbitrary: documentArbitrary(target).map(withDeclaredReads).filter(lintClean) },
  );

  it('compiles, imports back, and every member it renamed is a loss the export lists', () => {
    fc.assert(fc.property(documents, (doc) => {
      const back = imported(expectCompiles(doc));
      expectRenamesAsListed(doc, back);
    }), { numRuns: RUNS });
  }, Math.max(SLOW, RUNS * 1000));
});
