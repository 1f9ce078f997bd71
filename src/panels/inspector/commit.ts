import { useCallback, useEffect, useMemo } from 'react';
import type { AgentDocument } from '../../model';
import type { Outcome } from '../../model/ops';
import { useStoreApi } from '../../store/context';
import type { HistoryMode } from '../../store/types';
import { refusesEdits, READ_ONLY_REFUSAL, VIEWING_REFUSAL } from '../../store/access';
import { deferWrite, flushPendingWrites } from '../../store/pending-writes';

/** What a field's write returns: a new document, or an operation's outcome (which may be refused). */
export type WriteResult = AgentDocument | Outcome;

export const isOutcome = (r: WriteResult): r is Outcome => 'ok' in r && typeof (r as Outcome).ok === 'boolean' && 'doc' in r;

/** The error a write would be refused with, without applying it (a dry run: writes are pure). */
export function refusal(result: WriteResult): string | undefined {
  return isOutcome(result) && !result.ok ? result.error : undefined;
}

/**
 * Every write of the inspector goes through here, and so through `apply`.
 *
 * Undo granularity: a text field writes on every keystroke (so the canvas, the problems and the
 * simulator follow as the user types) with history `gesture`: the first keystroke opens one undo
 * step and the rest fold into it until the field loses focus, where `endGesture()` closes it.
 * One focus session of one field is one undo step, whatever its length. Discrete controls
 * (selects, checkboxes, buttons) write with `push`. Renames are the exception: they commit on
 * blur or Enter with `push`, because a half-typed name may be refused (taken, empty) and a
 * rename rewrites references in code and templates.
 */
export function useCommit() {
  const store = useStoreApi();
  return useCallback(
    (write: (doc: AgentDocument) => WriteResult, history: HistoryMode = 'push'): string | undefined => {
      // A read-only tab or an open version refuses the edit (store/access.ts); the field says why instead of keeping the text.
      const state = store.getState();
      let error: string | undefined = state.viewing ? VIEWING_REFUSAL : refusesEdits(state) ? READ_ONLY_REFUSAL : undefined;
      store.getState().apply((doc) => {
        const result = write(doc);
        if (!isOutcome(result)) return result;
        if (!result.ok) error = result.error;
        return result.doc;
      }, { history });
      return error;
    },
    [store],
  );
}

export function useEndGesture() {
  const store = useStoreApi();
  return useCallback(() => store.getState().endGesture(), [store]);
}

/**
 * A text field's keystroke writes after the frame that paints it (store/pending-writes.ts): `later`
 * queues the write (replacing this field's previous one), `now` applies it at once (blur, Escape).
 * The field must show its own draft meanwhile. A field that unmounts applies what it had.
 */
export function usePendingWrite() {
  const writer = useMemo(() => {
    const owner = {};
    return { later: (write: () => void) => deferWrite(owner, write), now: () => flushPendingWrites(owner) };
  }, []);
  useEffect(() => writer.now, [writer]);
  return writer;
}
