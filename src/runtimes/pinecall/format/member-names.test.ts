// The rewrites that follow a renamed state field (member-names.ts): on tokens, so a name inside a
// string or a comment, a property of something else, or a call of the class's own method stays.
import { describe, expect, it } from 'vitest';
import { renamePlaceholders, renameStateInExpression, renameStateInWhen, renameThisFields } from './member-names';

const fields = new Map([['log', 'log_value'], ['stage', 'stage_value'], ['__proto__', 'proto']]);

describe('references to a renamed state field', () => {
  it('in a tool body: this.name, not this.name(…), not in strings or comments, not another object\'s', () => {
    expect(renameThisFields('this.log = 1; // this.log\nthis.log("x", "this.log");\nreturn other.this.log + this.stage?.length + this.__proto__;', fields))
      .toBe('this.log_value = 1; // this.log\nthis.log("x", "this.log");\nreturn other.this.log + this.stage_value?.length + this.proto;');
  });

  it('in an expression condition: free names and this.name, not properties or object keys', () => {
    expect(renameStateInExpression('log >= 2 && this.stage === "log" && x.log && { log: 1 }.log', fields))
      .toBe('log_value >= 2 && this.stage_value === "log" && x.log && { log: 1 }.log');
  });

  it('in `when`: members of the predicate\'s parameter, however it is written', () => {
    expect(renameStateInWhen('(s) => s.log > 1 && t.log', fields)).toBe('(s) => s.log_value > 1 && t.log');
    expect(renameStateInWhen('state => state.stage === "a"', fields)).toBe('state => state.stage_value === "a"');
    expect(renameStateInWhen('({ log }) => log', fields)).toBe('({ log }) => log');
  });

  it('in instructions: {{ name }} with its spacing, other names and Jinja left alone', () => {
    expect(renamePlaceholders('{{ log }} {{stage}} {{ note }} {% if log %}', fields)).toBe('{{ log_value }} {{stage_value}} {{ note }} {% if log %}');
  });
});
