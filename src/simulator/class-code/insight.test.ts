// What the panels are told of a class's code before any run: needs per tool, the getters, and the
// getters that read pii (masked in the state panel like the fields they read).
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../../model';
import { sampleAgent } from '../testing';
import { classInsight, fieldsReadBy } from './insight';

const field = (name: string, pii = false) => ({ ...sampleAgent().state[0], id: `f_${name}`, name, pii, type: 'string' as const, default: '' });

function agent(members: string[], pii: string[] = []): AgentDocument {
  const names = ['patient', 'phone', 'booked', 'visits'];
  return {
    ...sampleAgent(),
    tools: [],
    state: names.map((n) => field(n, pii.includes(n))),
    preserved: { pinecall: { imports: ['import { agendaFor } from "./agenda";'], members } },
  };
}

const members = [
  'get identified(): boolean {\n  return this.patient !== "";\n}',
  'get caller(): string {\n  return this.greeting() + this.label;\n}',
  'private greeting(): string {\n  return "Dear ";\n}',
  'private get label(): string {\n  return this.phone;\n}',
  'get loyal(): boolean {\n  return this.visits.length > 2 && this.loyal;\n}',
  'get patient(): string {\n  return "shadowed by the field";\n}',
  'set caller(value: string) {\n  this.booked = value;\n}',
];

describe('fieldsReadBy', () => {
  it('follows helper methods and other getters to the state fields they read; a getter and its setter count together', () => {
    const doc = agent(members);
    expect(fieldsReadBy(doc, 'identified')).toEqual(['patient']);
    // caller → greeting() (no field), → label → phone; its setter writes booked (a read of this.booked counts too).
    expect(fieldsReadBy(doc, 'caller')).toEqual(['phone', 'booked']);
    // A getter that reads itself ends.
    expect(fieldsReadBy(doc, 'loyal')).toEqual(['visits']);
    expect(fieldsReadBy(doc, 'nothing-of-that-name')).toEqual([]);
  });
});

describe('classInsight', () => {
  it('lists the derived getters (not one a field shadows) and which read a pii field', () => {
    const insight = classInsight(agent(members, ['phone']));
    expect(insight.getters).toEqual(['identified', 'caller', 'label', 'loyal']);
    expect(insight.piiGetters).toEqual(['caller', 'label']);
    expect(insight.tools).toEqual([]);
    expect(classInsight(agent(members)).piiGetters).toEqual([]);
  });

  it('a document without class code has no getters; its tools still say what they need', () => {
    const doc = sampleAgent();
    const insight = classInsight({ ...doc, tools: [{ ...doc.tools[0], kind: 'function', implementation: 'return this.knowledge.search("parking");' }] });
    expect(insight.getters).toEqual([]);
    expect(insight.tools).toEqual([{ tool: doc.tools[0].name, needs: [{ helper: 'knowledge.search', kind: 'world', from: 'the knowledge base the world attaches', via: [], mocked: false }] }]);
  });
});
