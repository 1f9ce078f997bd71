import { useMemo, useRef } from 'react';
import type { AgentDocument } from '../model';
import { piiNames } from '../model/pii';
import { knownPiiValues, piiMasker, type PiiMasker } from '../simulator/pii-mask';
import type { Session } from '../simulator/types';

interface Kept {
  names: string;
  known: string[];
  mask: PiiMasker;
}

/**
 * The masker of what a session shows (sessionMasker), kept the same object while what it masks by
 * is the same: the document's pii names and the values the run saw under them. Every step makes a
 * new session, but seldom a new pii value: rows memoised on the masker (the change log's, the
 * state panel's) then stay as they were, and a row whose masking did change is drawn again.
 */
export function useSessionMasker(doc: AgentDocument, session: Session | null): PiiMasker {
  const kept = useRef<Kept | null>(null);
  return useMemo(() => {
    const names = JSON.stringify([...piiNames(doc)]);
    const known = knownPiiValues(doc, session);
    const before = kept.current;
    if (before && before.names === names && before.known.length === known.length && before.known.every((v, i) => v === known[i])) return before.mask;
    const mask = piiMasker(doc, known);
    kept.current = { names, known, mask };
    return mask;
  }, [doc, session]);
}
