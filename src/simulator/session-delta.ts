// A session as what it adds to another. A run's session only grows: each step appends lines,
// changes and trace entries, and its trace keeps every model request whole, so a session of n
// turns holds O(n²) of text. Sent whole to and from the engine's worker on every step and every
// progress report, a 200-turn run spent most of a turn cloning it. A step's result and progress
// are sent instead as what they appended to the session the step started from (which the other
// side holds), and the rest of the session's fields as they are. Pure: the engine's wire
// (src/run/engine-wire.ts) and its tests share it.
import { noteCopy, sharedPrefix } from './append-only';
import type { Session } from './types';

/** The session's fields that only grow, by appending. */
const GROWING = ['transcript', 'changeLog', 'trace'] as const;
type Growing = (typeof GROWING)[number];

export interface SessionPatch {
  /** What each growing list appended after the base's entries. */
  appended: Pick<Session, Growing>;
  /** Every other field, as it is in the new session (a field absent there is absent here). */
  rest: Omit<Session, Growing>;
}

/**
 * What `next` appended to `base`, or null when it does not only append (a list was shortened or an
 * entry replaced): then the whole session must be sent. Entries are compared by identity, so an
 * entry changed in place would be missed — the engine never does that (sessions are immutable
 * values: session.ts copies the lists before appending).
 */
export function sessionPatch(base: Session, next: Session): SessionPatch | null {
  // `next` must start with every entry of `base`, the same objects in the same places.
  for (const key of GROWING) if (sharedPrefix<unknown>(next[key], base[key]) < base[key].length) return null;
  const { transcript, changeLog, trace, ...rest } = next;
  return {
    appended: {
      transcript: transcript.slice(base.transcript.length),
      changeLog: changeLog.slice(base.changeLog.length),
      trace: trace.slice(base.trace.length),
    },
    rest,
  };
}

/**
 * The session `patch` was made from: `base`'s entries (the same objects) followed by the appended
 * ones. A list the step did not append to is `base`'s own array (sessions never change a list in
 * place), so a view keyed on it, the change log on a step that wrote nothing, stays as it was; a
 * list appended to is noted as a copy of `base`'s, so what reads it on from where it stopped
 * (append-only.ts: the pii values seen) compares only the new entries.
 */
export function applySessionPatch(base: Session, patch: SessionPatch): Session {
  return {
    ...patch.rest,
    transcript: appended(base.transcript, patch.appended.transcript),
    changeLog: appended(base.changeLog, patch.appended.changeLog),
    trace: appended(base.trace, patch.appended.trace),
  };
}

function appended<T>(base: T[], more: readonly T[]): T[] {
  if (more.length === 0) return base;
  const list = [...base, ...more];
  noteCopy(list, base);
  return list;
}
