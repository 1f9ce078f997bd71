// One import reports every problem it can find: an error about one edge or condition leaves the
// rest of the agent read (the partial document), so lint can check it in the same pass.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { problemsOf } from '../../../formats/problems';
import { importAny } from '../../../formats/import-any';
import { importBlockAgentYaml } from './import';

describe('every problem in one pass', () => {
  it('an edge to a missing turn and a condition on an unknown tool: every such error, and the rest read', () => {
    const result = importBlockAgentYaml(readFixture('problems-one-pass.yaml'), { name: 'Repairs' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.message.split(',')[0]])).toEqual([
      [24, 'no tool named log_repair is defined in this file; a condition reads a tool by its function name (or an mcp tool by its server_label)'],
      [25, 'connect_to names turn confirm'],
      [33, 'connect_to names turn book_visit'],
    ]);
    expect(result.blocksTheRest).toBeUndefined();
    const partial = result.partial!.doc;
    expect(partial.stages.map((s) => s.ref)).toEqual(['ask_problem', 'ask_access', 'wrap_up']);
    expect(partial.tools.map((t) => t.name)).toEqual(['log repair']);
    // Both edges the errors are about are left out whole: none fires more often than the file says.
    expect(partial.edges).toEqual([]);
    expect(result.partial!.warnings.map((w) => w.message)).toContain('wait turn wrap_up has no wait_token; add the token the outside system answers');
  });

  it('lint finds the four other problems on the partial agent', () => {
    const result = importBlockAgentYaml(readFixture('problems-one-pass.yaml'));
    if (result.ok) throw new Error('expected errors');
    const rules = problemsOf(result.partial!.doc).map((p) => p.rule);
    expect(rules).toEqual(expect.arrayContaining(['tool-name-openai', 'parameters-required-unknown', 'stage-wait-token-missing', 'template-unknown-name']));
  });

  it('importAny passes the partial agent on; a syntax error says it blocks the rest and has none', async () => {
    const partial = await importAny(readFixture('problems-one-pass.yaml'), { format: 'yaml' });
    expect(partial.kind === 'error' && partial.partial?.doc.stages).toHaveLength(3);
    const syntax = await importAny(readFixture('syntax-errors/apostrophe.yaml'), { format: 'yaml' });
    expect(syntax).toMatchObject({ kind: 'error', blocksTheRest: true });
    expect(syntax.kind === 'error' && syntax.partial).toBeUndefined();
  });
});
