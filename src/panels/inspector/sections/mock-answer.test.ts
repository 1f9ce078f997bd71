import { describe, expect, it } from 'vitest';
import { answerText, callOf, readAnswer } from './mock-answer';

describe('readAnswer', () => {
  it('reads any JSON value, falsy ones too', () => {
    for (const [text, value] of [['[]', []], ['{"found": true}', { found: true }], ['"Monday"', 'Monday'], ['0', 0], ['false', false], ['null', null], [' [ {"id": "a"} ]\n', [{ id: 'a' }]]] as const) {
      expect(readAnswer(text, 'agendaFor')).toEqual({ ok: true, value });
    }
  });

  it('says what to write for the common slips', () => {
    const error = (text: string) => {
      const read = readAnswer(text, 'agendaFor');
      return read.ok ? undefined : read.error;
    };
    expect(error('')).toBe('Empty: write the JSON value agendaFor answers (e.g. [] or {"found": true}), or press Clear to remove the mock answer.');
    expect(error('  \n')).toMatch(/^Empty: /);
    expect(error('Monday at nine')).toBe('Not JSON: text needs double quotes: "Monday at nine".');
    expect(error("{'id': 'a'}")).toBe('Not JSON (line 1, column 2): use double quotes (") for text and keys, not single quotes.');
    expect(error('[{id: "mon-9"}]')).toBe('Not JSON (line 1, column 3): keys need double quotes, e.g. {"id": "mon-9"} rather than {id: "mon-9"}.');
    expect(error('[1, 2,]')).toBe('Not JSON: remove the comma before the closing ] or }.');
    expect(error('undefined')).toBe('Not JSON: undefined is not JSON: write null for "no value".');
    expect(error('[{"id": "a"}')).toBe('Not JSON yet: it ends too soon. Close every [ with ], every { with } and every " with ".');
    expect(error('"abc')).toMatch(/^Not JSON yet: it ends too soon/);
    expect(error('[\n  {"id": "a"}\n  {"id": "b"}\n]')).toBe('Not JSON (line 3, column 3): write the value agendaFor answers, e.g. [] or {"found": true}; keys and text in double quotes.');
  });
});

describe('answerText and callOf', () => {
  it('shows objects and lists over lines, scalars on one', () => {
    expect(answerText([{ id: 'a' }])).toBe('[\n  {\n    "id": "a"\n  }\n]');
    expect(answerText('text')).toBe('"text"');
    expect(answerText(null)).toBe('null');
  });

  it('names the call as the code writes it', () => {
    expect(callOf({ helper: 'agendaFor', kind: 'import' })).toBe('agendaFor(…)');
    expect(callOf({ helper: 'knowledge.search', kind: 'world' })).toBe('this.knowledge.search(…)');
  });
});
