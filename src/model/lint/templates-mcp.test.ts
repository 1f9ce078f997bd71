import { describe, expect, it } from 'vitest';
import { describeRuleCases, lintAs, type RuleCase } from './rule-cases';
import { withNameParameter } from '../ops/testing';



const cases: RuleCase[] = [
  { rule: 'template-unknown-name', path: '/stages/4/instructions', severity: ['error', 'warning'],
    fail: (d) => { d.stages[4].instructions += ' Mention {{ doctor | title }}.'; },
    pass: (d) => {
      withNameParameter(d); // {{ name }} names a tool parameter that no state field owns
      d.stages[4].instructions += ' {{secret:API_KEY}} {{ booking_when | upper }} {{ name }} {{ slots.0 }} {{- caller_phone -}} {{ "literal" }}';
    } },
  { rule: 'template-name-not-state', path: '/stages/4/instructions', severity: ['error', 'info'],
    fail: (d) => { d.stages[4].instructions += ' Spell {{ visit }}.'; },
    pass: (d) => { d.stages[4].instructions += ' Spell {{ caller_phone }}.'; } },
  { rule: 'template-name-not-captured', path: '/stages/0/instructions', severity: ['info', 'warning'],
    fail: (d) => { d.stages[0].instructions += ' Count {{ searches }}.'; },
    pass: (d) => {
      // Keep any {{ caller_name }}, {{ booking_when }} or {{ slots }} of the sample's stages out of the near miss.
      for (const stage of d.stages) stage.instructions = stage.instructions.replace(/\{\{ (caller_name|booking_when|slots) \}\}/g, 'the caller');
      d.stages[0].instructions += ' Ask for the {{ phone }}.';
    } },
  { rule: 'mcp-header-credential', path: '/tools/3/mcp/headers/Authorization', severity: ['error', 'error'],
    fail: (d) => { d.tools[3].mcp!.headers.Authorization = 'Bearer sk-live-123'; },
    pass: (d) => { d.tools[3].mcp!.headers.Authorization = 'Basic {{secret:EHR_USER}}{{ secret:EHR_PASSWORD }}'; } },
  { rule: 'mcp-server-missing', path: '/tools/3/mcp/serverUrl', severity: ['info', 'error'],
    fail: (d) => { d.tools[3].mcp!.serverUrl = ' '; },
    pass: (d) => { d.tools[3].mcp!.serverUrl = 'http://localhost:8931/mcp'; } },
  { rule: 'mcp-allowed-tools-empty', path: '/tools/3/mcp/allowedTools', severity: ['info', 'warning'],
    fail: (d) => { d.tools[3].mcp!.allowedTools = []; },
    pass: (d) => { d.tools[3].mcp!.allowedTools = ['search_patients']; } },
];

describeRuleCases(cases);

describe('template details', () => {
  it('checks the persona and block looping messages, with their own entities', () => {
    const problems = lintAs('pinecall', (d) => {
      d.persona += ' Today is {{ today }}.';
      d.blocks[0].looping!.messages.push('Sorry {{ caller_name }}, {{ agent_name }} will call back.');
    }).filter((p) => p.rule === 'template-unknown-name');
    expect(problems.map((p) => [p.path, p.entity])).toEqual([
      ['/persona', { kind: 'agent' }],
      ['/blocks/0/looping/messages/1', { kind: 'block', id: 'b_greeting' }],
    ]);
    expect(problems[0].message).toMatch(/^\{\{ today \}\} names nothing: .*; write one of .*"caller_name".*, or add a state field today$/);
  });

  it('knows names a template declares for itself, and reports a name once per text', () => {
    const problems = lintAs('pinecall', (d) => {
      d.stages[3].instructions = '{% for slot in slots %}{{ slot.when }}{{ loop.index }}{% endfor %} {{ x }} {{ x }}';
    }).filter((p) => p.rule === 'template-unknown-name');
    expect(problems.map((p) => p.message.slice(0, 8))).toEqual(['{{ x }} ']);
  });
});

describe('mcp details', () => {
  it('says where the secret goes, and escapes the header name in the path', () => {
    const problem = lintAs('block-agent', (d) => { d.tools[3].mcp!.headers['X/Api~Key'] = 'abc123'; }).find((p) => p.rule === 'mcp-header-credential');
    expect(problem?.path).toBe('/tools/3/mcp/headers/X~1Api~0Key');
    expect(problem?.message).toContain('write {{secret:NAME}} (e.g. Bearer {{secret:EHR_TOKEN}}) and set the value under LLM & secrets');
  });

  it('flags a literal beside a secret, and leaves descriptive headers alone', () => {
    const rules = lintAs('block-agent', (d) => {
      d.tools[3].mcp!.headers = { Authorization: 'Bearer {{secret:EHR_TOKEN}} extra', 'Content-Type': 'application/json' };
    }).filter((p) => p.rule === 'mcp-header-credential');
    expect(rules.map((p) => p.path)).toEqual(['/tools/3/mcp/headers/Authorization']);
  });

  it('asks for a label and a URL that parses', () => {
    const problems = lintAs('block-agent', (d) => { d.tools[3].mcp!.serverLabel = ''; d.tools[3].mcp!.serverUrl = 'mcp.example.com'; })
      .filter((p) => p.rule === 'mcp-server-missing');
    expect(problems.map((p) => p.path)).toEqual(['/tools/3/mcp/serverLabel', '/tools/3/mcp/serverUrl']);
    const none = lintAs('block-agent', (d) => { delete d.tools[3].mcp; }).filter((p) => p.rule === 'mcp-server-missing');
    expect(none.map((p) => p.path)).toEqual(['/tools/3']);
  });
});
