import { describe, expect, it } from 'vitest';
import { formatFinding, readFlow, type BranchTransition } from './index';
import { EXAMPLE_FLOWS, exampleFlow } from './testing';

describe('reading a FlowConfig', () => {
  it('reads all seven example flows with no error', () => {
    expect(EXAMPLE_FLOWS).toHaveLength(7);
    for (const { name, text } of EXAMPLE_FLOWS) {
      const flow = readFlow(text, { fileName: name });
      expect(flow.findings.map(formatFinding), name).toEqual([]);
      expect(flow.model.nodes.length, name).toBeGreaterThanOrEqual(5);
      expect(flow.model.initialNode, name).toBeDefined();
    }
  });

  it('places every node, function, transition and branch key at its line and column', () => {
    const flow = readFlow(exampleFlow('editor__order_status'), { fileName: 'order_status.yaml' });
    const greet = flow.model.nodes[0];
    expect([greet.name, greet.at]).toEqual(['greet', { line: 13, column: 3 }]);
    expect(flow.model.initialNode).toEqual({ value: 'greet', at: { line: 10, column: 15 } });
    const lookUp = greet.functions[0];
    expect([lookUp.name, lookUp.at]).toEqual(['look_up_order', { line: 25, column: 9 }]);
    const branch = lookUp.transitionTo as BranchTransition;
    expect(branch.kind).toBe('branch');
    expect([branch.field, branch.fieldAt]).toEqual(['status', { line: 27, column: 18 }]);
    expect(branch.cases.map((c) => [c.key, c.at.line, c.at.column, c.node, c.nodeAt.column])).toEqual([
      ['processing', 29, 13, 'processing', 25],
      ['shipped', 30, 13, 'shipped', 22],
      ['delivered', 31, 13, 'delivered', 24],
    ]);
    expect(branch.default).toEqual({ value: 'not_found', at: { line: 32, column: 20 } });
    expect(flow.model.globalFunctions).toEqual([{ name: 'transfer_to_agent', at: { line: 104, column: 5 }, transitionOnly: false, transitionTo: { kind: 'node', node: 'end', at: { line: 105, column: 20 } } }]);
    const end = flow.model.nodes.find((n) => n.name === 'end')!;
    expect(end.preActions.map((a) => [a.type, a.text])).toEqual([['tts_say', 'One moment while I note that on your account.']]);
    expect(end.postActions.map((a) => a.type)).toEqual(['end_conversation']);
  });

  it('reads transition-only functions, placeholders (dotted too), context strategy and respond_immediately', () => {
    const insurance = readFlow(exampleFlow('pipecat__insurance_quote'), { fileName: 'flow.yaml' }).model;
    const results = insurance.nodes.find((n) => n.name === 'quote_results')!;
    expect(results.taskMessages[0].placeholders.map((p) => p.path)).toEqual(['quote.monthly_premium', 'quote.coverage_amount', 'quote.deductible']);
    expect(results.functions[1]).toMatchObject({ name: 'end_quote', transitionOnly: true, description: 'Complete the quote process when the customer is satisfied.', transitionTo: { kind: 'node', node: 'end' } });
    const flow = readFlow('initial_node: a\nnodes:\n  a:\n    role_message: "Hi {{ name }}, not \\\\{{ this }}"\n    task_messages: [{role: developer, content: x}]\n    context_strategy: reset\n    respond_immediately: false\n', { syntax: 'yaml' }).model;
    expect(flow.nodes[0]).toMatchObject({ contextStrategy: { value: 'reset' }, respondImmediately: false, roleMessagePlaceholders: [{ path: 'name' }] });
  });

  it('refuses text that is not YAML or not JSON at the place it breaks', () => {
    const json = readFlow('{\n  "initial_node": "a",\n  "nodes": }\n', { syntax: 'json' });
    expect(json.findings).toMatchObject([{ severity: 'error', stage: 'read', line: 3, column: 12 }]);
    expect(json.findings[0].message).toMatch(/not valid JSON/);
    const yaml = readFlow("initial_node: a\nnodes:\n  a:\n    task_messages: [{role: developer, content: 'it's'}]\n", { syntax: 'yaml' });
    expect(yaml.findings).toMatchObject([{ severity: 'error', stage: 'read', line: 4 }]);
    expect(yaml.findings[0].message).toMatch(/apostrophe/);
  });

  it('reads JSON with the same model as the YAML it came from', () => {
    const text = exampleFlow('pipecat__food_ordering');
    const fromYaml = readFlow(text, { fileName: 'flow.yaml' });
    const fromJson = readFlow(JSON.stringify(fromYaml.data, null, 2), { fileName: 'flow.json' });
    const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v) => (key === 'at' || key === 'nodeAt' || key === 'fieldAt' || key === 'respondImmediatelyAt' ? undefined : v)));
    expect(strip(fromJson.model)).toEqual(strip(fromYaml.model));
    expect(fromJson.findings).toEqual([]);
  });
});

