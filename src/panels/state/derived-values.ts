// What the state panel shows for one getter (pure, so it is unit-tested): its value, or why it has
// none — still being computed, it threw, it calls something that wants a mock answer, or the step
// could not compute the getters at all (the trace's note says which).
import type { Derived, MockNeed, Session } from '../../simulator/types';

export interface DerivedCell {
  text: string;
  /** Not a value: a placeholder or a reason. */
  muted: boolean;
  title?: string;
}

/** Before the first step: the getters computed for the initial state (null while asked); during a run: the session. */
export type DerivedSource = { kind: 'initial'; derived: Derived | null; error: string | null } | { kind: 'run'; session: Session };

const needText = (needs: MockNeed[]) => `needs a mock answer for ${needs.map((n) => n.helper).join(', ')}`;

/** The notes of the session's last step that say why a getter was left out. */
function whyLeftOut(session: Session, getter: string): string | undefined {
  const notes = session.trace.filter((t): t is Extract<typeof t, { kind: 'note' }> => t.kind === 'note' && t.step === session.turn).map((t) => t.message);
  return notes.find((m) => m.startsWith(`the getter ${getter} `)) ?? notes.find((m) => m.startsWith('the getters were not computed'));
}

export function derivedShown(getter: string, source: DerivedSource): DerivedCell {
  if (source.kind === 'run') {
    const values = source.session.derived ?? {};
    if (Object.hasOwn(values, getter)) return { text: JSON.stringify(values[getter]) ?? 'undefined', muted: false };
    const why = whyLeftOut(source.session, getter);
    return { text: 'not computed', muted: true, title: why ?? 'The last step did not compute this getter.' };
  }
  const { derived, error } = source;
  if (!derived) {
    return error
      ? { text: 'not computed', muted: true, title: `The getters could not be computed: ${error}` }
      : { text: '…', muted: true, title: 'Computing from the initial state…' };
  }
  if (Object.hasOwn(derived.values, getter)) return { text: JSON.stringify(derived.values[getter]) ?? 'undefined', muted: false };
  const needs = derived.needs[getter];
  if (needs?.length) return { text: needText(needs), muted: true, title: derived.errors[getter] };
  if (Object.hasOwn(derived.errors, getter)) return { text: 'threw', muted: true, title: derived.errors[getter] };
  if (derived.failure) return { text: 'not computed', muted: true, title: `The getters were not computed: ${derived.failure}` };
  return { text: 'not computed', muted: true };
}
