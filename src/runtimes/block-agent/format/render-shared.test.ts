import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { DOCUMENT_FIXTURES, fixtureDocument } from '../../../../test/fixtures/block-agent/fixtures';
import { documentArbitrary, trickyText } from '../../../formats/testing/arbitraries';
import { generateAgent } from '../../../../bench/generate-agent';
import { blockAgentData } from './export';
import type { PlainObject } from './extra';
import { renderProven, renderWhole, renderYaml } from './render';
import { renderSharedTools } from './render-shared';

const HEADER = { header: ' Agent: a Block Agent exported by Callboard' };
const shared = (data: PlainObject) => renderSharedTools(data, HEADER, renderProven);

/** Blocks that offer the same tool entries, as a global tool under every block does. */
function blocksSharing(tools: PlainObject[], blocks = 3): PlainObject {
  return {
    personality: 'p',
    blocks: Array.from({ length: blocks }, (_, i) => ({
      block_id: `b${i}`,
      name: `Block ${i}`,
      tools: [...structuredClone(tools), { type: 'function', function: { name: `own_${i}`, description: 'only here', parameters: { type: 'object', properties: {} } } }],
      turns: [{ turn_id: `t${i}`, name: 'T', content: 'Say hello.' }],
    })),
  };
}

const fn = (name: string, description: string, extra: PlainObject = {}): PlainObject => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties: { day: { type: 'string', description, enum: ['yes', 'no'] } }, required: ['day'] } },
  ...extra,
});

describe('tool entries repeated across blocks, written once', () => {
  it('writes the big generated agent (500 repeated entries) exactly as the whole-file render does', () => {
    const { data } = blockAgentData(generateAgent());
    const text = shared(data);
    expect(text).toBeDefined();
    expect(text).toBe(renderWhole(data, HEADER));
  });

  it.each(DOCUMENT_FIXTURES)('writes %s exactly as the whole-file render does', (name) => {
    const { data } = blockAgentData(fixtureDocument(name));
    expect(renderYaml(data, HEADER)).toBe(renderWhole(data, HEADER));
  });

  it('keeps folded prose, quoted YAML 1.1 words, multi-line text, MCP entries and extras the same', () => {
    const long = 'Look up the caller\'s booking by the reference they read out, and say what was found, in one sentence or two at most.';
    const tools = [
      fn('lookup', long),
      fn('yes', 'on'),
      fn('multi', 'first line\n  indented second\nthird'),
      { type: 'mcp', server_label: 'crm', server_url: 'https://crm.example/mcp', allowed_tools: ['a', 'b'], x_note: { nested: [1, 'two'] } },
    ];
    const data = blocksSharing(tools);
    const text = shared(data);
    expect(text).toBeDefined();
    expect(text).toBe(renderWhole(data, HEADER));
    expect(parse(text!)).toEqual(data);
  });

  it('leaves to the whole-file render what it cannot vouch for', () => {
    // Nothing repeats.
    expect(shared(blocksSharing([], 2))).toBeUndefined();
    // A text ending in a line break (a keep-chomped block depends on what follows it).
    expect(shared(blocksSharing([fn('a', 'ends with a break\n')]))).toBeUndefined();
    // The marker in the agent's own text: the skeleton would not be what was built.
    const marked = blocksSharing([fn('a', 'x')]);
    (marked.blocks as PlainObject[])[0].name = 'callboard-shared-tool-7f3a';
    expect(shared(marked)).toBeUndefined();
    expect(renderYaml(marked, HEADER)).toBe(renderWhole(marked, HEADER));
    // A comment asked for inside a tool entry.
    expect(renderSharedTools(blocksSharing([fn('a', 'x')]), { before: [{ path: ['blocks', 0, 'tools', 0], comment: 'c' }] }, renderProven)).toBeUndefined();
  });

  it('writes any repeated entries as the whole-file render does (property)', () => {
    const entry = fc.record({ name: trickyText(4), description: trickyText(12), value: trickyText(6) })
      .map(({ name, description, value }) => fn(name || 'n', description, { x_value: value }));
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 3 }), fc.integer({ min: 2, max: 4 }), (tools, blocks) => {
        const data = blocksSharing(tools, blocks);
        expect(renderYaml(data, HEADER)).toBe(renderWhole(data, HEADER));
      }),
      { numRuns: 150 },
    );
  });

  it('writes generated Block Agent documents as the whole-file render does (property)', () => {
    fc.assert(
      fc.property(documentArbitrary('block-agent'), (doc) => {
        const { data } = blockAgentData(doc);
        expect(renderYaml(data, HEADER)).toBe(renderWhole(data, HEADER));
      }),
      { numRuns: 60 },
    );
  });
});
