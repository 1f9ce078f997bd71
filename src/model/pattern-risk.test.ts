import { describe, expect, it } from 'vitest';
import { backtrackingRisk, MAX_PATTERN_LENGTH } from './pattern-risk';

describe('the screen for patterns the host would run', () => {
  it('lets through the patterns tool schemas use', () => {
    for (const pattern of ['^\\+?[0-9]{7,15}$', '^[A-Z][a-z]+(?: [A-Z][a-z]+)?$', '^\\d{4}-\\d{2}-\\d{2}$', '^(mon|tue|wed)$', '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', '^\\p{L}+$', '(ab){3}', '^(?:\\+\\d{1,3})?\\d{7,12}$']) {
      expect(backtrackingRisk(pattern), pattern).toBeNull();
    }
  });

  it('refuses the shapes of catastrophic backtracking, and says which', () => {
    expect(backtrackingRisk('^(a+)+$')).toMatch(/repeats inside/);
    expect(backtrackingRisk('^((a*))*$')).toMatch(/repeats inside/);
    expect(backtrackingRisk('^(\\w+\\s?)*$')).toMatch(/repeats inside/);
    expect(backtrackingRisk('(x{1,10}){1,10}y')).toMatch(/repeats inside/);
    expect(backtrackingRisk('^(a|ab)*c$')).toMatch(/alternatives/);
    expect(backtrackingRisk('^(a|a)+$')).toMatch(/alternatives/);
    expect(backtrackingRisk('(a)\\1')).toMatch(/backreference/);
    expect(backtrackingRisk('(?<x>a)\\k<x>')).toMatch(/backreference/);
    expect(backtrackingRisk('a'.repeat(MAX_PATTERN_LENGTH + 1))).toMatch(/longer than/);
  });

  it('is not fooled by escapes and classes that look like groups or quantifiers', () => {
    expect(backtrackingRisk('^\\(a+\\)+$')).toBeNull();
    expect(backtrackingRisk('^[(a+)]+$')).toBeNull();
    expect(backtrackingRisk('^(a\\+)+$')).toBeNull();
  });
});
