// The document a worker rebuilds from patches is the page's document: for random sequences of
// edits made as the store makes them (immer: unchanged parts keep their identity), each sent over
// a structured clone, the worker's document equals the page's, keys in the same order; a fresh
// worker (or one that evicted the base) is sent the document whole.
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import type { AgentDocument } from '../../model';
import { docReceiver, docSender, sendDoc, UNKNOWN_DOC, type DocWire } from './doc-wire';

const sample = frozenSample();
type Edit = (d: AgentDocument, pick: number, text: string) => void;
const at = <T>(list: T[], pick: number): T | undefined => (list.length ? list[pick % list.length] : undefined);

const EDITS: Record<string, Edit> = {
  instructions: (d, p, t) => { const s = at(d.stages, p); if (s) s.instructions = `${s.instructions} ${t}`; },
  docstring: (d, p, t) => { const x = at(d.tools, p); if (x) x.description = t; },
  parameterDescription: (d, p, t) => {
    const x = at(d.tools, p);
    const name = x && at(Object.keys(x.parameters.properties ?? {}), p);
    if (name) (x.parameters.properties![name] as { description?: string }).description = t;
  },
  stageAdded: (d, p, t) => { d.stages.splice(p % (d.stages.length + 1), 0, { ...(JSON.parse(JSON.stringify(d.stages[0])) as AgentDocument['stages'][number]), id: `s_new_${d.stages.length}_${p}`, name: `stage_${p}`, instructions: t }); },
  stageRemoved: (d, p) => { const s = at(d.stages, p); if (s) d.stages = d.stages.filter((x) => x !== s); },
  edgesSwapped: (d, p) => { if (d.edges.length >= 2) { const [i, j] = [p % d.edges.length, (p + 1) % d.edges.length]; [d.edges[i], d.edges[j]] = [d.edges[j], d.edges[i]]; } },
  edgesReversed: (d) => { d.edges.reverse(); },
  moved: (d, p) => { const s = at(d.stages, p); if (s) d.layout.positions[s.id] = { x: p, y: -p }; },
  positionRemoved: (d, p) => { const s = at(d.stages, p); if (s) delete d.layout.positions[s.id]; },
  persona: (d, _p, t) => { d.persona = `${d.persona} ${t}`; },
  llm: (d, p) => { d.llm = { ...d.llm, temperature: (p % 10) / 10 }; },
  entry: (d, p) => { d.entryStageId = p % 5 === 0 ? null : (at(d.stages, p)?.id ?? null); },
  testsDropped: (d) => { delete d.tests; },
  testsAdded: (d, _p, t) => { d.tests = [...(d.tests ?? []), { name: `t${d.tests?.length ?? 0}`, input: [t], expect: {} }]; },
  mocks: (d, p, t) => { d.mocks = { helpers: { [`h${p}`]: t } }; },
  blockExtra: (d, p, t) => { const b = at(d.blocks, p); if (b) b.extra = { ...b.extra, note: t }; },
  sameDocument: () => {},
};

const editArbitrary = fc.tuple(fc.constantFrom(...Object.keys(EDITS)), fc.nat(50), fc.string({ minLength: 1, maxLength: 12 }));
const overTheWire = (wire: DocWire): DocWire => structuredClone(wire);

describe('doc wire', () => {
  it('a sequence of edits sent as patches rebuilds the exact document in the worker', () => {
    fc.assert(fc.property(fc.array(fc.array(editArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (steps) => {
      const sender = docSender();
      const receiver = docReceiver();
      let doc = sample;
      expect(receiver.read(overTheWire(sender.wire(doc)))).toEqual(doc);
      for (const edits of steps) {
        doc = produce(doc, (d) => { for (const [name, pick, text] of edits) EDITS[name](d, pick, text); });
        const wire = sender.wire(doc);
        const got = receiver.read(overTheWire(wire));
        expect(got).toEqual(doc);
        // Same keys in the same order, everywhere (an exporter may write in key order).
        expect(JSON.stringify(got)).toBe(JSON.stringify(doc));
      }
    }), { numRuns: 120 });
  });

  it('an edit of one stage sends that stage, not the document', () => {
    const sender = docSender();
    const receiver = docReceiver();
    receiver.read(overTheWire(sender.wire(sample)));
    const next = produce(sample, (d) => { d.stages[1].instructions += ' and then some'; });
    const wire = sender.wire(next);
    expect(wire.kind).toBe('patch');
    const sent = JSON.stringify(wire);
    expect(sent).toContain('and then some');
    // The other stages and every tool go by index, not whole.
    expect(sent).not.toContain(sample.stages[0].instructions);
    expect(sent).not.toContain(sample.tools[0].description);
    expect(receiver.read(overTheWire(wire))).toEqual(next);
  });

  it('a document sent before goes by key', () => {
    const sender = docSender();
    const receiver = docReceiver();
    receiver.read(sender.wire(sample));
    expect(sender.wire(sample)).toEqual({ kind: 'ref', key: 1 });
    expect(receiver.read(sender.wire(sample))).toBe(sample);
  });

  it('a fresh worker gets the document whole, and one that lost the base answers UNKNOWN_DOC', async () => {
    const sender = docSender();
    const first = sender.wire(sample);
    expect(first).toMatchObject({ kind: 'full', doc: sample });
    const next = produce(sample, (d) => { d.persona += '!'; });
    // A worker started after the first document was sent (the old one failed): it has no base.
    const fresh = docReceiver();
    const seen: DocWire['kind'][] = [];
    const got = await sendDoc(sender, next, async (wire) => {
      seen.push(wire.kind);
      return fresh.read(overTheWire(wire));
    });
    expect(seen).toEqual(['patch', 'full']);
    expect(got).toEqual(next);
    expect(() => docReceiver().read({ kind: 'ref', key: 7 })).toThrow(UNKNOWN_DOC);
  });

  it('keeps only the last few documents', () => {
    const sender = docSender();
    const receiver = docReceiver(2);
    const docs = [0, 1, 2].map((i) => produce(sample, (d) => { d.persona = `p${i}`; }));
    for (const doc of docs) receiver.read(sender.wire(doc));
    expect(() => receiver.read({ kind: 'ref', key: 1 })).toThrow(UNKNOWN_DOC);
    expect(receiver.read({ kind: 'ref', key: 3 })).toEqual(docs[2]);
  });
});
