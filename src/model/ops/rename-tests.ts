// Conversation tests name tools, stages and state fields by name (they are files a person writes),
// so a rename rewrites them too; otherwise renaming `book` would quietly fail every booking test.
import type { Draft } from 'immer';
import type { AgentDocument, ConversationTest } from '../types';

/** Renames a key keeping the keys' order, so a saved golden diffs as one changed line. */
function renameKey<T>(record: Record<string, T>, old: string, next: string): Record<string, T> {
  if (!Object.hasOwn(record, old)) return record;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === old ? next : key, value]));
}

const each = (draft: Draft<AgentDocument>, change: (test: Draft<ConversationTest>) => void) => {
  for (const test of draft.tests ?? []) change(test);
};

export function renameToolInTests(draft: Draft<AgentDocument>, old: string, next: string): void {
  const swap = (names: string[] | undefined) => names?.map((n) => (n === old ? next : n));
  each(draft, (test) => {
    if (test.expect.tools) test.expect.tools = swap(test.expect.tools);
    if (test.expect.not_tools) test.expect.not_tools = swap(test.expect.not_tools);
    if (test.mocks) test.mocks = renameKey(test.mocks, old, next);
    for (const turn of test.model ?? []) for (const call of turn.tools ?? []) if (call.name === old) call.name = next;
  });
}

export function renameStageInTests(draft: Draft<AgentDocument>, old: string, next: string): void {
  each(draft, (test) => {
    if (test.expect.stage === old) test.expect.stage = next;
    if (test.start?.stage === old) test.start.stage = next;
  });
}

/** Both the state a test starts from and the state it expects. */
export function renameStateFieldInTests(draft: Draft<AgentDocument>, old: string, next: string): void {
  each(draft, (test) => {
    if (test.state) test.state = renameKey(test.state, old, next);
    if (test.start?.state) test.start.state = renameKey(test.start.state, old, next);
    if (test.expect.state) test.expect.state = renameKey(test.expect.state, old, next);
  });
}
