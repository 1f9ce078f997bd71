// Errors that teach (issue 33): a class that is a scaffold whose placeholders nobody filled in
// (an unfilled `pinecall new` template) is said to be one, first, at its first placeholder — not
// only a score of syntax errors that each point elsewhere.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importPinecallTs } from './import';

const fixture = (path: string) => readFileSync(new URL(`../../../../test/fixtures/pinecall/${path}`, import.meta.url), 'utf8');

describe('an unfilled template', () => {
  it('is named first, at its first placeholder, with every placeholder; the syntax errors follow', () => {
    const text = fixture('syntax-errors/unfilled-template.tsx');
    const read = importPinecallTs(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const [first, ...rest] = read.errors;
    expect(first.message).toBe('this file looks like a template with its placeholders not filled in ({{persona}}, {{ClassName}}, {{stages}}, {{firstStage}} and 2 more): write each one\'s value (the class name, the stages, …), or make the agent with `pinecall new <name>`; the syntax errors after this one follow from them');
    expect(text.split('\n')[first.line - 1].slice(first.column - 1)).toMatch(/^\{\{persona\}\}/);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('is not said of a class whose only braces are in strings or whose errors are elsewhere', () => {
    const good = fixture('goldens/minimal.tsx');
    const withText = good.replace('hang up.', 'hang up. Say {{ caller }} politely.');
    expect(importPinecallTs(withText).ok).toBe(true);
    const broken = good.replace(/\}\s*$/, '') + '\n// {{ note }} in a comment far from the error\n';
    const read = importPinecallTs(broken);
    expect(read.ok ? [] : read.errors.map((e) => e.message).filter((m) => /template/.test(m))).toEqual([]);
  });
});
