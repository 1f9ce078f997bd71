// The page's asks about the agent's own code, run here on the engine API in this thread (no
// workers in Node): a tool's needs, the getters, and their values for the state a run starts from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importPinecallTs } from '../runtimes/pinecall/format/import';
import type { AgentDocument } from '../model';
import { classInsightOf, initialDerivedOf } from './class-insight';

const source = readFileSync(new URL('../../test/fixtures/pinecall/front-desk-helpers.tsx', import.meta.url), 'utf8');
function frontDesk(): AgentDocument {
  const imported = importPinecallTs(source);
  if (!imported.ok) throw new Error(imported.errors.map((e) => e.message).join('\n'));
  return imported.doc;
}

describe('classInsightOf', () => {
  it('names what each tool needs, the getters, and asks once per document', async () => {
    const doc = frontDesk();
    const insight = await classInsightOf(doc);
    expect(insight.getters).toEqual(['identified', 'caller']);
    expect(insight.tools.find((t) => t.tool === 'freeSlots')?.needs).toEqual([{ helper: 'agendaFor', kind: 'import', from: './agenda', via: ['this.agenda'], mocked: false }]);
    expect(insight.piiGetters).toEqual([]);
    expect(classInsightOf(doc)).toBe(classInsightOf(doc));
    // Another document (a mock given) is asked anew, and says the need is mocked.
    const mocked = await classInsightOf({ ...doc, mocks: { helpers: { agendaFor: [] } } });
    expect(mocked.tools.find((t) => t.tool === 'freeSlots')?.needs[0].mocked).toBe(true);
  });

  it('masks a getter that reads a pii field', async () => {
    const doc = frontDesk();
    const pii = { ...doc, state: doc.state.map((f) => (f.name === 'patient' ? { ...f, pii: true } : f)) };
    expect((await classInsightOf(pii)).piiGetters).toEqual(['identified', 'caller']);
  });
});

describe('initialDerivedOf', () => {
  it('computes the getters for the defaults, and for the initial values the user set', async () => {
    const doc = frontDesk();
    expect(await initialDerivedOf(doc, {}, {})).toEqual({ values: { identified: false, caller: 'the caller' }, errors: {}, needs: {} });
    const ana = { patient: { name: 'Ana', phone: '600' } };
    expect((await initialDerivedOf(doc, ana, {})).values).toEqual({ identified: true, caller: 'Ana' });
    // The same ask again shares the answer; a different one is asked anew.
    expect(initialDerivedOf(doc, ana, {})).toBe(initialDerivedOf(doc, ana, {}));
    expect(initialDerivedOf(doc, {}, {})).not.toBe(initialDerivedOf(doc, ana, {}));
  });

  it('sees the entry stage as this.stage, as the run does', async () => {
    const doc = frontDesk();
    const pinecall = doc.preserved!.pinecall as { members: string[] };
    const staged = { ...doc, preserved: { pinecall: { ...pinecall, members: [...pinecall.members, 'get where(): string {\n  return "on " + this.stage;\n}'] } } };
    expect((await initialDerivedOf(staged, {}, {})).values).toMatchObject({ where: 'on identify' });
  });

  it('a getter that calls an import without a mock is named, not computed', async () => {
    const doc = frontDesk();
    const pinecall = doc.preserved!.pinecall as { members: string[] };
    const needy = { ...doc, preserved: { pinecall: { ...pinecall, members: pinecall.members.map((m) => m.replace('return this.patient !== null;', 'return agendaFor("today").length > 0;')) } } };
    const out = await initialDerivedOf(needy, {}, {});
    expect(out.values).toEqual({ caller: 'the caller' });
    expect(out.needs).toEqual({ identified: [{ helper: 'agendaFor', kind: 'import', from: './agenda' }] });
    const mocked = await initialDerivedOf({ ...needy, mocks: { helpers: { agendaFor: ['a slot'] } } }, {}, {});
    expect(mocked.values).toEqual({ identified: true, caller: 'the caller' });
  });
});
