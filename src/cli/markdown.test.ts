import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpan, htmlCode, tableCode } from './markdown';
import { compareMarkdown } from './test-compare-report';
import type { AgentDocument } from '../model';
import { compareRow, type TestSuiteEntry } from '../simulator/conversation-tests';

describe('codeSpan: a name in Markdown is code, read as written', () => {
  it('keeps a name readable: no backslashes, HTML left as text inside the span', () => {
    expect(codeSpan('book_slot')).toBe('`book_slot`');
    expect(codeSpan('greet<!--')).toBe('`greet<!--`');
    expect(codeSpan('*bold* [link](x) #1 @team -->')).toBe('`*bold* [link](x) #1 @team -->`');
  });

  it('fences with one backtick more than the longest run inside, padded where the text starts or ends with a backtick or space', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('x ``` y')).toBe('````x ``` y````');
    expect(codeSpan('`tick')).toBe('`` `tick ``');
    expect(codeSpan(' both ')).toBe('`  both  `');
    expect(codeSpan('   ')).toBe('`   `');
    expect(codeSpan('')).toBe('');
  });

  it('takes a name of 300,000 backtick runs (more than a call takes arguments)', () => {
    expect(codeSpan('`a'.repeat(300_000)).startsWith('`` `a`a')).toBe(true);
  });

  it('stays on one line: a line break in the name is shown, not kept', () => {
    expect(codeSpan('greet\n\n<!--')).toBe('`greet\\n\\n<!--`');
    expect(codeSpan('a\x1b[2K')).toBe('`a\\x1b[2K`');
  });

  it('for any text: one line, and no run of backticks inside as long as the fence (nothing can close it early)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', ' ', 'a', '<', '\n', '|'), maxLength: 30 }), (text) => {
        const span = codeSpan(text);
        if (span === '') return;
        expect(span).not.toContain('\n');
        const fence = /^`+/.exec(span)![0];
        expect(span.endsWith(fence)).toBe(true);
        const inner = span.slice(fence.length, -fence.length);
        expect(Math.max(0, ...[...inner.matchAll(/`+/g)].map((m) => m[0].length))).toBeLessThan(fence.length);
      }),
    );
  });
});

describe('tableCode and htmlCode', () => {
  it('tableCode escapes a pipe so the row keeps its cells; GitHub takes the backslash away inside the cell', () => {
    expect(tableCode('a|b')).toBe('`a\\|b`');
    expect(tableCode('x\\|y')).toBe('`x\\\\|y`');
  });

  it('htmlCode writes entities for markup, on one line', () => {
    expect(htmlCode('greet<!--')).toBe('<code>greet&lt;!--</code>');
    expect(htmlCode('a & "b" -->\n\n</summary>')).toBe('<code>a &amp; &quot;b&quot; --&gt;\\n\\n&lt;/summary&gt;</code>');
  });
});

describe('compareMarkdown (test --compare --markdown)', () => {
  it('writes file and test names as code: a label cannot open a comment', () => {
    const doc = {} as AgentDocument;
    const entry = (passes: number): TestSuiteEntry => ({ test: 'books', runs: [{ passed: passes === 1, expectations: [], ms: 1 } as never], passes, passRate: passes });
    const md = compareMarkdown([compareRow('books', entry(1), entry(0), 1)], [{ label: 'a<!--.yaml', doc }, { label: 'b|c.yaml', doc }], { runs: 1, minPassRate: 1 });
    expect(md).toContain('### Conversation tests: `a<!--.yaml` vs `b|c.yaml`');
    expect(md).toContain('| Test | `a<!--.yaml` | `b\\|c.yaml` | |');
    expect(md).toContain('| `books` |');
  });
});
