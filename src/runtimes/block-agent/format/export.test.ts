import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type AgentDocument } from '../../../model';
import { lossesFor } from '../../../formats/losses';
import { DOCUMENT_FIXTURES, fixtureDocument, golden } from '../../../../test/fixtures/block-agent/fixtures';
import { exportBlockAgentYaml } from './export';
import { EXPRESSION_COMMENT } from './inferred-keys';

describe('exportBlockAgentYaml', () => {
  // Goldens live in test/fixtures/block-agent/<name>.yaml; UPDATE_GOLDENS=1 rewrites them.
  it.each(DOCUMENT_FIXTURES)('writes %s as its golden file', (name) => {
    const { expected, actual } = golden(`${name}.yaml`, exportBlockAgentYaml(fixtureDocument(name)).text);
    expect(actual).toBe(expected);
  });

  it.each(DOCUMENT_FIXTURES)('warns exactly what lossesFor names for %s', (name) => {
    const doc = fixtureDocument(name);
    expect(exportBlockAgentYaml(doc).warnings).toEqual(lossesFor(doc, 'block-agent'));
  });

  it('writes the same text whatever order the document\'s modelled keys stand in', () => {
    const doc = fixtureDocument('every-condition');
    // Free-form maps keep their own order: it is content (parameter order, unknown keys, headers).
    const FREE_FORM = ['parameters', 'extra', 'preserved', 'headers', 'mocks'];
    const reversed = (value: unknown): unknown => (typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, FREE_FORM.includes(k) ? v : reversed(v)]))
      : Array.isArray(value) ? value.map(reversed) : value);
    expect(exportBlockAgentYaml(reversed(doc) as AgentDocument).text).toBe(exportBlockAgentYaml(doc).text);
  });

  it('writes the entry stage as the first turn of the first block, and says so', () => {
    const { text, notes } = exportBlockAgentYaml(fixtureDocument('every-condition'));
    const data = parse(text);
    expect(data.blocks.map((b: { block_id: string }) => b.block_id)).toEqual(['triage', 'account', 'wrap_up']);
    expect(data.blocks[0].turns[0].turn_id).toBe('t_welcome');
    expect(notes.some((n) => n.includes('Triage_Intent is written first'))).toBe(true);
    expect(notes.some((n) => n.includes('welcome is written as the first turn'))).toBe(true);
  });

  it('writes every condition kind, loops, wait turns, looping and both tool shapes', () => {
    const data = parse(exportBlockAgentYaml(fixtureDocument('every-condition')).text);
    const [triage, account, end] = data.blocks;
    expect(triage.turns[0].edges).toEqual([
      { type: 'edge', conditions: [{ source: 'tools', tool: 'route_topic', field: 'topic', expected_value: 'billing' }], connect_to: { turn_id: 't_lookup', transition: 'soft' }, priority: 1 },
      { type: 'edge', conditions: [{ source: 'tools', tool: 'route_topic', expected_value: 'outage' }], connect_to: { turn_id: 't_handoff' } },
      { type: 'loop', conditions: [{ nlu: 'The caller has not said what the problem is.' }] },
    ]);
    expect(triage.looping).toEqual({ threshold: 2, messages: ['Let me get a colleague for you.', 'Are you still there?'], connect_to: { turn_id: 't_handoff' }, kpis: ['triage_failed', 'handoff'], notify: true });
    expect(account.turns[0]).toMatchObject({ turn_id: 't_lookup', type: 'wait', wait_token: 'crm_lookup' });
    expect(account.turns[0].edges[0].conditions).toEqual([{ source: 'external', expected_value: 'found' }]);
    expect(account.tools.map((t: { type: string }) => t.type)).toEqual(['function', 'mcp', 'function']);
    expect(account.tools[1]).toEqual({
      type: 'mcp', server_label: 'crm', server_url: 'https://crm.example.com/mcp', server_description: 'The customer records.',
      allowed_tools: ['get_account', 'get_invoices'], headers: { Authorization: 'Bearer {{secret:CRM_TOKEN}}', 'X-Region': 'eu' }, require_approval: 'never',
    });
    // A stage-scoped tool is offered in its whole block (a loss lossesFor names).
    expect(account.tools[2].function.name).toBe('note_question');
    expect(end.turns.at(-1)).toEqual({ turn_id: 't_bye', name: 'bye', content: 'Say goodbye.' });
  });

  it('writes a state expression as a sentence the model judges, marked with a comment', () => {
    const { text } = exportBlockAgentYaml(fixtureDocument('every-condition'));
    const explain = parse(text).blocks[1].turns[1];
    expect(explain.edges[0].conditions).toEqual([{ source: 'tools', tool: 'collect_account', field: 'account_number', expected_value: '*' }, { nlu: 'attempts >= 2', case_sensitive: false }]);
    expect(explain.edges[1].conditions).toEqual([{ nlu: 'attempts < 2' }, { nlu: 'The caller has another question.' }]);
    expect(text.split(`#${EXPRESSION_COMMENT}`).length - 1).toBe(2);
  });

  it('writes a tool once per block that offers it, an `all` tool in every block', () => {
    const data = parse(exportBlockAgentYaml(fixtureDocument('text-and-sharing')).text);
    const names = data.blocks.map((b: { tools: { function: { name: string } }[] }) => b.tools.map((t) => t.function.name));
    expect(names).toEqual([['collect_patient', 'confirm'], ['collect_patient', 'confirm']]);
  });

  it('keeps text exactly: unicode, newlines, */, quotes, leading and trailing spaces, YAML-looking words', () => {
    const doc = fixtureDocument('text-and-sharing');
    const data = parse(exportBlockAgentYaml(doc).text);
    expect(data.personality).toBe(doc.persona);
    expect(data.blocks[0].tools[0].function.description).toBe(doc.tools[0].description);
    expect(data.blocks[0].tools[1].function.description).toBe(doc.tools[1].description);
    expect(data.blocks[1].turns[0].content).toBe(doc.stages[1].instructions);
    expect(data.blocks[1].turns[1]).toMatchObject({ turn_id: 'null', name: 'true', content: 'true' });
    expect(data.blocks[1].turns[0].edges[0].conditions.map((c: { expected_value: string }) => c.expected_value)).toEqual(['true', '123']);
    expect(data.blocks[1].turns[1].edges[0].conditions[0].expected_value).toBe('~');
  });
});
