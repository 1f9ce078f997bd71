// Renames follow into conversation tests, which name tools, stages and fields by name.
import { describe, expect, it } from 'vitest';
import type { AgentDocument, ConversationTest } from '../types';
import { renameStage, renameStateField, renameTool } from './rename';
import { frozenSample, schemaErrors } from './testing';

const booking: ConversationTest = {
  name: 'books',
  state: { caller_name: 'Ana', phone: '600' },
  input: ['hi'],
  mocks: { free_slots: [], book: { when: 'Mon' }, end_call: null },
  expect: { tools: ['free_slots', 'book'], not_tools: ['book_other', 'end_call'], stage: 'choose', state: { booking_when: 'Mon', caller_name: 'Ana' } },
};
const other: ConversationTest = { name: 'other', input: [], expect: { says: ['book'], stage: 'choosey' } };
const withTests = (): AgentDocument => ({ ...frozenSample(), tests: [booking, other] });
const ok = (result: { ok: boolean; doc: AgentDocument; error?: string }) => {
  expect(result.error).toBeUndefined();
  expect(schemaErrors(result.doc)).toEqual([]);
  return result.doc.tests!;
};

describe('renames rewrite the tests that name what they rename', () => {
  it('a tool: expect.tools, not_tools and mocks keys (in their order); phrases and other names stay', () => {
    const [t, o] = ok(renameTool(withTests(), 't_book', 'reserve'));
    expect(t.expect.tools).toEqual(['free_slots', 'reserve']);
    expect(t.expect.not_tools).toEqual(['book_other', 'end_call']);
    expect(Object.keys(t.mocks!)).toEqual(['free_slots', 'reserve', 'end_call']);
    expect(t.mocks!.reserve).toEqual({ when: 'Mon' });
    expect(o).toEqual(other);
  });

  it('a tool in not_tools', () => {
    const [t] = ok(renameTool(withTests(), 't_end', 'hang_up'));
    expect(t.expect.not_tools).toEqual(['book_other', 'hang_up']);
    expect(Object.keys(t.mocks!)).toEqual(['free_slots', 'book', 'hang_up']);
  });

  it('a stage: expect.stage when it names the stage exactly', () => {
    const [t, o] = ok(renameStage(withTests(), 's_choose', 'pick'));
    expect(t.expect.stage).toBe('pick');
    expect(o.expect.stage).toBe('choosey');
  });

  it('a state field: the starting state and the expected state keys', () => {
    const [t] = ok(renameStateField(withTests(), 'f_name', 'full_name'));
    expect(t.state).toEqual({ full_name: 'Ana', phone: '600' });
    expect(Object.keys(t.state!)).toEqual(['full_name', 'phone']);
    expect(Object.keys(t.expect.state!)).toEqual(['booking_when', 'full_name']);
  });

  it('a document without tests stays without tests', () => {
    const { tests: _tests, ...withoutTests } = frozenSample();
    const result = renameTool(withoutTests, 't_book', 'reserve');
    expect(result.doc).not.toHaveProperty('tests');
  });
});
