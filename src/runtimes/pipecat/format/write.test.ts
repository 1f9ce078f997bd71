import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFlow, writeFlowJson, writeFlowYaml } from './index';
import { EXAMPLE_FLOWS, exampleFlow } from './testing';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
type Data = { nodes: Record<string, Record<string, unknown> & { functions?: Record<string, unknown>[]; task_messages: { content: string }[] }>; initial_node: string };

describe('writing a flow back, key for key', () => {
  it('writes each of the seven examples back to YAML byte for byte, unchanged', () => {
    for (const { name, text } of EXAMPLE_FLOWS) expect(writeFlowYaml(readFlow(text, { fileName: name })), name).toBe(text);
  });

  it('keeps the same data from YAML to JSON and back, for each example', () => {
    for (const { name, text } of EXAMPLE_FLOWS) {
      const fromYaml = readFlow(text, { fileName: name });
      const json = writeFlowJson(fromYaml);
      const fromJson = readFlow(json, { fileName: 'flow.json' });
      expect(JSON.parse(json), name).toEqual(fromYaml.data);
      expect(fromJson.data, name).toEqual(fromYaml.data);
      // Back to YAML from the JSON: written anew, and the same data once PyYAML's reading is applied.
      const yaml = writeFlowYaml(fromJson);
      expect(readFlow(yaml, { fileName: 'flow.yaml' }).data, name).toEqual(fromYaml.data);
      expect(writeFlowJson(fromJson), name).toBe(json);
    }
  });

  it('changes only the line of a changed value, keeping comments and folded text elsewhere', () => {
    const text = exampleFlow('pipecat__food_ordering');
    const flow = readFlow(text, { fileName: 'flow.yaml' });
    const data = clone(flow.data) as Data;
    data.nodes.choose_pizza.functions![0].transition_to = 'restart';
    const written = writeFlowYaml(flow, data);
    const before = text.split('\n');
    const after = written.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    expect(changed).toEqual([['        transition_to: confirm', '        transition_to: restart']]);
    expect(readFlow(written, { fileName: 'flow.yaml' }).data).toEqual(data);
  });

  it('writes the same from a flow that crossed to a worker without its YAML document (structured clone)', () => {
    const flow = readFlow(exampleFlow('pipecat__food_ordering'), { fileName: 'flow.yaml' });
    const data = clone(flow.data) as Data;
    data.initial_node = 'restart';
    const { document, ...travelled } = flow;
    expect(document).toBeDefined();
    expect(writeFlowYaml(structuredClone(travelled), data)).toBe(writeFlowYaml(flow, data));
  });

  it('rewrites a changed block of text as a block at its indentation', () => {
    const text = exampleFlow('editor__order_status');
    const flow = readFlow(text, { fileName: 'flow.yaml' });
    const data = clone(flow.data) as Data;
    data.nodes.greet.task_messages[0].content = 'First line.\nSecond line, with {{ store_name }}.\n';
    const written = writeFlowYaml(flow, data);
    expect(written).toContain('        content: |\n          First line.\n          Second line, with {{ store_name }}.\n    functions:');
    expect(readFlow(written, { fileName: 'flow.yaml' }).data).toEqual(data);
    expect(written.split('\n').slice(0, 19)).toEqual(text.split('\n').slice(0, 19));
  });

  it('quotes text PyYAML would read as something else (yes, on, 1_000, a date, ~)', () => {
    const text = 'initial_node: a\nnodes:\n  a:\n    task_messages:\n      - role: developer\n        content: hello\n';
    const flow = readFlow(text, { fileName: 'flow.yaml' });
    for (const content of ['yes', 'On', '1_000', '2024-01-02', '~', '0x1F', '190:20:30']) {
      const data = clone(flow.data) as Data;
      data.nodes.a.task_messages[0].content = content;
      const written = writeFlowYaml(flow, data);
      expect(written, content).toContain(`content: "${content}"`);
      expect((readFlow(written, { fileName: 'flow.yaml' }).data as Data).nodes.a.task_messages[0].content).toBe(content);
    }
  });

  it('adds and removes keys, list items and nodes in place, leaving every other line as it was', () => {
    const text = exampleFlow('pipecat__insurance_quote');
    const flow = readFlow(text, { fileName: 'flow.yaml' });
    const data = clone(flow.data) as Data;
    delete data.nodes.initial.role_message;
    data.nodes.initial.functions!.push({ name: 'skip', transition_only: true, description: 'yes', transition_to: 'end' });
    data.nodes.quote_results.functions!.pop();
    data.nodes.end.respond_immediately = false;
    data.nodes.added = { task_messages: [{ content: 'x' }] };
    const written = writeFlowYaml(flow, data);
    expect(readFlow(written, { fileName: 'flow.yaml' }).data).toEqual(data);
    const lines = text.split('\n');
    // Lines 10–16 (role_message) go, the new function follows line 22, lines 58–61 (end_quote) go, the rest is appended.
    const expected = [
      ...lines.slice(0, 9),
      ...lines.slice(16, 22),
      '      - name: skip', '        transition_only: true', '        description: "yes"', '        transition_to: end',
      ...lines.slice(22, 57),
      ...lines.slice(61, 70),
      '    respond_immediately: false', '  added:', '    task_messages:', '      - content: x', '',
    ];
    expect(written.split('\n')).toEqual(expected);
  });

  it('writes a flow read from JSON as YAML that yaml 1.2 readers and PyYAML read the same', () => {
    const json = JSON.stringify({ initial_node: 'a', nodes: { a: { task_messages: [{ role: 'developer', content: 'no' }], functions: [{ name: 'f', transition_to: { field: 'ok', cases: { true: 'a', off: 'a' } } }] } } });
    const flow = readFlow(json, { fileName: 'flow.json' });
    const yaml = writeFlowYaml(flow);
    expect(parse(yaml)).toEqual(flow.data);
    expect(readFlow(yaml, { fileName: 'flow.yaml' }).data).toEqual(flow.data);
  });
});
