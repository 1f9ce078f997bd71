import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateDocument } from '../../../model';
import { DOCUMENT_FIXTURES, readFixture, sampleDocument } from '../../../../test/fixtures/block-agent/fixtures';
import { addImportedTools } from './add-tools';
import { importBlockAgentTools, importBlockAgentYaml } from './import';
import { reindentTabs } from './tabs';

/** A small agent; `edges` and `extraTurn` vary it per test. */
const agent = (edges: string, extra = '') => `personality: Hi.
blocks:
  - block_id: one
    name: One
    tools:
      - type: function
        function: {name: pick, description: Pick., parameters: {type: object, properties: {choice: {type: string}}}}
    turns:
      - turn_id: t1
        name: first
        content: Ask.
        edges:
${edges}
      - turn_id: t2
        name: second
        content: Bye.
${extra}`;

/** 1-based line and column of the `nth` occurrence of `marker` in `text`: where an error must point. */
function where(text: string, marker: string, nth = 1) {
  let at = -1;
  for (let i = 0; i < nth; i++) at = text.indexOf(marker, at + 1);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const failure = (text: string) => {
  const result = importBlockAgentYaml(text);
  if (result.ok) throw new Error('expected the import to fail');
  return result;
};

describe('importBlockAgentYaml', () => {
  it('reads refs, fresh ids, no positions, target block-agent, the entry stage first', () => {
    const result = importBlockAgentYaml(agent('          - {type: edge, conditions: [{nlu: Done.}], connect_to: {turn_id: t2}}'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { doc } = result;
    expect(validateDocument(doc).ok).toBe(true);
    expect(doc.blocks.map((b) => b.ref)).toEqual(['one']);
    expect(doc.stages.map((s) => s.ref)).toEqual(['t1', 't2']);
    expect(doc.stages[0].id).not.toBe('t1');
    expect(doc.edges[0]).toMatchObject({ from: doc.stages[0].id, to: doc.stages[1].id, kind: 'edge', conditions: [{ kind: 'nlu', sentence: 'Done.' }] });
    expect(doc).toMatchObject({ target: 'block-agent', entryStageId: doc.stages[0].id, layout: { positions: {}, sizes: {} } });
    expect(doc.state).toMatchObject([{ name: 'choice', type: 'string' }]);
  });

  it.each([
    ['a repeated key', 'personality: a\npersonality: b\nblocks: []\n', 2, 1, /unique/],
    ['a stray bracket', 'personality: a\nblocks: ]\n', 2, 9, /]/],
  ])('gives a YAML syntax error (%s) its line and column', (_, text, line, column, message) => {
    const { errors, fix } = failure(text);
    expect(errors[0]).toMatchObject({ line, column });
    expect(errors[0].message).toMatch(message);
    expect(errors[0].message).not.toContain('\n');
    expect(fix).toBeUndefined();
  });

  it.each([
    ['a block without block_id', 'blocks:\n  - name: Nameless\n    turns: []\n', 2, 5, /no block_id/],
    ['a turn without turn_id', 'blocks:\n  - block_id: b\n    turns:\n      - name: x\n', 4, 9, /no turn_id/],
    ['an unknown tool type', 'blocks:\n  - block_id: b\n    tools:\n      - type: retrieval\n', 4, 15, /function` and `mcp/],
    ['an out-of-range temperature', 'llm_settings:\n  temperature: 7\nblocks: []\n', 2, 16, /from 0 to 2/],
  ])('points at %s', (_, text, line, column, message) => {
    const { errors } = failure(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line, column });
    expect(errors[0].message).toMatch(message);
  });

  it.each([
    ['connect_to naming no turn', '          - {type: edge, conditions: [], connect_to: {turn_id: nowhere}}', 'nowhere', /no turn has that turn_id; write one of t1, t2/],
    ['an unknown condition shape', '          - type: loop\n            conditions: [{when: later}]', '{when', /unknown condition shape/],
    ['a condition reading no tool', '          - {type: loop, conditions: [{source: tools, tool: ghost, expected_value: x}]}', 'ghost', /no tool named ghost/],
    ['an unknown condition source', '          - {type: loop, conditions: [{source: crm, expected_value: x}]}', 'crm', /unknown condition source "crm"/],
    ['an edge without type or target', '          - {conditions: []}', '{conditions', /type: edge/],
    ['an edge that goes nowhere', '          - {type: edge, conditions: []}', '{type: edge', /goes nowhere/],
  ])('points at %s', (_, edges, marker, message) => {
    const text = agent(edges);
    const { errors } = failure(text);
    expect(errors[0]).toMatchObject(where(text, marker));
    expect(errors[0].message).toMatch(message);
  });

  it('refuses a turn_id used twice, at the second one', () => {
    const text = agent('          []', '      - {turn_id: t1, name: again, content: x}\n');
    const { errors } = failure(text);
    expect(errors[0]).toMatchObject(where(text, 't1, name: again'));
    expect(errors[0].message).toMatch(/turn_id t1 is used by another turn/);
  });

  it('points at a looping connect_to that names no turn', () => {
    const text = agent('          []', '    looping: {threshold: 2, messages: [Bye.], connect_to: {turn_id: t9}}\n');
    expect(failure(text).errors[0]).toMatchObject(where(text, 't9'));
  });

  it('makes one tool of the same definition in several blocks, and keeps a different one of the same name in its own block', () => {
    const text = `blocks:
  - block_id: a
    tools:
      - {type: function, function: {name: shared, description: Same., parameters: {type: object, properties: {}}}}
      - {type: function, function: {name: clash, description: First., parameters: {type: object, properties: {}}}}
    turns: [{turn_id: a1, content: x, edges: [{type: loop, conditions: [{source: tools, tool: clash, expected_value: '*'}]}]}]
  - block_id: b
    tools:
      - {type: function, function: {name: shared, description: Same., parameters: {type: object, properties: {}}}}
      - {type: function, function: {name: clash, description: Second., parameters: {type: object, properties: {}}}}
    turns: [{turn_id: b1, content: x, edges: [{type: loop, conditions: [{source: tools, tool: clash, expected_value: '*'}]}]}]
`;
    const result = importBlockAgentYaml(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { doc, warnings } = result;
    const [a, b] = doc.blocks.map((block) => block.id);
    // Each block keeps its own tool under the name the file gives it (issue 33: names are the user's).
    expect(doc.tools.map((t) => [t.name, t.description, t.scope])).toEqual([
      ['shared', 'Same.', { kind: 'blocks', blockIds: [a, b] }],
      ['clash', 'First.', { kind: 'blocks', blockIds: [a] }],
      ['clash', 'Second.', { kind: 'blocks', blockIds: [b] }],
    ]);
    expect(warnings).toEqual([]);
    // Each block's condition reads the tool defined in that block.
    expect(doc.edges.map((e) => e.conditions[0].kind === 'tool' && doc.tools.find((t) => t.id === (e.conditions[0] as { toolId: string }).toolId)!.description)).toEqual(['First.', 'Second.']);
  });

  it('infers intent blocks and fallback tools, which the file has no key for', () => {
    const result = importBlockAgentYaml(readFixture('spec-example.yaml'));
    if (!result.ok) throw new Error('import failed');
    expect(result.doc.blocks.map((b) => [b.ref, b.intent])).toEqual([['greeting', true], ['auth', false], ['end', false]]);
    expect(result.doc.tools.filter((t) => t.fallback).map((t) => t.name)).toEqual(['caller_intent_not_yet_detected']);
  });

  it('says that a bare list of tools, or one tool, is not an agent', () => {
    const list = failure('- type: function\n  function: {name: x, description: y}\n');
    expect(list).toMatchObject({ toolList: true, errors: [{ line: 1, column: 1, message: expect.stringMatching(/list of tools/) }] });
    expect(failure('type: mcp\nserver_label: kb\nserver_url: https://kb\n').toolList).toBe(true);
  });

  it('follows YAML aliases, so a tool shared with an anchor is one tool', () => {
    const text = `blocks:
  - block_id: a
    tools: [&pick {type: function, function: {name: pick, description: P., parameters: {type: object, properties: {}}}}]
    turns: [{turn_id: a1, content: x}]
  - block_id: b
    tools: [*pick]
    turns: [{turn_id: b1, content: y}]
`;
    const result = importBlockAgentYaml(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.doc.tools).toHaveLength(1);
    expect(result.doc.tools[0].scope).toEqual({ kind: 'blocks', blockIds: result.doc.blocks.map((b) => b.id) });
  });
});

describe('the documentation\'s tab-indented sample tools', () => {
  const seed = readFixture('seed-sample-tools.txt');

  it('are refused at the first tab, with a fix that re-indents with spaces', () => {
    for (const result of [importBlockAgentTools(seed), importBlockAgentYaml(seed)]) {
      if (result.ok) throw new Error('expected the tab error');
      expect(result.errors).toEqual([{ line: 3, column: 1, message: expect.stringMatching(/indented with a tab.*only spaces.*Re-indent with spaces/) }]);
      expect(result.fix?.label).toBe('Re-indent with spaces');
    }
  });

  it('import as three tools once fixed, with their patterns and required lists', () => {
    const failed = importBlockAgentTools(seed);
    if (failed.ok) throw new Error('expected the tab error');
    const fixed = failed.fix!.apply(seed);
    expect(fixed).not.toMatch(/^[ ]*\t/m);
    const result = importBlockAgentTools(fixed);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [intent, dob, profile] = result.tools;
    expect(result.tools.map((t) => t.name)).toEqual(['is_schedule_appointment', 'collect_date_of_birth', 'collect_patient_profile']);
    expect(intent.parameters.required).toEqual(['schedule_appointment', 'intent_utterance']);
    expect(intent.parameters.properties!.schedule_appointment).toEqual({ type: 'boolean', description: 'This will be true when the caller wants to schedule an appointment.' });
    expect(intent.description).toBe("Use this when the user expresses interest/intent in scheduling an appointment, regardless of language. Common Spanish phrases: 'quiero hacer una cita', 'necesito programar una cita'. Common English phrases: 'appointment', 'I need to schedule', 'cleaning', 'new patient'.");
    expect(Object.values(dob.parameters.properties!).map((p) => p.pattern)).toEqual(['^[0-9]{4}$|^$', '^[0-9]{2}$|^$', '^[0-9]{2}$|^$', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^$']);
    expect(profile.description).toMatch(/^Unified function to collect patient information for registration\.\n\nCall this function whenever the user provides ANY of the following:\n- First name\n/);
    expect(result.tools.every((t) => t.scope.kind === 'all')).toBe(true);
  });

  it('keep an enum through the same path', () => {
    const result = importBlockAgentTools(reindentTabs('- type: function\n   function:\n\tname: pick\n\tparameters:\n\t\ttype: object\n\t\tproperties:\n\t\t\tvisit:\n\t\t\t\ttype: string\n\t\t\t\tenum:\n\t\t\t\t\t- cleaning\n\t\t\t\t\t- checkup\n'));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.tools[0].parameters.properties!.visit.enum).toEqual(['cleaning', 'checkup']);
  });

  it('join the open agent: new ones added, a different one under a taken name renamed, an identical one skipped', () => {
    const result = importBlockAgentTools(reindentTabs(seed));
    if (!result.ok) throw new Error('import failed');
    const doc = sampleDocument();
    const clash = { ...result.tools[0], name: 'book' };
    const once = addImportedTools(doc, [...result.tools, clash], { kind: 'blocks', blockIds: ['b_greeting'] });
    expect(once.added.map((t) => t.name)).toEqual(['is_schedule_appointment_2', 'collect_date_of_birth', 'collect_patient_profile', 'book_2']);
    expect(once.doc.tools).toHaveLength(doc.tools.length + 4);
    expect(validateDocument(once.doc).ok).toBe(true);
    const twice = addImportedTools(once.doc, [once.added[1]]);
    expect(twice.added).toEqual([]);
    expect(twice.warnings[0]).toMatch(/already in the agent/);
  });
});

describe('reindentTabs', () => {
  it.each(DOCUMENT_FIXTURES)('leaves the data of space-indented YAML (%s) unchanged', (name) => {
    const text = readFixture(`${name}.yaml`);
    expect(parse(reindentTabs(text))).toEqual(parse(text));
  });

  it('keeps a quoted scalar running over tab-indented lines and a block scalar\'s inner indentation', () => {
    const text = "key:\n\ttext: 'one\n\t\ttwo'\n\tblock: |\n\t\tfirst\n\t\t  indented\n\tafter: x\n";
    expect(parse(reindentTabs(text))).toEqual({ key: { text: 'one two', block: 'first\n  indented\n', after: 'x' } });
  });
});