describe('reading YAML as PyYAML does (YAML 1.1)', () => {
  const flowWithCases = (cases: string) => `initial_node: a\nnodes:\n  a:\n    task_messages: []\n    functions:\n      - name: f\n        transition_to:\n          field: answer\n          cases:\n${cases}\n  b: {task_messages: []}\n  c: {task_messages: []}\n`;

  it('warns at an unquoted yes/on key, saying it is a boolean and to quote it', () => {
    const flow = readFlow(flowWithCases('            yes: b\n            "maybe": c'), { syntax: 'yaml' });
    const [warning] = flow.findings.filter((f) => f.code === 'yaml11-key');
    expect(warning).toMatchObject({ severity: 'warning', line: 10, column: 13 });
    expect(warning.message).toContain('reads the unquoted key yes as the boolean True');
    expect(warning.fix).toBe('if the result holds the text "yes", write the key in quotes: "yes":');
    expect((flow.model.nodes[0].functions[0].transitionTo as BranchTransition).cases.map((c) => c.key)).toEqual(['true', 'maybe']);
  });

  it('collapses keys Python holds equal (yes, on, true, 1, 1.0) into one, the last winning, and warns at each later one', () => {
    const flow = readFlow(flowWithCases('            yes: b\n            on: b\n            1: c\n            "1": b'), { syntax: 'yaml' });
    const branch = flow.model.nodes[0].functions[0].transitionTo as BranchTransition;
    // yes, on and 1 are Python's True, 1 and True (one dict key); "1" stays the text "1".
    expect(branch.cases.map((c) => [c.key, c.node, c.at.line])).toEqual([['true', 'c', 10], ['1', 'b', 13]]);
    const collapsed = flow.findings.filter((f) => f.code === 'collapsed-key');
    expect(collapsed.map((f) => f.line)).toEqual([11, 12]);
    expect(collapsed[1].message).toContain("a result of true goes to 'c' and the earlier case is lost");
    expect(flow.data).toMatchObject({ nodes: { a: { functions: [{ transition_to: { cases: { True: 'c', '1': 'b' } } }] } } });
  });

  it('reads y and n as text, as PyYAML does (the YAML 1.1 spec would not), and 0o-less octal as a number', () => {
    const flow = readFlow(flowWithCases('            y: b\n            010: c'), { syntax: 'yaml' });
    const branch = flow.model.nodes[0].functions[0].transitionTo as BranchTransition;
    expect(branch.cases.map((c) => c.key)).toEqual(['y', '8']);
  });

  it('warns when a node is written twice, as PyYAML keeps the last without a word', () => {
    const flow = readFlow('initial_node: a\nnodes:\n  a: {task_messages: []}\n  a: {task_messages: [], respond_immediately: false}\n', { syntax: 'yaml' });
    expect(flow.model.nodes).toHaveLength(1);
    expect(flow.model.nodes[0].respondImmediately).toBe(false);
    expect(flow.findings.find((f) => f.code === 'repeated-node')).toMatchObject({ line: 4, column: 3 });
  });

  it('reads merge keys (<<) as PyYAML does', () => {
    const flow = readFlow('common: &c {task_messages: [], respond_immediately: false}\n', { syntax: 'yaml' });
    expect(flow.data).toEqual({ common: { task_messages: [], respond_immediately: false } });
    const merged = readFlow('initial_node: a\nnodes:\n  a: &base {task_messages: [], respond_immediately: false}\n  b:\n    <<: *base\n    respond_immediately: true\n', { syntax: 'yaml' });
    expect(merged.model.nodes.map((n) => [n.name, n.respondImmediately])).toEqual([['a', false], ['b', true]]);
  });

  it('does not follow !include, and says so at the tag', () => {
    const flow = readFlow('initial_node: a\nnodes: !include nodes.yaml\n', { syntax: 'yaml' });
    const include = flow.findings.find((f) => f.stage === 'read' && f.severity === 'error')!;
    expect(include).toMatchObject({ line: 2, column: 8 });
    expect(include.message).toMatch(/Callboard does not follow it/);
  });
});

