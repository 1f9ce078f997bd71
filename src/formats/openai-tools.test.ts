import { describe, expect, it } from 'vitest';
import { fixtureDocument, sampleDocument } from '../../test/fixtures/block-agent/fixtures';
import { openAiToolsForStage } from './openai-tools';

describe('openAiToolsForStage', () => {
  it('offers the tools of the stage\'s block in OpenAI\'s function-calling format', () => {
    const doc = sampleDocument();
    const tools = openAiToolsForStage(doc, 's_greet');
    expect(tools.map((t) => t.type === 'function' && t.function.name)).toEqual(['is_schedule_appointment', 'caller_intent_not_yet_detected']);
    expect(tools[0]).toEqual({ type: 'function', function: { name: 'is_schedule_appointment', description: doc.tools[0].description, parameters: doc.tools[0].parameters } });
  });

  it('writes an mcp tool in OpenAI\'s MCP tool shape, headers as secret references', () => {
    expect(openAiToolsForStage(sampleDocument(), 's_verify')[1]).toEqual({
      type: 'mcp', server_label: 'ehr', server_url: 'https://mcp.example.com/mcp', server_description: 'Look the caller up in the clinic records.',
      allowed_tools: ['lookup_patient'], headers: { Authorization: 'Bearer {{secret:EHR_TOKEN}}' },
    });
  });

  it('follows stage and all scopes, and offers nothing in a stage that does not exist', () => {
    const support = fixtureDocument('every-condition');
    const names = (doc: typeof support, stage: string) => openAiToolsForStage(doc, stage).map((t) => (t.type === 'function' ? t.function.name : t.server_label));
    expect(names(support, 's_explain')).toEqual(['collect_account', 'crm', 'note_question']);
    expect(names(support, 's_lookup')).toEqual(['collect_account', 'crm']);
    expect(names(fixtureDocument('text-and-sharing'), 's_true')).toEqual(['collect_patient', 'confirm']);
    expect(openAiToolsForStage(support, 'nope')).toEqual([]);
  });

  it('does not leak Block Agent extras or Callboard-only fields into the array', () => {
    const [route] = openAiToolsForStage(fixtureDocument('every-condition'), 's_welcome');
    expect(route).toEqual({ type: 'function', function: { name: 'route_topic', description: expect.any(String), parameters: expect.any(Object) } });
  });
});
