import type { AgentDocument, JsonSchema, Tool } from '../../../model';

/** A valid one-tool document for tests, with the tool's fields overridden. Test-only. */
export function minimalDoc(tool: Partial<Tool> & { parameters?: JsonSchema } = {}): AgentDocument {
  return {
    format: 'callboard.agent', version: 1, id: 'test-doc', name: 'Minimal', target: 'pinecall', persona: 'Persona.',
    llm: {}, opening: 'caller', state: [], blocks: [], stages: [], edges: [],
    tools: [{
      id: 't_end', kind: 'function', name: 'end_call', description: 'End the call.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      scope: { kind: 'all' }, fallback: false, pii: [], ...tool,
    }],
    entryStageId: null, layout: { positions: {}, sizes: {} },
  };
}

/** The sample agent and every fixture document of test/fixtures/pinecall, by name. */
export const FIXTURE_NAMES = ['clinic-booking', 'minimal', 'every-option', 'tricky-text', 'signatures'] as const;

export const fixtureUrl = (file: string): URL => new URL(`../../../../test/fixtures/pinecall/${file}`, import.meta.url);

export function fixtureDoc(name: (typeof FIXTURE_NAMES)[number]): URL {
  return name === 'clinic-booking' ? new URL('../../../../public/examples/clinic-booking.json', import.meta.url) : fixtureUrl(`${name}.json`);
}
