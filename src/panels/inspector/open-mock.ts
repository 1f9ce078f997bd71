// "Give agendaFor a mock answer", from a failed tool row of the chat or the turn inspector: opens
// the tool in the inspector on its Code tab, with that helper's mock answer editor revealed and
// focused (sections/HelperMocks.tsx draws it at this path).
import type { AppStore } from '../../store/create';
import { escapePointer } from './reveal';

/** Where, inside a tool's inspector, the mock answer of `helper` is edited (focus.ts sends it to the Code tab). */
export const helperMockPath = (helper: string): string => `/mocks/${escapePointer(helper)}`;

/** Opens the editor; false when the tool is gone (renamed or deleted since the run). */
export function openHelperMock(store: AppStore, toolName: string, helper: string): boolean {
  const { doc, select } = store.getState();
  const index = doc.tools.findIndex((t) => t.name === toolName);
  if (index < 0) return false;
  select({ kind: 'tool', id: doc.tools[index].id }, { reveal: true, focusPath: `/tools/${index}${helperMockPath(helper)}` });
  return true;
}
