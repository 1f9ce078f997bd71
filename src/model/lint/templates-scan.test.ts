import { describe, expect, it } from 'vitest';
import { lintAs } from './rule-cases';
import { placeholderNames } from './templates';

describe('the template scan', () => {
  it('reads the variable of each {{ … }}, as the regex it replaces did', () => {
    expect(placeholderNames('{{ a }}{{b}} {{- c -}} {{ d.e | title }} {{ "x" }} {{ secret:KEY }} {{ loop.index }} {{{ f }}}')).toEqual(['a', 'b', 'c', 'd']);
    expect(placeholderNames('{{ a }} then {{ b')).toEqual(['a']);
    expect(placeholderNames('{{}}}} {{ g }}')).toEqual(['g']);
  });

  it('lints 400 KB of unclosed {{ in linear time (the lazy regex took 15 s), and still finds the placeholders around it', () => {
    const flood = '{{'.repeat(200_000);
    const problems = lintAs('pinecall', (d) => {
      d.persona = `{{ nobody }} ${flood}`;
      d.stages[0].instructions = `${'{{ x'.repeat(100_000)}`;
    });
    expect(problems.filter((p) => p.rule === 'template-unknown-name').map((p) => [p.path, p.message.slice(0, 20)])).toEqual([['/persona', '{{ nobody }} names n']]);
  }, 10_000);
});
