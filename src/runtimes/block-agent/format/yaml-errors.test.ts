// Hand-written files with the usual YAML slips: each error says where, shows the line, and says what to write.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/fixtures/block-agent/fixtures';
import { importBlockAgentYaml } from './import';

const failure = (name: string) => {
  const result = importBlockAgentYaml(readFixture(name));
  if (result.ok) throw new Error(`expected ${name} to fail`);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0].message).not.toContain('\n');
  return result;
};

describe('YAML syntax errors that say what to write', () => {
  it('an apostrophe inside single quotes: write it twice, or use double quotes, with the line shown', () => {
    const { errors, blocksTheRest } = failure('syntax-errors/apostrophe.yaml');
    expect(errors[0]).toMatchObject({ line: 8, column: 32 });
    expect(errors[0].message).not.toMatch(/Unexpected scalar/);
    expect(errors[0].message).toContain(`write the apostrophe twice: content: 'Tell them it''s done'`);
    expect(errors[0].message).toContain(`double quotes: content: "Tell them it's done"`);
    expect(errors[0].message).toContain(`(line 8: content: 'Tell them it's done')`);
    expect(blocksTheRest).toBe(true);
  });

  it('the corrected line it offers reads back as the text that was meant', () => {
    const { errors } = failure('syntax-errors/apostrophe.yaml');
    const fixed = /twice: (content: '.*?'(?=\s—))/.exec(errors[0].message)![1];
    const text = readFixture('syntax-errors/apostrophe.yaml').replace(`content: 'Tell them it's done'`, fixed);
    const result = importBlockAgentYaml(text);
    expect(result.ok && result.doc.stages[0].instructions).toBe("Tell them it's done");
  });

  it('a key without its colon: write key, colon, space, value', () => {
    const { errors } = failure('syntax-errors/missing-colon.yaml');
    expect(errors[0]).toMatchObject({ line: 4, column: 5 });
    expect(errors[0].message).not.toMatch(/Implicit keys/);
    expect(errors[0].message).toContain('no colon after its key');
    expect(errors[0].message).toContain('then the value: name: Take the order (line 4: name Take the order)');
  });

  it('a double quote never closed: points at where it opens, not at the end of the file', () => {
    const { errors } = failure('syntax-errors/unclosed-quote.yaml');
    expect(errors[0]).toMatchObject({ line: 1, column: 14 });
    expect(errors[0].message).toMatch(/^the text in double quotes that opens on line 1, column 14 is never closed; end it with " on the same line/);
    expect(errors[0].message).toContain('(line 1: personality: "You book tables for a small restaurant.)');
  });

  it('a single quote never closed says how to write an apostrophe inside', () => {
    const text = "personality: 'You book tables.\nblocks: []\n";
    const result = importBlockAgentYaml(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ line: 1, column: 14 });
    expect(result.errors[0].message).toContain("end it with ' on the same line (an apostrophe inside it is written twice: '')");
  });

  it('a [ never closed: points at the bracket and says to close it or write one item a line', () => {
    const { errors } = failure('syntax-errors/unclosed-bracket.yaml');
    expect(errors[0]).toMatchObject({ line: 7, column: 16 });
    expect(errors[0].message).not.toMatch(/sufficiently indented/);
    expect(errors[0].message).toMatch(/^the list in \[ \] that opens on line 7, column 16 is never closed; end it with \] on its line, or write one item a line under the key \("- item"\) instead \(line 7: edges: \[/);
  });

  it('a { never closed likewise', () => {
    const result = importBlockAgentYaml('personality: x\nllm_settings: {temperature: 1\nblocks: []\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ line: 2, column: 15 });
    expect(result.errors[0].message).toMatch(/^the map in \{ \} that opens on line 2, column 15 is never closed; end it with \}/);
  });

  it('a tab: re-indent with spaces, with the line shown', () => {
    const { errors, fix } = failure('syntax-errors/tab.yaml');
    expect(errors[0]).toMatchObject({ line: 5, column: 1 });
    expect(errors[0].message).toMatch(/indented with a tab.*re-indent it with spaces.*\(line 5: - turn_id: ask_card\)$/);
    expect(fix).toBeDefined();
  });
});
