// Issue 33: lint reads what the runtime reads. `{{ petLabel }}` of a class's getter (Pinecall
// renders {this.petLabel} as it renders a field) was an error that failed `callboard lint` and the
// import dialog; a name that is nothing is an error with the names it is closest to.
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../types';
import { lint } from './index';

function classDoc(instructions: string): AgentDocument {
  return {
    format: 'callboard.agent', version: 1, id: 'd', name: 'Hillside Vets', target: 'pinecall', persona: 'You book visits.', llm: {}, opening: 'caller',
    state: [{ id: 'f', name: 'pet', type: 'string', default: '', pii: false, visibility: 'private' }],
    blocks: [{ id: 'b', name: 'HillsideVets', ref: 'hillsidevets', intent: false }],
    stages: [{ id: 's', name: 'ask', ref: 'ask', blockId: 'b', kind: 'turn', instructions }],
    edges: [], tools: [], entryStageId: 's', layout: { positions: {}, sizes: {} },
    preserved: { pinecall: { members: ['/** The pet, or "your pet". */\nget petLabel(): string {\n  return this.pet || "your pet";\n}'] } },
  };
}

const templateFindings = (doc: AgentDocument) => lint(doc).filter((p) => p.rule.startsWith('template-')).map((p) => [p.severity, p.rule, p.message]);

describe('names in templates', () => {
  it('a getter of the class is known: never flagged for Pinecall', () => {
    expect(templateFindings(classDoc('Ask about {{ petLabel }}.')).filter(([severity]) => severity !== 'info')).toEqual([]);
  });

  it('a name that is nothing is an error, with the closest names', () => {
    expect(templateFindings(classDoc('Ask about {{ pett }}.'))).toEqual([[
      'error', 'template-unknown-name',
      '{{ pett }} names nothing: no state field, getter or tool parameter is called pett; write one of "pet", "petLabel", or add a state field pett (closest: "pet")',
    ]]);
  });
});
