// The static scan: which tool needs what cannot run in the simulator, read from the code alone,
// transitively through the class's helpers, its getters and the file's own top-level functions.
import { describe, expect, it } from 'vitest';
import type { AgentDocument, Tool } from '../../model';
import { sampleAgent } from '../testing';
import { helperNeeds, getterNeeds } from './needs';

const endCall = sampleAgent().tools.find((t) => t.name === 'end_call')!;
const tool = (name: string, implementation: string, params: string[] = []): Tool => ({
  ...endCall, id: `t_${name}`, name, implementation, parameters: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) },
});

function agent(tools: Tool[], kept: Record<string, unknown>, helpers?: Record<string, unknown>): AgentDocument {
  return { ...sampleAgent(), tools, preserved: { pinecall: kept }, ...(helpers ? { mocks: { helpers } } : {}) };
}

const imports = [
  'import { agendaFor, type Slot } from "./agenda";',
  'import type { Patient } from "./types";',
  'import { Visit } from "./visit";',
  'import * as cal from "./calendar";',
  'import hours from "hours-pkg";',
];

describe('helperNeeds', () => {
  it('follows helper methods, getters and top-level functions to the imports they use', () => {
    const doc = agent(
      [
        tool('slots', 'return this.agenda(day);', ['day']),
        tool('open', 'return this.isOpen ? "yes" : "no";'),
        tool('week', 'return nextWeek();'),
        tool('plain', 'const agendaFor = (d: string) => d; return agendaFor("x");'),
      ],
      {
        imports,
        before: ['function nextWeek(): string[] {\n  return cal.weekFrom(cal.today());\n}'],
        members: [
          'private async agenda(day: string): Promise<Slot[]> {\n  return agendaFor(dayOf(day));\n}',
          'get isOpen(): boolean {\n  return hours(this.call.today) > 0;\n}',
        ],
        after: ['function dayOf(day: string): string {\n  return day;\n}'],
      },
      { 'cal.today': '2026-05-06' },
    );
    expect(helperNeeds(doc)).toEqual([
      { tool: 'slots', needs: [{ helper: 'agendaFor', kind: 'import', from: './agenda', via: ['this.agenda'], mocked: false }] },
      { tool: 'open', needs: [{ helper: 'hours', kind: 'import', from: 'hours-pkg', via: ['this.isOpen'], mocked: false }] },
      {
        tool: 'week',
        needs: [
          { helper: 'cal.weekFrom', kind: 'import', from: './calendar', via: ['nextWeek'], mocked: false },
          { helper: 'cal.today', kind: 'import', from: './calendar', via: ['nextWeek'], mocked: true },
        ],
      },
      // Its own local of the same name is no need.
      { tool: 'plain', needs: [] },
    ]);
    expect(getterNeeds(doc, 'isOpen')).toEqual([{ helper: 'hours', kind: 'import', from: 'hours-pkg', via: [], mocked: false }]);
  });

  it('types are no needs: an imported type in an annotation, a type-only import, an interface', () => {
    const doc = agent([tool('typed', 'const p: Patient | null = null; const s = [] as Slot[]; return p ?? s;'), tool('valued', 'return Visit.Cleaning;')], { imports });
    expect(helperNeeds(doc)).toEqual([
      { tool: 'typed', needs: [] },
      { tool: 'valued', needs: [{ helper: 'Visit', kind: 'import', from: './visit', via: [], mocked: false }] },
    ]);
  });

  it('the world: this.knowledge.search and this.remembers, unless the class has a member of that name', () => {
    const world = agent([tool('ask', 'return this.knowledge.search(q, { k: 3 });', ['q']), tool('memo', 'return this.remembers("dog");')], {});
    expect(helperNeeds(world).map((t) => t.needs.map((n) => [n.helper, n.kind]))).toEqual([[['knowledge.search', 'world']], [['remembers', 'world']]]);
    const own = agent([tool('memo', 'return this.remembers("dog");')], { members: ['remembers(word: string): boolean {\n  return word === "dog";\n}'] });
    expect(helperNeeds(own)).toEqual([{ tool: 'memo', needs: [] }]);
  });

  it('a tool without an implementation has nothing to scan; cycles of helpers end', () => {
    const doc = agent([{ ...endCall, implementation: undefined }, tool('loop', 'return this.a();')], {
      imports,
      members: ['a(): unknown {\n  return this.b();\n}', 'b(): unknown {\n  return this.a() ?? agendaFor();\n}'],
    });
    expect(helperNeeds(doc)).toEqual([{ tool: 'loop', needs: [{ helper: 'agendaFor', kind: 'import', from: './agenda', via: ['this.a', 'this.b'], mocked: false }] }]);
  });
});