describe('bounds', () => {
  it('refuses a file over the size bound at its start', () => {
    const flow = readFlow(`initial_node: a\n#${'x'.repeat(200)}\n`, { syntax: 'yaml', limits: { bytes: 100, values: 1000, nodes: 10, millis: 1000 } });
    expect(flow.findings).toMatchObject([{ severity: 'error', line: 1, column: 1 }]);
    expect(flow.findings[0].message).toMatch(/Callboard reads flow files of at most 100 bytes/);
  });

  it('refuses nesting deeper than the file depth at the line it passes it', () => {
    const deep = `initial_node: a\nnodes: ${'['.repeat(150)}${']'.repeat(150)}\n`;
    const flow = readFlow(deep, { syntax: 'yaml' });
    expect(flow.findings[0]).toMatchObject({ severity: 'error', line: 2 });
    expect(flow.findings[0].message).toMatch(/levels deep/);
    const json = readFlow(`{"nodes": ${'['.repeat(150)}${']'.repeat(150)}}`, { syntax: 'json' });
    expect(json.findings[0].message).toMatch(/levels deep/);
  });

  it('refuses aliases that expand past the value bound, at the alias', () => {
    const bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n';
    const flow = readFlow(bomb, { syntax: 'yaml', limits: { bytes: 10_000, values: 5_000, nodes: 10, millis: 10_000 } });
    expect(flow.findings[0]).toMatchObject({ severity: 'error', line: 4 });
    expect(flow.findings[0].message).toMatch(/more than 5,000 values once its aliases are written out/);
  });

  it('refuses more nodes than the node bound, naming the first node past it', () => {
    const nodes = Array.from({ length: 5 }, (_, i) => `  n${i}: {task_messages: []}`).join('\n');
    const flow = readFlow(`initial_node: n0\nnodes:\n${nodes}\n`, { syntax: 'yaml', limits: { bytes: 10_000, values: 10_000, nodes: 3, millis: 10_000 } });
    expect(flow.findings).toMatchObject([{ severity: 'error', line: 6, column: 3, loc: ['nodes', 'n3'] }]);
  });

  it('stops when the time bound runs out, at the place it reached', () => {
    let clock = 0;
    const nodes = Array.from({ length: 400 }, (_, i) => `  n${i}: {task_messages: []}`).join('\n');
    const flow = readFlow(`initial_node: n0\nnodes:\n${nodes}\n`, { syntax: 'yaml', now: () => (clock += 60), limits: { bytes: 100_000, values: 100_000, nodes: 1000, millis: 100 } });
    expect(flow.findings).toHaveLength(1);
    expect(flow.findings[0].message).toMatch(/took more than 100 ms and stopped here/);
    expect(flow.findings[0].line).toBeGreaterThan(2);
  });
});
