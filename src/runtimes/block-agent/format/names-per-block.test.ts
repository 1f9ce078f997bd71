// Names are the user's (issue 33): two blocks that each define their own
// caller_intent_not_yet_detected keep that name in each block, on import and on the round trip.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { problemsOf } from '../../../formats/problems';
import { lossesFor } from '../../../formats/losses';
import { exportBlockAgentYaml } from './export';
import { importBlockAgentYaml } from './import';
import { projectBlockAgent } from './project';

const imported = (text: string) => {
  const result = importBlockAgentYaml(text, { name: 'Garage' });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result;
};
const blockToolNames = (yaml: string) => (parse(yaml).blocks as { tools: { function: { name: string } }[] }[]).map((b) => b.tools.map((t) => t.function.name));

describe('a tool name defined in two blocks', () => {
  const text = readFixture('intent-per-block.yaml');

  it('is kept in each block, each with its own description, as two fallback tools', () => {
    const { doc, warnings } = imported(text);
    const fallbacks = doc.tools.filter((t) => t.name === 'caller_intent_not_yet_detected');
    expect(fallbacks.map((t) => [t.description, t.fallback, t.scope])).toEqual([
      ['Call this while it is not yet clear whether the caller wants a service.', true, { kind: 'blocks', blockIds: [doc.blocks[0].id] }],
      ['Call this while it is not yet clear whether the caller is reporting a fault.', true, { kind: 'blocks', blockIds: [doc.blocks[1].id] }],
    ]);
    expect(warnings).toEqual([]);
    // The repair block's loop reads the repair block's own tool.
    const loop = doc.edges.find((e) => e.kind === 'loop')!;
    expect(loop.conditions[0]).toMatchObject({ kind: 'tool', toolId: fallbacks[1].id });
  });

  it('comes back under the same name in each block: YAML → YAML writes it as the file did', () => {
    const { doc } = imported(text);
    const once = exportBlockAgentYaml(doc).text;
    expect(blockToolNames(once)).toEqual([
      ['is_book_service', 'caller_intent_not_yet_detected'],
      ['is_report_fault', 'caller_intent_not_yet_detected'],
    ]);
    expect(exportBlockAgentYaml(imported(once).doc).text).toBe(once);
    // Nothing is declared lost about the names, and the projection (the round-trip oracle) agrees.
    expect(lossesFor(doc, 'block-agent').filter((l) => l.path.endsWith('/name') && l.path.startsWith('/tools'))).toEqual([]);
    expect(projectBlockAgent(doc).tools.map((t) => t.name)).toEqual(doc.tools.map((t) => t.name));
  });

  it('is a note for a Block Agent, and an error for a Pinecall class (one method per name)', () => {
    const { doc } = imported(text);
    const duplicate = problemsOf(doc).filter((p) => p.rule.startsWith('tool-name-duplicate'));
    expect(duplicate.map((p) => [p.rule, p.severity])).toEqual([['tool-name-duplicate', 'info']]);
    expect(problemsOf({ ...doc, target: 'pinecall' }).filter((p) => p.rule === 'tool-name-duplicate').map((p) => p.severity)).toEqual(['error']);
    expect(problemsOf({ ...doc, target: 'pipecat' }).filter((p) => p.rule === 'tool-name-duplicate').map((p) => p.severity)).toEqual(['error']);
  });

  it('two different definitions of one name in one block: the later one is still renamed, and says so', () => {
    const oneBlock = text.replace(
      '          name: is_report_fault',
      '          name: caller_intent_not_yet_detected',
    );
    const result = importBlockAgentYaml(oneBlock);
    if (!result.ok) throw new Error('import failed');
    expect(result.doc.tools.map((t) => t.name)).toEqual(['is_book_service', 'caller_intent_not_yet_detected', 'caller_intent_not_yet_detected', 'caller_intent_not_yet_detected_2']);
    expect(result.warnings.map((w) => w.message)).toEqual([expect.stringContaining('defined differently earlier in Repair intent; this one is imported as caller_intent_not_yet_detected_2')]);
  });
});

describe('a tool shared by blocks that list it at different places', () => {
  const tool = (name: string) => [`      - type: function`, `        function:`, `          name: ${name}`, `          description: ${name}.`];
  const block = (id: string, tools: string[]) => [`  - block_id: ${id}`, `    tools:`, ...tools.flatMap(tool), `    turns:`, `      - turn_id: ${id}_t`, `        content: Hi.`];
  // `note` is first in one block and third in the other: first-met order would write it first in both.
  const text = ['blocks:', ...block('one', ['note', 'lookup']), ...block('two', ['ticket', 'finish', 'note', 'lookup']), ''].join('\n');

  it('is written back where each block lists it, with no kept file (the document\'s order keeps both)', () => {
    const { doc } = imported(text);
    expect(doc.tools.map((t) => t.name)).toEqual(['ticket', 'finish', 'note', 'lookup']);
    expect(blockToolNames(exportBlockAgentYaml({ ...doc, preserved: undefined }).text)).toEqual([['note', 'lookup'], ['ticket', 'finish', 'note', 'lookup']]);
  });

  it('keeps the first-met order where two blocks list shared tools in opposite orders (no order keeps both)', () => {
    const opposite = ['blocks:', ...block('one', ['a', 'b']), ...block('two', ['b', 'a']), ''].join('\n');
    expect(imported(opposite).doc.tools.map((t) => t.name)).toEqual(['a', 'b']);
  });
});
